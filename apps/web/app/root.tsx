import { useContext } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  type ShouldRevalidateFunction,
  useLocation,
  useRouteLoaderData,
} from 'react-router';
import type { IslandsScript } from '@oasis/shared/contracts';
import { clientMessages, errorTexts, systemDictionary } from '@oasis/shared/i18n/catalogue';
import { LOCALE_INFO, localeFromPath, localePath, stripLocale } from '@oasis/shared/i18n/locales';
import common from '@oasis/shared/i18n/ns/common';
import { LIMITS } from '@oasis/shared/limits';
import type { Route } from './+types/root';
import { Footer, type FooterData, footerData } from './components/layout/footer';
import { type NavLimits, Navbar } from './components/layout/navbar';
import { isPrivatePath } from './components/layout/private-paths';
import { WhatsappButton } from './components/layout/whatsapp-button';
import { DeferredToaster } from './components/ui/deferred-toaster';
import { ICON_SYMBOLS } from './components/ui/icon-sprite';
import { Island, useIslandsScript } from './islands/island';
import { isIslandsPath } from './islands/paths';
import { ISLAND_NAMESPACES, ISLAND_SYSTEM_NAMESPACES } from './islands/namespaces';
import { AuthProvider } from './lib/auth';
import { I18nProvider, type I18nValue, type RootI18n, useI18n, useRootI18n } from './lib/i18n';
import { InlineStyles } from './lib/inline-styles';
import type { RootData } from './lib/seo';
// Learner, sign-in and admin pages link every class of the app; public pages carry their own,
// smaller sheet inline (public.css, lib/inline-styles.ts).
import fullCss from './full.css?url';
// Arabic pages only: the font's stylesheet and its regular weight, linked in Layout (never on English pages).
import arabicCss from './arabic.css?url';
import arabicFont from '@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-400-normal.woff2?url';
// English pages: the headline face (app.css), one variable file for every weight.
import displayFont from '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2?url';

