import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useMatches,
  useRouteLoaderData,
} from 'react-router';
import type { IslandsScript } from '@oasis/shared/contracts';
import { LIMITS } from '@oasis/shared/limits';
import type { Route } from './+types/root';
import { Footer, type FooterData, footerData } from './components/layout/footer';
import { type NavLimits, Navbar } from './components/layout/navbar';
import { isPrivatePath } from './components/layout/private-paths';
import { DeferredToaster } from './components/ui/deferred-toaster';
import { Island } from './islands/island';
import { AuthProvider } from './lib/auth';
import type { RootData } from './lib/seo';
import './app.css';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/** Paths without the top navigation (/consult, admin) or the footer (admin): docs/product.md#navigation-and-footer. */
function layoutFor(pathname: string) {
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  const consult = pathname === '/consult' || pathname.startsWith('/consult/');
  return { showNav: !admin && !consult, showFooter: !admin, consult, admin };
}

/** Site settings (brand and contact details), the public site URL and the navigation's thresholds, for every page. */
export async function loader({
  context,
}: Route.LoaderArgs): Promise<RootData & { nav: NavLimits; footer: FooterData; islands?: IslandsScript }> {
  const settings = await context.site.settings();
  const { publicConfig } = context;
  // The navigation's thresholds and the footer's links travel as data: every page's code is smaller.
  const nav = {
    solidAfterPx: LIMITS.navSolidAfterPx,
    hideAfterPx: LIMITS.navHideAfterPx,
    mobileBreakpointPx: LIMITS.mobileBreakpointPx,
  };
  return {
    settings,
    siteUrl: publicConfig.siteUrl,
    publicConfig,
    nav,
    footer: footerData(settings),
    islands: context.islands,
  };
}

/** Settings change rarely: reload them after a form submission only, not on every navigation. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod && formMethod !== 'GET' ? defaultShouldRevalidate : false;

/**
 * The islands script when this server render is a public page (its route's `handle` says
 * `islands: true`) and the build has one: such a page is not hydrated as a React app, only its
 * marked parts are (docs/decisions/013-public-pages-as-islands.md). In the browser the React app is
 * running, so the answer there is always none.
 */
function useIslandsScript(): IslandsScript | undefined {
  const matches = useMatches();
  const root = useRouteLoaderData<typeof loader>('root');
  if (typeof document !== 'undefined') return undefined;
  const islandsPage = matches.some((match) => (match.handle as { islands?: boolean } | undefined)?.islands);
  return islandsPage ? root?.islands : undefined;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const islands = useIslandsScript();
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d2e" />
        <Meta />
        <Links />
        {islands?.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        {children}
        {islands ? (
          <script type="module" src={islands.entry} />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const { settings, nav, footer } = loaderData;
  const { showNav, showFooter, consult, admin } = layoutFor(pathname);
  return (
    <AuthProvider>
      {!admin && (
        <a
          href="#main"
          className="sr-only z-[100] rounded-md bg-brand-yellow px-4 py-3 font-semibold text-brand-green-dark focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Skip to main content
        </a>
      )}
      {showNav && <Island name="navbar" component={Navbar} props={{ brandName: settings.brandName, limits: nav }} />}
      <Outlet />
      {showFooter && <Footer settings={settings} links={footer} showBrandSite={consult} />}
      <Island name="toaster" component={DeferredToaster} props={{ now: admin || isPrivatePath(pathname) }} />
    </AuthProvider>
  );
}

/** Only reached when the root itself fails (e.g. the database is down): a plain page that still helps. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? 'Page not found' : 'Something went wrong';
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-sand px-6 py-24">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-lg text-center">
        <h1 className=" font-display text-4xl font-semibold text-brand-green">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">
          {notFound
            ? 'The page you are looking for does not exist or has moved.'
            : 'We could not load this page just now. Please try again in a moment.'}
        </p>
        <a href="/" className="btn btn-secondary btn-md mt-8">
          Back to home
        </a>
      </div>
    </main>
  );
}
