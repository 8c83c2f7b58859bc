import type { Route } from './+types/sitemap';
import { PRIVACY_EFFECTIVE_DATE } from './sections/privacy-content';

interface Entry {
  path: string;
  lastmod?: string;
  priority: string;
}

function xmlEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function latest(...dates: (string | undefined)[]): string | undefined {
  const known = dates.filter((d): d is string => Boolean(d)).sort();
  return known[known.length - 1];
}

/** `/sitemap.xml`: the public pages, every course and every blog post, with their last change. */
export async function loader({ context }: Route.LoaderArgs) {
  const { site, publicConfig } = context;
  const [courses, blogs, hero, intro] = await Promise.all([site.courses(), site.blogs(), site.hero(), site.intro()]);
  const newestCourse = latest(...courses.map((c) => c.updatedAt));
  const newestBlog = latest(...blogs.map((b) => b.updatedAt));
  const entries: Entry[] = [
    { path: '/', lastmod: latest(hero.updatedAt, intro.updatedAt, newestCourse), priority: '1.0' },
    { path: '/about', priority: '0.8' },
    { path: '/why-dubai', lastmod: newestBlog, priority: '0.8' },
    { path: '/courses', lastmod: newestCourse, priority: '0.9' },
    { path: '/contact', priority: '0.6' },
    { path: '/consult', priority: '0.7' },
    { path: '/privacy-policy', lastmod: PRIVACY_EFFECTIVE_DATE, priority: '0.2' },
    ...courses.map((c) => ({ path: `/courses/${c.slug}`, lastmod: c.updatedAt, priority: '0.8' })),
    ...blogs.map((b) => ({ path: `/blogs/${b.slug}`, lastmod: b.updatedAt, priority: '0.6' })),
  ];
  const base = publicConfig.siteUrl.replace(/\/$/, '');
  const urls = entries
    .map((e) => {
      const lastmod = e.lastmod && !e.lastmod.startsWith('1970-') ? `<lastmod>${xmlEscape(e.lastmod)}</lastmod>` : '';
      return `<url><loc>${xmlEscape(`${base}${e.path}`)}</loc>${lastmod}<priority>${e.priority}</priority></url>`;
    })
    .join('\n');
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8' } });
}
