import { data } from 'react-router';
import { headContext, notFoundHead } from '~/lib/seo';
import type { Route } from './+types/not-found';
import { NotFoundContent } from './sections/page-error';
import { ISLANDS_PAGE } from '~/islands/island';

/** Any unknown path: the page below, with status 404. */
export async function loader({ context }: Route.LoaderArgs) {
  return data({ head: notFoundHead(await headContext(context), 'Page not found') }, { status: 404 });
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function NotFound() {
  return (
    <NotFoundContent
      title="Page not found"
      message="The page you are looking for does not exist or has moved. These links should help you find your way."
      action={{ to: '/courses', label: 'Browse courses' }}
    />
  );
}
