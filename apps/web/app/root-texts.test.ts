import { describe, expect, it } from 'vitest';
import { loader } from './root';

/** The root loader with what the server's page plugin gives it (apps/server/src/plugins/web.ts). */
async function rootData(url: string, islands: boolean) {
  const settings = {
    brandName: 'Oasis',
    email: 'hello@oasis.test',
    phone: '+971 4 000 0000',
    arabicCurrency: 'AED',
    social: {},
  };
  const context = {
    site: { settings: async () => settings },
    publicConfig: { siteUrl: 'https://oasis.test' },
    locale: url.startsWith('/ar') ? 'ar' : 'en',
    islands: islands ? { entry: '/assets/islands.js', preload: [], parts: {} } : undefined,
  };
  // biome-ignore lint/suspicious/noExplicitAny: the loader's generated argument type, filled in part
  return loader({ context, request: new Request(`https://oasis.test${url}`), params: {} } as any);
}

describe('the root loader’s texts (lib/i18n.tsx, islands/paths.ts)', () => {
  it('an islands page’s render carries none: the server renders them from its catalogues', async () => {
    for (const url of ['/', '/courses?q=x', '/ar/courses/some-course', '/about']) {
      const { i18n } = await rootData(url, true);
      expect(i18n.messages, url).toBeUndefined();
      expect(i18n.dictionary, url).toBeUndefined();
      expect(i18n.locale).toBe(url.startsWith('/ar') ? 'ar' : 'en');
    }
  });

  it('React pages, data requests (no islands script) and builds without islands carry them', async () => {
    for (const [url, islands] of [
      ['/login', true],
      ['/ar/admin/dashboard', true],
      ['/courses', false],
    ] as const) {
      const { i18n } = await rootData(url, islands);
      expect(i18n.messages?.nav, url).toBeDefined();
      expect(i18n.dictionary, url).toBeDefined();
    }
  });
});
