import { isRouteErrorResponse, Link, type MetaDescriptor, useLocation } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';

interface NotFoundProps {
  title: string;
  message: string;
  /** The most useful next step, e.g. back to the catalogue. */
  action?: { to: string; label: string };
}

/** The body of a page that answers 404, inside the normal navigation and footer. */
export function NotFoundContent({ title, message, action }: NotFoundProps) {
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow="Error 404" title={title} lead={message} />
      <section className="bg-white py-16">
        <div className="wrap flex flex-wrap gap-4">
          {action && (
            <Link to={action.to} className={buttonClass('secondary')}>
              {action.label}
            </Link>
          )}
          <Link to="/" className={buttonClass('outline')}>
            Back to home
          </Link>
          <Link to="/contact" className={buttonClass('ghost')}>
            Contact me
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
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundContent {...notFound} />;
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        title={failure?.title ?? 'Something went wrong'}
        lead={failure?.message ?? 'This page could not be loaded just now. Please try again in a moment.'}
      />
      <section className="bg-white py-16">
        <div className="wrap flex flex-wrap gap-4">
          <a href={`${pathname}${search}`} className={buttonClass('secondary')}>
            Try again
          </a>
          <Link to="/" className={buttonClass('outline')}>
            Back to home
          </Link>
        </div>
      </section>
    </main>
  );
}

/**
 * Head tags for a route that failed: a 404 thrown as `data({ head }, { status: 404 })` carries its
 * own (built on the server); anything else gets a plain title, kept out of search results.
 */
export function headFromError(error: unknown): MetaDescriptor[] {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'head' in error.data) {
    return error.data.head as MetaDescriptor[];
  }
  return [{ title: 'Something went wrong' }, { name: 'robots', content: 'noindex' }];
}

/** The title a loader put in its 404 (`data({ title, head }, { status: 404 })`), so pages need no copy of it. */
export function errorTitle(error: unknown): string {
  if (isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'title' in error.data) {
    return String(error.data.title);
  }
  return 'Page not found';
}
