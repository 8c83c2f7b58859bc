/**
 * The sitemap protocol's documents (sitemaps.org): a site of more than URLS_PER_SITEMAP addresses
 * answers `/sitemap.xml` with a `<sitemapindex>` that points at its parts, `/sitemap.xml?page=1`,
 * `?page=2`…, each a `<urlset>` of up to that many URLs. The protocol allows 50,000 a part; 5,000
 * keeps each document under a megabyte, so making one again after a change (a page cache miss)
 * stays within a public page's budget (docs/benchmarks.md: 22,000 addresses in one document cost a
 * miss 150 ms of CPU).
 */
export const URLS_PER_SITEMAP = 5_000;

export interface SitemapEntry {
  path: string;
  lastmod?: string;
  priority: string;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The newest of some ISO dates (they sort as text). An array, not arguments: there may be millions. */
export function latest(dates: (string | undefined)[]): string | undefined {
  let newest: string | undefined;
  for (const date of dates) if (date && (!newest || date > newest)) newest = date;
  return newest;
}

/** A lastmod element, left out for dates never set (the epoch stands for 'unknown'). */
function lastmodTag(date: string | undefined): string {
  return date && !date.startsWith('1970-') ? `<lastmod>${xmlEscape(date)}</lastmod>` : '';
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

/**
 * Each entry's `<url>` line, made once: entries are kept while their course or post is unchanged
 * (routes/public/sitemap.ts), so a sitemap made again after an unrelated change only joins lines.
 */
const lines = new WeakMap<SitemapEntry, { base: string; line: string }>();

function urlLine(entry: SitemapEntry, base: string): string {
  const kept = lines.get(entry);
  if (kept?.base === base) return kept.line;
  const line = `<url><loc>${xmlEscape(`${base}${entry.path}`)}</loc>${lastmodTag(entry.lastmod)}<priority>${entry.priority}</priority></url>`;
  lines.set(entry, { base, line });
  return line;
}

function urlset(entries: SitemapEntry[], base: string): string {
  const urls = entries.map((e) => urlLine(e, base)).join('\n');
  return `${XML_HEAD}<urlset ${NS}>\n${urls}\n</urlset>\n`;
}

/**
 * The document for `/sitemap.xml` (`page` null) or one of its parts: every entry in one `<urlset>`
 * while they fit, else an index of the parts. Null for a part that does not exist (a 404).
 */
export function sitemapDocument(
  entries: SitemapEntry[],
  base: string,
  page: string | null,
  perFile = URLS_PER_SITEMAP,
): string | null {
  const parts = Math.max(1, Math.ceil(entries.length / perFile));
  if (page === null) {
    if (parts === 1) return keptDocument(`${base} all`, entries, () => urlset(entries, base));
    return keptDocument(`${base} index ${perFile}`, entries, () => {
      const index = Array.from({ length: parts }, (_, i) => {
        const slice = entries.slice(i * perFile, (i + 1) * perFile);
        const loc = xmlEscape(`${base}/sitemap.xml?page=${i + 1}`);
        return `<sitemap><loc>${loc}</loc>${lastmodTag(latest(slice.map((e) => e.lastmod)))}</sitemap>`;
      }).join('\n');
      return `${XML_HEAD}<sitemapindex ${NS}>\n${index}\n</sitemapindex>\n`;
    });
  }
  // Only the plain spelling of a part number: one address per part.
  if (!/^[1-9][0-9]{0,6}$/.test(page) || parts === 1) return null;
  const n = Number(page);
  if (n > parts) return null;
  const slice = entries.slice((n - 1) * perFile, n * perFile);
  return keptDocument(`${base} ${n} ${perFile}`, slice, () => urlset(slice, base));
}

/**
 * The latest document made for each part (and for the index), with the entries it was made from:
 * made again only when one of them is not the same entry. Entries are kept while their course or
 * post is unchanged (routes/public/sitemap.ts), so after a change of the hero, or of one post, the
 * parts it does not touch are answered as they were instead of 5,000 lines joined again.
 */
const documents = new Map<string, { entries: SitemapEntry[]; text: string }>();

/** Parts kept at most (a site has a handful; tests make sitemaps of their own at other addresses). */
const MAX_KEPT_DOCUMENTS = 100;

export function keptDocument(key: string, entries: SitemapEntry[], make: () => string): string {
  const kept = documents.get(key);
  if (kept && kept.entries.length === entries.length && kept.entries.every((entry, i) => entry === entries[i])) {
    return kept.text;
  }
  const text = make();
  if (documents.size >= MAX_KEPT_DOCUMENTS && !kept) documents.clear();
  documents.set(key, { entries, text });
  return text;
}