export const links: Route.LinksFunction = () => [{ rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' }];

/**
 * The admin area has neither the top navigation nor the footer (docs/product.md#navigation-and-footer).
 * /consult keeps both: a visitor landing there needs the menu and the language switch like anywhere else.
 */
function layoutFor(localePathname: string) {
  const pathname = stripLocale(localePathname);
  const admin = pathname === '/admin' || pathname.startsWith('/admin/');
  const consult = pathname === '/consult' || pathname.startsWith('/consult/');
  return { showNav: !admin, showFooter: !admin, consult, admin };
}

/** Site settings (brand and contact details), the public site URL and the navigation's thresholds, for every page. */
export async function loader({
  context,
  request,
}: Route.LoaderArgs): Promise<
  RootData & { nav: NavLimits; footer: FooterData; islands?: IslandsScript; i18n: RootI18n }
> {
  const settings = await context.site.settings();
  // The page's language from its address (`/ar/…`); only that language's texts travel.
  const { pathname } = new URL(request.url);
  const locale = localeFromPath(pathname);
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
    locale,
    // Islands pages render their texts from the server's catalogues (useRootI18n); only pages the
    // React app hydrates carry them.
    i18n:
      context.islands && isIslandsPath(pathname)
        ? { locale, currency: settings.arabicCurrency }
        : {
            locale,
            messages: clientMessages(locale),
            dictionary: systemDictionary(locale),
            errors: errorTexts(locale),
            currency: settings.arabicCurrency,
          },
  };
}

/**
 * Settings change rarely: reload them after a form submission only, not on every navigation, and
 * when the page's language changes (its texts come with them).
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  defaultShouldRevalidate,
  currentUrl,
  nextUrl,
}) =>
  (formMethod && formMethod !== 'GET') || localeFromPath(currentUrl.pathname) !== localeFromPath(nextUrl.pathname)
    ? defaultShouldRevalidate
    : false;

const EMPTY_ROOT_I18N: RootI18n = { locale: 'en', messages: {}, dictionary: {}, errors: {} };

/**
 * The texts the islands of this public page use, as data for islands/main.ts (only the page's
 * language, only the islands' namespaces). `<` is escaped so that no text can end the element.
 */
function IslandsI18n() {
  const root = useRouteLoaderData<typeof loader>('root');
  const i18n = useRootI18n(root?.i18n ?? EMPTY_ROOT_I18N);
  if (!root) return null;
  return (
    <script
      type="application/json"
      id="oasis-i18n"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON data, `<` escaped; not a script
      dangerouslySetInnerHTML={{ __html: islandsTextsJson(i18n) }}
    />
  );
}

/** Made once per language's texts and currency label: the same on every page of that language. */
const islandsTexts = new WeakMap<object, Map<string, string>>();
function islandsTextsJson(i18n: I18nValue): string {
  let byCurrency = islandsTexts.get(i18n.messages);
  if (!byCurrency) {
    byCurrency = new Map();
    islandsTexts.set(i18n.messages, byCurrency);
  }
  let json = byCurrency.get(i18n.currency ?? '');
  if (json === undefined) {
    const data: I18nValue = {
      locale: i18n.locale,
      messages: Object.fromEntries(ISLAND_NAMESPACES.map((name) => [name, i18n.messages[name]])),
      dictionary: systemDictionary(i18n.locale, ISLAND_SYSTEM_NAMESPACES),
      errors: errorTexts(i18n.locale, ISLAND_SYSTEM_NAMESPACES),
      currency: i18n.currency,
    };
    json = JSON.stringify(data).replace(/</g, '\\u003c');
    byCurrency.set(i18n.currency ?? '', json);
  }
  return json;
}

export function Layout({ children }: { children: React.ReactNode }) {
  const islands = useIslandsScript();
  const inlineStyles = useContext(InlineStyles);
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const { lang, dir } = LOCALE_INFO[locale];
  return (
    <html lang={lang} dir={dir}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b3d2e" />
        <Meta />
        {inlineStyles ? (
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, no visitor's text
          <style dangerouslySetInnerHTML={{ __html: inlineStyles.public }} />
        ) : (
          <link rel="stylesheet" href={fullCss} />
        )}
        <Links />
        {locale === 'ar' ? (
          <>
            <link rel="preload" as="font" type="font/woff2" href={arabicFont} crossOrigin="anonymous" />
            {inlineStyles ? (
              // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own stylesheet, no visitor's text
              <style dangerouslySetInnerHTML={{ __html: inlineStyles.arabic }} />
            ) : (
              <link rel="stylesheet" href={arabicCss} />
            )}
          </>
        ) : (
          <link rel="preload" as="font" type="font/woff2" href={displayFont} crossOrigin="anonymous" />
        )}
        {islands?.preload.map((href) => (
          <link key={href} rel="modulepreload" href={href} />
        ))}
      </head>
      <body className="min-h-screen bg-white font-sans text-slate-900 antialiased">
        <svg
          aria-hidden="true"
          width="0"
          height="0"
          className="absolute"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: the build's own drawings, no visitor's text
          dangerouslySetInnerHTML={{ __html: ICON_SYMBOLS }}
        />
        {children}
        {islands ? (
          <>
            <IslandsI18n />
            <script type="module" src={islands.entry} />
          </>
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
  const i18n = useRootI18n(loaderData.i18n);
  const { showNav, showFooter, consult, admin } = layoutFor(pathname);
  return (
    <I18nProvider value={i18n}>
      <AuthProvider>
        {!admin && <SkipLink />}
        {showNav && <Island name="navbar" component={Navbar} props={{ brandName: settings.brandName, limits: nav }} />}
        <Outlet />
        {showFooter && <Footer settings={settings} links={footer} showBrandSite={consult} />}
        {showFooter && settings.whatsappNumber && !isPrivatePath(pathname) && <WhatsappButton />}
        <Island
          name="toaster"
          component={DeferredToaster}
          props={{ now: admin || isPrivatePath(stripLocale(pathname)) }}
        />
      </AuthProvider>
    </I18nProvider>
  );
}

function SkipLink() {
  const { t } = useI18n();
  return (
    <a
      href="#main"
      className="sr-only z-[100] rounded-md bg-brand-yellow px-4 py-3 font-semibold text-brand-green-dark focus:not-sr-only focus:fixed focus:top-3 focus:start-3"
    >
      {t.common.skipToContent}
    </a>
  );
}

/**
 * Only reached when the root itself fails (e.g. the database is down): a plain page that still
 * helps. Its few texts come from the `common` namespace itself (both languages: the root's data,
 * which would carry them, is what failed).
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  const locale = localeFromPath(pathname);
  const t = common[locale] as typeof common.en;
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? t.pageNotFound : t.errorTitle;
  return (
    <main id="main" className="flex min-h-screen items-center justify-center bg-brand-sand px-6 py-24">
      <title>{title}</title>
      <meta name="robots" content="noindex" />
      <div className="max-w-lg text-center">
        <h1 className=" font-display text-4xl font-semibold text-brand-green">{title}</h1>
        <p className="mt-4 text-lg text-slate-700">{notFound ? t.pageNotFoundText : t.errorText}</p>
        <a href={localePath(locale, '/')} className="btn btn-secondary btn-md mt-8">
          {t.backToHome}
        </a>
      </div>
    </main>
  );
}
