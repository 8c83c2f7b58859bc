import type { PublicConfig, PublicSiteData } from '@oasis/shared/contracts';

declare module 'react-router' {
  interface AppLoadContext {
    /** Public content, read in-process from the server's services (see apps/server/src/plugins/web.ts). */
    site: PublicSiteData;
    publicConfig: PublicConfig;
    /** Marks the framework's inline scripts for the content security policy (absent in development). */
    scriptNonce?: string;
  }
}
