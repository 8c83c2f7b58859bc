import { PRIVATE_PATHS } from '~/components/layout/private-paths';
import type { Route } from './+types/robots';

export function loader({ context }: Route.LoaderArgs) {
  const base = context.publicConfig.siteUrl.replace(/\/$/, '');
  const body = [
    'User-agent: *',
    'Allow: /',
    ...[...PRIVATE_PATHS, '/api'].map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${base}/sitemap.xml`,
    '',
  ].join('\n');
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
}
