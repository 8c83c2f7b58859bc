import { describe, expect, it, vi } from 'vitest';
import { setUpBuiltSiteForFile } from './built-site.ts';

/**
 * A form posted to a page that takes none is the visitor's mistake: 405, and nothing in the log
 * (apps/web/app/entry.server.tsx), or any address could fill it with stack traces. Through the
 * real build.
 */

const site = setUpBuiltSiteForFile();

describe('other methods on pages', () => {
  it('answer 4xx without logging an error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      for (const url of ['/', '/courses', '/about', '/no-such-page']) {
        const res = await site.app.inject({ method: 'POST', url, payload: { a: 1 } });
        expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, url).toBeLessThan(500);
      }
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});
