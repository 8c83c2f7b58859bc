import type { Route } from './+types/robots';

/** Paths that are private, per visitor, or not pages at all: crawlers stay out. */
const DISALLOW = [
  '/admin',
  '/profile',
  '/enrolledCourse',
  '/watch',
  '/checkout',
  '/success',
  '/cancel',
  '/login',
  '/forgot-password',
  '/reset-password',
  '/oauth-success',
  '/api',
];

export function loader({ context }: Route.LoaderArgs) {
  const base = context.publicConfig.siteUrl.replace(/\/$/, '');
  const body = [
    'User-agent: *',
    'Allow: /',
    ...DISALLOW.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
