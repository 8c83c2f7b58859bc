import common from '@oasis/shared/i18n/ns/common';
import { isRouteErrorResponse, type MetaDescriptor, useLocation } from 'react-router';
import { Link } from '~/components/page-link';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { type I18n, useI18n } from '~/lib/i18n';
import { rootData } from '~/lib/seo';

interface NotFoundProps {
  title: string;
  message: string;
  /** The most useful next step, e.g. back to the catalogue (`to` in the page's language: `lp()`). */
  action?: { to: string; label: string };
}

/** The body of a page that answers 404, inside the normal navigation and footer. */
export function NotFoundContent({ title, message, action }: NotFoundProps) {
  const { t, lp } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.notFound.eyebrow} title={title} lead={message} />
      <section className="bg-white py-16">
        <div className="wrap flex flex-wrap gap-4">
          {action && (
            <Link to={action.to} className={buttonClass('secondary')}>
              {action.label}
            </Link>
          )}
          <Link to={lp('/')} className={buttonClass('outline')}>
            {t.common.backToHome}
          </Link>
          <Link to={lp('/contact')} className={buttonClass('ghost')}>
            {t.notFound.contactMe}
          </Link>
        </div>
      </section>
    </main>
  );
}

/** A route's error boundary: 404s get the page's not-found text, anything else a calm retry. */
interface RouteErrorProps {
  error: unknown;
  notFound: NotFoundProps;
  /** What to say when loading failed for another reason. */
  failure?: { title: string; message: string };
}

export function RouteError({ error, notFound, failure }: RouteErrorProps) {
  const { pathname, search } = useLocation();
  const { t, lp } = useI18n();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent {...notFound} />;
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader title={failure?.title ?? t.common.errorTitle} lead={failure?.message ?? t.notFound.failureText} />
      <section className="bg-white py-16">
        <div className="wrap flex flex-wrap gap-4">
          <a href={`${pathname}${search}`} className={buttonClass('secondary')}>
            {t.common.retry}
          </a>
          <Link to={lp('/')} className={buttonClass('outline')}>
            {t.common.backToHome}
          </Link>
        </div>
      </section>
    </main>
  );
}

/** What a page's error boundary says; `title` is the 404 title when the loader gave none. */
interface PageErrorTexts extends Omit<NotFoundProps, 'title'> {
  title?: string;
  failure?: RouteErrorProps['failure'];
}

/** The error boundary of a page whose loader may answer 404, from the page's texts. */
export function pageErrorBoundary(texts: (i18n: I18n) => PageErrorTexts) {
  return function ErrorBoundary({ error }: { error: unknown }) {
    const { title, failure, ...notFound } = texts(useI18n());
    return <RouteError error={error} notFound={{ title: errorTitle(error, title), ...notFound }} failure={failure} />;
  };
}

/**
 * Head tags for a route that failed: a 404 thrown as `data({ head }, { status: 404 })` carries its
 * own (built on the server); anything else gets a plain title in the page's language (from the
 * root's data in `matches`), kept out of search results.
 */
export function headFromError(error: unknown, matches: Parameters<typeof rootData>[0] = []): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'head' in error.data) {
    return error.data.head as MetaDescriptor[];
  }
  const locale = rootData(matches)?.locale ?? 'en';
  return [{ title: common[locale].errorTitle ?? common.en.errorTitle }, { name: 'robots', content: 'noindex' }];
}

/**
 * The title a loader put in its 404 (`data({ title, head }, { status: 404 })`), so pages need no
 * copy of it; `fallback` (the page's 'Page not found') otherwise.
 */
export function errorTitle(error: unknown, fallback: string = common.en.pageNotFound): string {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'title' in error.data) {
    return String(error.data.title);
  }
  return fallback;
}
