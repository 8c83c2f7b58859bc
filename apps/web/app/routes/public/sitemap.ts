import type { PublicSiteData, SitemapList } from '@oasis/shared/contracts';
import { LOCALES, localePath } from '@oasis/shared/i18n/locales';
import { SITEMAP_PARAMS } from '@oasis/shared/public-pages';
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
  const xml = sitemapDocument(entries, base, new URL(request.url).searchParams.get(SITEMAP_PARAMS.page));
  if (xml === null) throw new Response('Not found', { status: 404 });
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}

/**
 * The list, kept while what it was made from stays the same objects (the read model keeps them
 * until they change, and so does a render thread's copy of each read): the index, each of its
 * parts, and every miss of the page cache after an unrelated change reuse it. A change of the
 * hero or intro makes only the pages' few entries again, a change of the catalogue only the
 * courses' entries. One per `site` (a server has one; tests make several).
 */
const lists = new WeakMap<PublicSiteData, { from: readonly object[]; entries: SitemapEntry[] }>();

export async function sitemapEntries(site: PublicSiteData): Promise<SitemapEntry[]> {
  const [courses, blogs, hero, intro] = await Promise.all([
    site.sitemapCourses(),
    site.sitemapBlogs(),
    site.hero(),
    site.intro(),
  ]);
  const from = [courses, blogs, hero, intro];
  const kept = lists.get(site);
  if (kept?.from.every((value, i) => value === from[i])) return kept.entries;
  const newestCourse = latest(courses.items.map((c) => c.updatedAt));
  const pages: SitemapEntry[] = [
    { path: '/', lastmod: latest([hero.updatedAt, intro.updatedAt, newestCourse]), priority: '1.0' },
    { path: '/about', priority: '0.8' },
    { path: '/why-dubai', lastmod: latest(blogs.items.map((b) => b.updatedAt)), priority: '0.8' },
    { path: '/courses', lastmod: newestCourse, priority: '0.9' },
    { path: '/contact', priority: '0.6' },
    { path: '/consult', priority: '0.7' },
    { path: '/privacy-policy', lastmod: PRIVACY_EFFECTIVE_DATE, priority: '0.2' },
  ];
  const entries = pages
    .flatMap(inEveryLanguage)
    .concat(itemEntries(site, 'courses', courses), itemEntries(site, 'blogs', blogs));
  lists.set(site, { from, entries });
  return entries;
}

type ItemKind = 'courses' | 'blogs';

/**
 * Per `site` and kind, the entries of the latest list of items, and each item's entries by slug,
 * kept while its last change stays the same, so that their lines are not made again (sitemap-xml.ts
 * keeps a line per entry). By slug, not by object: a render thread gets new copies of a list after
 * it changed.
 */
const keptItems = new WeakMap<
  PublicSiteData,
  Partial<Record<ItemKind, { list: SitemapList; entries: SitemapEntry[]; bySlug: Map<string, SitemapEntry[]> }>>
>();

function itemEntries(site: PublicSiteData, kind: ItemKind, list: SitemapList): SitemapEntry[] {
  let kinds = keptItems.get(site);
  if (!kinds) {
    kinds = {};
    keptItems.set(site, kinds);
  }
  const kept = kinds[kind];
  if (kept?.list === list) return kept.entries;
  const priority = kind === 'courses' ? '0.8' : '0.6';
  const entries: SitemapEntry[] = [];
  const bySlug = new Map<string, SitemapEntry[]>();
  for (const item of list.items) {
    let mine = kept?.bySlug.get(item.slug);
    if (mine?.[0]?.lastmod !== item.updatedAt) {
      mine = inEveryLanguage({ path: `/${kind}/${item.slug}`, lastmod: item.updatedAt, priority });
    }
    bySlug.set(item.slug, mine);
    for (const entry of mine) entries.push(entry);
  }
  kinds[kind] = { list, entries, bySlug };
  return entries;
}

/**
 * A page at its address in each language. The languages' alternates are in each page's head
 * (`hreflang`), not repeated here: with them a site of 10,000 posts had a sitemap of 10 MB.
 */
function inEveryLanguage(entry: SitemapEntry): SitemapEntry[] {
  return LOCALES.map((locale) => ({ ...entry, path: localePath(locale, entry.path) }));
}
