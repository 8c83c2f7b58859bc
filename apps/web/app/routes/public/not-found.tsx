import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { data } from 'react-router';
import { ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { headContext, notFoundHead } from '~/lib/seo';
import type { Route } from './+types/not-found';
import { NotFoundContent } from './sections/page-error';

/** Any unknown path: the page below, with status 404. */
export async function loader({ context }: Route.LoaderArgs) {
  const title = messagesFor(context.locale).common.pageNotFound;
  return data({ head: notFoundHead(await headContext(context), title) }, { status: 404 });
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function NotFound() {
  const { t, lp } = useI18n();
  return (
    <NotFoundContent
      title={t.common.pageNotFound}
      message={t.notFound.pageText}
      action={{ to: lp('/courses'), label: t.notFound.browseCourses }}
    />
  );
}
