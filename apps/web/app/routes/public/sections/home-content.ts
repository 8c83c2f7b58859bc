import type { Hero, Intro } from '@oasis/shared/api';
import type { Messages } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import { PLACEHOLDER_IMAGE } from '@oasis/shared/limits';
import type { Image } from '@oasis/shared/media';
import { CENTRE, type FocalPoint } from '@oasis/shared/selling';
import type { IconName } from '~/components/ui/icons';

/** The home page's texts (the `home` namespace, in the page's language). */
export type HomeTexts = Messages['home'];

/**
 * The services: an icon and the keys of its title and text in `home`. Read by the loader, so the
 * words travel as data, not as JavaScript.
 */
const SERVICES = [
  { icon: 'users', text: 'mentorship' },
  { icon: 'compass', text: 'guidance' },
  { icon: 'chart', text: 'insights' },
  { icon: 'bank', text: 'financing' },
  { icon: 'passport', text: 'goldenVisa' },
  { icon: 'graduation', text: 'training' },
] as const satisfies readonly { icon: IconName; text: string }[];

export interface Service {
  icon: IconName;
  title: string;
  text: string;
}

export function services(t: HomeTexts): Service[] {
  return SERVICES.map(({ icon, text }) => ({ icon, title: t[`${text}Title`], text: t[`${text}Text`] }));
}

/** A text of the owner's in the page's language, and the attributes its element needs (`inLocale`). */
export type ContentText = ReturnType<typeof inLocale>;

export interface HeroView {
  title: ContentText;
  subtitle: ContentText;
  image: Image | null;
  /** Where the image's subject is: the crop keeps it in view. */
  imageFocus: FocalPoint;
}

export interface IntroView {
  /** The small line over the heading; null when the heading already says it. */
  eyebrow: string | null;
  heading: ContentText;
  subheading: ContentText;
  paragraph1: ContentText;
  paragraph2: ContentText;
  image: Image | null;
  imageFocus: FocalPoint;
  /** Shown when there is no image. */
  fallbackImage: string;
}

/**
 * A field of the owner's in `locale` (the Arabic, else the English); when both are empty, the
 * page's own wording (`fallback`, already in the page's language).
 */
function shown(locale: Locale, english: string | undefined, arabic: string | undefined, fallback: string): ContentText {
  const text = inLocale(locale, english?.trim() ?? '', arabic?.trim());
  return text.text ? text : { text: fallback, attrs: {} };
}

/** Whether `heading` already holds every word of `line` ('Meet your mentor' over 'Meet Your … Mentor'). */
function repeats(heading: string, line: string): boolean {
  const words = (text: string) =>
    text
      .toLocaleLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
  const inHeading = new Set(words(heading));
  const wanted = words(line);
  return wanted.length > 0 && wanted.every((word) => inHeading.has(word));
}

/** The hero as shown in `locale`: empty texts replaced by the fallback wording. */
export function heroView(hero: Hero | null, t: HomeTexts, locale: Locale = 'en'): HeroView {
  return {
    title: shown(locale, hero?.title, hero?.titleAr, t.heroFallbackTitle),
    subtitle: shown(locale, hero?.subtitle, hero?.subtitleAr, t.heroFallbackSubtitle),
    image: hero?.image ?? null,
    imageFocus: hero?.imageFocus ?? CENTRE,
  };
}

export function introView(intro: Intro | null, t: HomeTexts, locale: Locale = 'en'): IntroView {
  const heading = shown(locale, intro?.heading, intro?.headingAr, t.introFallbackHeading);
  return {
    eyebrow: repeats(heading.text, t.introEyebrow) ? null : t.introEyebrow,
    heading,
    subheading: shown(locale, intro?.subheading, intro?.subheadingAr, t.introFallbackSubheading),
    paragraph1: shown(locale, intro?.paragraph1, intro?.paragraph1Ar, t.introFallbackParagraph1),
    paragraph2: shown(locale, intro?.paragraph2, intro?.paragraph2Ar, t.introFallbackParagraph2),
    image: intro?.image ?? null,
    imageFocus: intro?.imageFocus ?? CENTRE,
    fallbackImage: PLACEHOLDER_IMAGE,
  };
}
