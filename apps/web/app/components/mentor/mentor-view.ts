import type { Mentor, SiteSettings } from '@oasis/shared/api';
import { inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import type { Image } from '@oasis/shared/media';
import { type FocalPoint, MENTOR_SOCIAL_KEYS } from '@oasis/shared/selling';

/** A text of the owner's in the page's language, with the attributes its element needs (`inLocale`). */
export type MentorText = ReturnType<typeof inLocale>;

/**
 * The mentor as a page in `locale` shows them: each text in that language (else the English),
 * credentials from the Arabic list on Arabic pages when it has any, the story '' when blank (the
 * page then shows its own). Made in loaders: components stay free of the rules.
 */
export interface MentorView {
  name: MentorText;
  jobTitle: MentorText;
  bio: MentorText;
  credentials: { items: string[]; attrs: MentorText['attrs'] };
  story: MentorText;
  portrait: Image | null;
  portraitFocus: FocalPoint;
  /** The links set, in a fixed order. */
  social: { key: (typeof MENTOR_SOCIAL_KEYS)[number]; url: string }[];
}

export function mentorView(mentor: Mentor, locale: Locale): MentorView {
  const arabicCredentials = locale === 'ar' && mentor.credentialsAr.length > 0;
  const credentials = inLocale(locale, 'x', arabicCredentials ? 'x' : '');
  const story = inLocale(locale, mentor.aboutHtml, mentor.aboutHtmlAr);
  return {
    name: inLocale(locale, mentor.name, mentor.nameAr),
    jobTitle: inLocale(locale, mentor.jobTitle, mentor.jobTitleAr),
    bio: inLocale(locale, mentor.bio, mentor.bioAr),
    credentials: {
      items: arabicCredentials ? mentor.credentialsAr : mentor.credentials,
      attrs: credentials.attrs,
    },
    story: hasText(story.text) ? story : { text: '', attrs: {} },
    portrait: mentor.portrait,
    portraitFocus: mentor.portraitFocus,
    social: MENTOR_SOCIAL_KEYS.flatMap((key) => {
      const url = mentor.social[key];
      return url ? [{ key, url }] : [];
    }),
  };
}

function hasText(html: string): boolean {
  return /<img\s/i.test(html) || html.replace(/<[^>]*>/g, '').trim().length > 0;
}

/**
 * schema.org `Person` for the mentor (the About page): who they are, what they hold, where else
 * they are found, and the Organization they work for (the one the home page describes).
 */
export function personLd(view: MentorView, settings: SiteSettings, siteUrl: string): object {
  const origin = `${siteUrl.replace(/\/$/, '')}`;
  const absolute = (path: string) => (/^https?:\/\//i.test(path) ? path : `${origin}${path}`);
  return {
    '@context': 'https://schema.org',
    '@type': 'Person',
    '@id': `${origin}/about#person`,
    name: view.name.text,
    url: `${origin}/about`,
    ...(view.jobTitle.text && { jobTitle: view.jobTitle.text }),
    ...(view.bio.text && { description: view.bio.text }),
    ...(view.portrait && { image: absolute(view.portrait.url) }),
    ...(view.social.length > 0 && { sameAs: view.social.map((link) => link.url) }),
    ...(view.credentials.items.length > 0 && {
      hasCredential: view.credentials.items.map((name) => ({ '@type': 'EducationalOccupationalCredential', name })),
    }),
    worksFor: {
      '@type': 'Organization',
      '@id': `${origin}/#organization`,
      name: settings.brandName,
      url: `${origin}/`,
    },
  };
}
