import type { IslandsScript, PublicConfig, PublicSiteData } from '@oasis/shared/contracts';
import type { Locale } from '@oasis/shared/i18n/locales';

declare module 'react-router' {
  interface AppLoadContext {
    /** Public content, read in-process from the server's services (see apps/server/src/plugins/web.ts). */
    site: PublicSiteData;
    publicConfig: PublicConfig;
    /** The page's language, from its address: `/ar/…` is Arabic (docs/i18n.md). */
    locale: Locale;
    /** Marks the framework's inline scripts for the content security policy (absent in development). */
    scriptNonce?: string;
    /**
     * The public pages' script (`/assets/islands-….js`) when the build has one: public pages then
     * carry it instead of the React app (docs/decisions/013-public-pages-as-islands.md). Absent on
     * the React app's data requests.
     */
    islands?: IslandsScript;
  }
}
