import { catalogRange } from '@oasis/shared/format';
import { CATALOG_MESSAGES } from '@oasis/shared/catalog-messages';
import { messagesFor, translateText } from '@oasis/shared/i18n/catalogue';
import { plural } from '@oasis/shared/i18n/define';
import type { Locale } from '@oasis/shared/i18n/locales';
import { stripLocale } from '@oasis/shared/i18n/locales';
import { COURSE_SORTS, type CourseSort } from '@oasis/shared/limits';
import { type ReactNode, useEffect, useRef } from 'react';
import { useNavigation } from 'react-router';
import { Link } from '~/components/page-link';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { Island, ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/courses';
import { CourseCard } from './sections/course-card';
import { CATALOGUE_PARAMS } from '@oasis/shared/public-pages';
import { type CatalogState, catalogHref, DEFAULT_SORT, isSort, MAX_QUERY } from './sections/catalog';
import { CatalogueSearch } from './sections/catalogue-search';
import { toCourseCard } from './sections/course-teaser';

/** Search, sort and page all come from the URL, so any result can be shared and Back works. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const q = (url.searchParams.get(CATALOGUE_PARAMS.q) ?? '').trim().slice(0, MAX_QUERY);
  const sortParam = url.searchParams.get(CATALOGUE_PARAMS.sort);
  const sort = isSort(sortParam) ? sortParam : DEFAULT_SORT;
  const requested = Number.parseInt(url.searchParams.get(CATALOGUE_PARAMS.page) ?? '1', 10);
  // One page's cards, searched and sorted by the read model: a render thread is sent that page
  // rather than the whole catalogue after each change of it (docs/decisions/018-render-threads.md).
  const [root, { courses, total, page, pageCount }] = await Promise.all([
    headContext(context),
    context.site.cataloguePage({ q, sort, page: requested }),
  ]);
  const t = messagesFor(context.locale).catalogue;
  return {
    q,
    sort,
    page,
    pageCount,
    total,
    summary: resultSummary(page, total, context.locale),
    // The sort choices travel as data: the page's code need not carry the LIMITS table.
    sorts: Object.keys(COURSE_SORTS) as CourseSort[],
    courses: courses.map((course) => toCourseCard(course, context.locale, root.settings.enrolmentThreshold)),
    head: buildHead(root, {
      title: t.metaTitle,
      description: t.metaDescription,
      path: '/courses',
      // Searches, sorts and later pages point to the catalogue itself and stay out of indexes.
      noindex: Boolean(q || sort !== DEFAULT_SORT || page > 1),
    }),
  };
}

/** 'Showing 1–9 of 12 results' or 'No results found' (docs/product.md#catalogue), in the page's language. */
function resultSummary(page: number, total: number, locale: Locale): string {
  const range = catalogRange(page, total);
  if (!range) return translateText(CATALOG_MESSAGES.noResults, locale);
  return plural(messagesFor(locale).catalogue.showing, range.total, locale, { from: range.from, to: range.to });
}

/** `template` with the `{name}` in it replaced by `node` (markup inside a translated sentence). */
function withNode(template: string, name: string, node: ReactNode): ReactNode {
  const [before, after = ''] = template.split(`{${name}}`);
  return (
    <>
      {before}
      {node}
      {after}
    </>
  );
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Courses({ loaderData }: Route.ComponentProps) {
  const { q, sort, page, pageCount, summary, sorts, courses } = loaderData;
  const { t, tr, fmt, lp } = useI18n();
  const navigation = useNavigation();
  const busy = navigation.state === 'loading' && stripLocale(navigation.location?.pathname ?? '') === '/courses';
  const results = useRef<HTMLDivElement>(null);
  const lastPage = useRef(page);

  // Paging keeps the scroll position (no jump to the top of the page) but brings the new
  // results into view and moves focus to their summary for keyboard and screen-reader users.
  useEffect(() => {
    if (lastPage.current === page) return;
    lastPage.current = page;
    const el = results.current;
    if (!el) return;
    if (el.getBoundingClientRect().top < 0) el.scrollIntoView({ block: 'start' });
    el.focus({ preventScroll: true });
  }, [page]);

  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.catalogue.eyebrow} title={t.catalogue.title} lead={t.catalogue.lead}>
        <search className="mt-10 block max-w-3xl rounded-2xl bg-white p-3 shadow-xl">
          <Island name="catalogueSearch" component={CatalogueSearch} props={{ q, sort, sorts }} />
        </search>
      </PageHeader>

      <section aria-labelledby="results-heading" className="bg-brand-sand/60 py-14 sm:py-20">
        <div className="wrap">
          <div
            ref={results}
            tabIndex={-1}
            className="flex flex-wrap items-baseline justify-between gap-4 border-b border-slate-200 pb-5"
          >
            <h2 id="results-heading" className="sr-only">
              {t.catalogue.results}
            </h2>
            <p role="status" className="text-lg font-medium text-slate-800">
              {summary}
            </p>
            {q && (
              <p className="text-slate-700">
                {withNode(
                  t.catalogue.resultsFor,
                  'query',
                  <strong className="text-brand-green">{fmt(t.catalogue.quoted, { query: q })}</strong>,
                )}{' '}
                <Link
                  to={lp(catalogHref({ q: '', sort, page: 1 }))}
                  preventScrollReset
                  className="ms-2 rounded-sm font-semibold text-brand-green underline decoration-brand-yellow decoration-2 underline-offset-4"
                >
                  {t.catalogue.clearSearch}
                </Link>
              </p>
            )}
          </div>

          {courses.length === 0 ? (
            <div className="mx-auto mt-12 max-w-xl rounded-2xl border border-dashed border-brand-green/30 bg-white px-6 py-12 text-center">
              <p className="text-lg text-slate-700">{tr(CATALOG_MESSAGES.noCoursesMatching)}</p>
              {q && (
                <Link to={lp('/courses')} className={buttonClass('outline', 'md', 'mt-6')}>
                  {t.catalogue.seeAll}
                </Link>
              )}
            </div>
          ) : (
            <ul
              aria-busy={busy}
              className={`mt-10 grid gap-8 transition-opacity sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
            >
              {courses.map((course, index) => (
                <li key={course.key}>
                  <CourseCard course={course} eager={index < 3} priority={index === 0} />
                </li>
              ))}
            </ul>
          )}

          {pageCount > 1 && <Pagination q={q} sort={sort} page={page} pageCount={pageCount} />}
        </div>
      </section>
    </main>
  );
}

function Pagination({ q, sort, page, pageCount }: CatalogState & { pageCount: number }) {
  const { t, lp } = useI18n();
  const href = (n: number) => lp(catalogHref({ q, sort, page: n }));
  // 'Page 2' to screen readers, the number alone on screen.
  const [before, after = ''] = t.catalogue.page.split('{number}');
  const pageLabel = (n: number) => (
    <>
      {before && <span className="sr-only">{before}</span>}
      {n}
      {after && <span className="sr-only">{after}</span>}
    </>
  );
  const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
  const base =
    'inline-flex h-11 min-w-11 items-center justify-center gap-1.5 rounded-full px-3 font-semibold transition-colors';
  const idle = `${base} border border-slate-300 bg-white text-brand-green hover:border-brand-green`;
  const disabled = `${base} border border-slate-200 bg-white/60 text-slate-500`;
  return (
    <nav aria-label={t.catalogue.pagination} className="mt-14 flex flex-wrap items-center justify-center gap-2">
      {page > 1 ? (
        <Link to={href(page - 1)} preventScrollReset rel="prev" className={`${idle} px-4`}>
          <Icon name="arrow-left" className="h-4 w-4" />
          {t.catalogue.previous}
        </Link>
      ) : (
        <span aria-disabled="true" className={`${disabled} px-4`}>
          <Icon name="arrow-left" className="h-4 w-4" />
          {t.catalogue.previous}
        </span>
      )}
      <ul className="flex flex-wrap items-center gap-2">
        {pages.map((n) => (
          <li key={n}>
            {n === page ? (
              <span aria-current="page" className={`${base} bg-brand-green text-white`}>
                {pageLabel(n)}
              </span>
            ) : (
              <Link to={href(n)} preventScrollReset className={idle}>
                {pageLabel(n)}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {page < pageCount ? (
        <Link to={href(page + 1)} preventScrollReset rel="next" className={`${idle} px-4`}>
          {t.catalogue.next}
          <Icon name="arrow-right" className="h-4 w-4" />
        </Link>
      ) : (
        <span aria-disabled="true" className={`${disabled} px-4`}>
          {t.catalogue.next}
          <Icon name="arrow-right" className="h-4 w-4" />
        </span>
      )}
    </nav>
  );
}

/** The catalogue could not be loaded (docs/product.md#catalogue): the message replaces the list, with a retry. */
export function ErrorBoundary() {
  const { t, tr, lp } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        eyebrow={t.catalogue.eyebrow}
        title={t.catalogue.title}
        lead={tr(CATALOG_MESSAGES.failedToLoadCourses)}
      >
        <a href={lp('/courses')} className={buttonClass('primary', 'md', 'mt-8')}>
          {t.common.retry}
        </a>
      </PageHeader>
    </main>
  );
}
