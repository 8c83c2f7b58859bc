import type { SiteSettings } from '@oasis/shared/api';
import type { PublicConfig } from '@oasis/shared/contracts';
import { DEFAULT_LOCALE, type Locale, LOCALE_INFO, LOCALES, localePath } from '@oasis/shared/i18n/locales';
import type { MetaDescriptor } from 'react-router';

/** What the root loader hands every page (see root.tsx). */
export interface RootData {
  settings: SiteSettings;
  siteUrl: string;
  /** The browser-safe configuration (Google sign-in on/off, payment provider). */
  publicConfig: PublicConfig;
  /** The page's language (docs/i18n.md). */
  locale: Locale;
}

/** The social-sharing image used where a page has none of its own (1200 × 630). */
export const DEFAULT_SHARE_IMAGE = { path: '/og-default.jpg', width: 1200, height: 630 };

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The root loader's data from a meta function's `matches` (absent only if the root loader failed). */
export function rootData(matches: ReadonlyArray<MatchLike | undefined>): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root');
  return root?.loaderData as RootData | undefined;
}

/** `https://site/path` from a path or an already absolute URL. */
export function absoluteUrl(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl.replace(/\/$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

export interface SeoInput {
  /** The page's own title; the brand name is appended unless `fullTitle` is set. */
  title: string;
  fullTitle?: boolean;
  description: string;
  /**
   * Canonical path in English, e.g. '/courses/introduction-to-off-plan': the page's own address is
   * it in the page's language, and each language's is listed as an alternate (`hreflang`).
   */
  path: string;
  /** Share image (path or absolute URL) with its size when known. */
  image?: { url: string; width?: number; height?: number; alt?: string } | null;
  type?: 'website' | 'article';
  /** Structured data blocks (schema.org). */
  jsonLd?: object[];
  noindex?: boolean;
}

/**
 * The full head of a public page: title, description, canonical link, Open Graph, Twitter card
 * and JSON-LD, all with absolute URLs. For a `meta` export; pages with a loader build it there
 * with `buildHead` instead, which keeps this code out of the browser bundle.
 */
export function seo(matches: ReadonlyArray<MatchLike | undefined>, input: SeoInput): MetaDescriptor[] {
  return buildHead(rootData(matches), input);
}

/** What `buildHead` needs, read in a loader from the load context. */
export async function headContext(context: {
  site: { settings(): Promise<SiteSettings> };
  publicConfig: PublicConfig;
  locale: Locale;
}): Promise<RootData> {
  return {
    settings: await context.site.settings(),
    siteUrl: context.publicConfig.siteUrl,
    publicConfig: context.publicConfig,
    locale: context.locale,
  };
}

/** `hreflang` links to the page in every language, and `x-default` to the English. */
export function alternateLinks(siteUrl: string, path: string): MetaDescriptor[] {
  return [
    ...LOCALES.map((locale) => ({
      tagName: 'link',
      rel: 'alternate',
      hrefLang: LOCALE_INFO[locale].lang,
      href: absoluteUrl(siteUrl, localePath(locale, path)),
    })),
    {
      tagName: 'link',
      rel: 'alternate',
      hrefLang: 'x-default',
      href: absoluteUrl(siteUrl, localePath(DEFAULT_LOCALE, path)),
    },
  ];
}

/** The page head from the site settings and URL (see `seo`). */
export function buildHead(root: RootData | undefined, input: SeoInput): MetaDescriptor[] {
  const siteUrl = root?.siteUrl ?? '';
  const brand = root?.settings.brandName ?? '';
  const title = input.fullTitle || !brand ? input.title : `${input.title} | ${brand}`;
  const locale = root?.locale ?? DEFAULT_LOCALE;
  const canonical = absoluteUrl(siteUrl, localePath(locale, input.path));
  const image = input.image ?? {
    url: DEFAULT_SHARE_IMAGE.path,
    width: DEFAULT_SHARE_IMAGE.width,
    height: DEFAULT_SHARE_IMAGE.height,
    alt: brand,
  };
  const imageUrl = absoluteUrl(siteUrl, image.url);
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: input.description },
    { tagName: 'link', rel: 'canonical', href: canonical },
    // A page kept out of search engines lists no other language for them either.
    ...(input.noindex ? [] : alternateLinks(siteUrl, input.path)),
    { property: 'og:type', content: input.type ?? 'website' },
    { property: 'og:site_name', content: brand },
    { property: 'og:title', content: input.title },
    { property: 'og:description', content: input.description },
    { property: 'og:url', content: canonical },
    { property: 'og:locale', content: LOCALE_INFO[locale].ogLocale },
    ...LOCALES.filter((other) => other !== locale).map((other) => ({
      property: 'og:locale:alternate',
      content: LOCALE_INFO[other].ogLocale,
    })),
    { property: 'og:image', content: imageUrl },
    { name: 'twitter:card', content: 'summary_large_image' },
    { name: 'twitter:title', content: input.title },
    { name: 'twitter:description', content: input.description },
    { name: 'twitter:image', content: imageUrl },
  ];
  if (image.width && image.height) {
    tags.push(
      { property: 'og:image:width', content: String(image.width) },
      { property: 'og:image:height', content: String(image.height) },
    );
  }
  if (image.alt) {
    tags.push({ property: 'og:image:alt', content: image.alt }, { name: 'twitter:image:alt', content: image.alt });
  }
  if (input.noindex) tags.push({ name: 'robots', content: 'noindex' });
  for (const block of input.jsonLd ?? []) tags.push({ 'script:ld+json': block });
  return tags;
}

/** Head tags for pages that answer 404: a title and `noindex`, nothing to share. */
export function notFoundMeta(matches: ReadonlyArray<MatchLike | undefined>, title: string): MetaDescriptor[] {
  return notFoundHead(rootData(matches), title);
}

export function notFoundHead(root: RootData | undefined, title: string): MetaDescriptor[] {
  const brand = root?.settings.brandName;
  return [{ title: brand ? `${title} | ${brand}` : title }, { name: 'robots', content: 'noindex' }];
}

/** schema.org Organization for the brand, from the site settings. */
export function organizationLd(settings: SiteSettings, siteUrl: string): object {
  const sameAs = Object.values(settings.social).filter((url) => /^https?:\/\/[^/]+\/.+/.test(url));
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    '@id': `${absoluteUrl(siteUrl, '/')}#organization`,
    name: settings.brandName,
    url: absoluteUrl(siteUrl, '/'),
    logo: absoluteUrl(siteUrl, '/logo-dark.svg'),
    email: settings.email,
    telephone: settings.phone,
    address: { '@type': 'PostalAddress', streetAddress: settings.address, addressCountry: 'AE' },
    ...(sameAs.length ? { sameAs } : {}),
  };
}

/** A reference to the Organization, for `provider`/`publisher` fields. */
export function organizationRef(settings: SiteSettings, siteUrl: string): object {
  return { '@type': 'Organization', name: settings.brandName, url: absoluteUrl(siteUrl, '/') };
}
