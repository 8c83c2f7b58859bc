import { LOCALES, localePath } from '@oasis/shared/i18n/locales';
import { PRIVATE_PATHS } from '~/components/layout/private-paths';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const base = context.publicConfig.siteUrl.replace(/\/$/, '');
  const body = [
    'User-agent: *',
    'Allow: /',
    // Each private path in every language (`/login`, `/ar/login`…; docs/i18n.md).
    ...LOCALES.flatMap((locale) => PRIVATE_PATHS.map((path) => `Disallow: ${localePath(locale, path)}`)),
    'Disallow: /api',
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
