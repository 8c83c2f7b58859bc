import type { PublicSiteData, SitemapItem } from '@oasis/shared/contracts';
import { LOCALES, localePath } from '@oasis/shared/i18n/locales';
import type { Route } from './+types/sitemap';
import { PRIVACY_EFFECTIVE_DATE } from './sections/privacy-content';
import { latest, type SitemapEntry, sitemapDocument } from './sections/sitemap-xml';

/**
 * `/sitemap.xml`: the public pages, every course and every blog post, with their last change, in
 * each language (`/…` and `/ar/…`; docs/i18n.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const { site, publicConfig } = context;
  const entries = await sitemapEntries(site);
  const base = publicConfig.siteUrl.replace(/\/$/, '');
  const xml = sitemapDocument(entries, base, new URL(request.url).searchParams.get('page'));
  if (xml === null) throw new Response('Not found', { status: 404 });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}

/**
 * The list, built once per version of the content (`site.version()`): the index and each of its
 * parts, and every miss of the page cache after a change that is not the sitemap's, reuse it.
 * One per `site` (a server has one; tests make several).
 */
const lists = new WeakMap<PublicSiteData, { version: number; entries: Promise<SitemapEntry[]> }>();

export function sitemapEntries(site: PublicSiteData): Promise<SitemapEntry[]> {
  const version = site.version?.();
  if (version === undefined) return buildEntries(site);
  const kept = lists.get(site);
  if (kept?.version === version) return kept.entries;
  const entries = buildEntries(site);
  const made = { version, entries };
  lists.set(site, made);
  // Forgotten if the content changed while it was read (it may mix two versions) or the build failed.
  const forget = () => {
    if (lists.get(site) === made) lists.delete(site);
  };
  entries.then(() => {
    if (site.version?.() !== version) forget();
  }, forget);
  return entries;
}

async function buildEntries(site: PublicSiteData): Promise<SitemapEntry[]> {
  const [{ courses, blogs }, hero, intro] = await Promise.all([site.sitemapItems(), site.hero(), site.intro()]);
  const newestCourse = latest(courses.map((c) => c.updatedAt));
  const newestBlog = latest(blogs.map((b) => b.updatedAt));
  const pages: SitemapEntry[] = [
    { path: '/', lastmod: latest([hero.updatedAt, intro.updatedAt, newestCourse]), priority: '1.0' },
    { path: '/about', priority: '0.8' },
    { path: '/why-dubai', lastmod: newestBlog, priority: '0.8' },
    { path: '/courses', lastmod: newestCourse, priority: '0.9' },
    { path: '/contact', priority: '0.6' },
    { path: '/consult', priority: '0.7' },
    { path: '/privacy-policy', lastmod: PRIVACY_EFFECTIVE_DATE, priority: '0.2' },
  ];
  const kept = itemEntries;
  const next = new Map<string, ItemEntries>();
  const entriesOf = (item: SitemapItem, path: string, priority: string): SitemapEntry[] => {
    let entries = kept.get(path);
    if (entries?.lastmod !== item.updatedAt) {
      entries = { lastmod: item.updatedAt, entries: inEveryLanguage({ path, lastmod: item.updatedAt, priority }) };
    }
    next.set(path, entries);
    return entries.entries;
  };
  const list = [
    ...pages.flatMap(inEveryLanguage),
    ...courses.flatMap((c) => entriesOf(c, `/courses/${c.slug}`, '0.8')),
    ...blogs.flatMap((b) => entriesOf(b, `/blogs/${b.slug}`, '0.6')),
  ];
  itemEntries = next;
  return list;
}

/**
 * A page at its address in each language. The languages' alternates are in each page's head
 * (`hreflang`), not repeated here: with them a site of 10,000 posts had a sitemap of 10 MB.
 */
function inEveryLanguage(entry: SitemapEntry): SitemapEntry[] {
  return LOCALES.map((locale) => ({ ...entry, path: localePath(locale, entry.path) }));
}

interface ItemEntries {
  lastmod: string;
  entries: SitemapEntry[];
}

/**
 * Each course's and post's entries by address, kept while its last change stays the same, so their
 * lines are not made again (sitemap-xml.ts keeps a line per entry). By address, not by object: a
 * render thread gets new copies of the items after every change. Each list made replaces it, so it
 * holds the pages of the latest list only.
 */
let itemEntries = new Map<string, ItemEntries>();
