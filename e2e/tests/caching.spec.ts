import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { expect, test } from '@playwright/test';

test.describe('public page caching', () => {
  test('pages carry an ETag and a revalidating Cache-Control, and answer 304 when unchanged', async ({ request }) => {
    const first = await request.get('/');
    expect(first.status()).toBe(200);
    const etag = first.headers().etag;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers()['cache-control']).toBe('public, max-age=0, must-revalidate');

    const again = await request.get('/');
    expect(again.headers().etag).toBe(etag);
    expect(await again.text()).toBe(await first.text());

    const revalidated = await request.get('/', { headers: { 'if-none-match': etag as string } });
    expect(revalidated.status()).toBe(304);
  });

  test('unknown API paths answer JSON 404, not a page', async ({ request }) => {
    const res = await request.get('/api/does-not-exist');
    expect(res.status()).toBe(404);
    expect(res.headers()['content-type']).toContain('application/json');
    expect(await res.json()).toHaveProperty('message');
  });

  test('built assets are served with a long immutable cache', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/.exec(html)?.[1];
    expect(asset, 'the page preloads its scripts from /assets').toBeTruthy();
    const res = await request.get(asset as string);
    expect(res.status()).toBe(200);
    expect(res.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  test('built assets go out as the files compressed at build time, brotli or gzip as asked', async () => {
    const origin = test.info().project.use.baseURL as string;
    const html = await (await fetch(`${origin}/`)).text();
    const asset = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"/.exec(html)?.[1] as string;
    const file = path.resolve(import.meta.dirname, '../../apps/web', process.env.WEB_BUILD_DIR ?? 'build', 'client');
    for (const encoding of ['br', 'gzip'] as const) {
      // fetch() in Node would decode the body: read the bytes as sent.
      const res = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http
          .get(`${origin}${asset}`, { headers: { 'accept-encoding': encoding } }, (answer) => {
            const chunks: Buffer[] = [];
            answer.on('data', (chunk: Buffer) => chunks.push(chunk));
            answer.on('end', () => resolve({ headers: answer.headers, body: Buffer.concat(chunks) }));
          })
          .on('error', reject);
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      const built = fs.readFileSync(`${file}${asset}.${encoding === 'br' ? 'br' : 'gz'}`);
      expect(res.body.equals(built), `${asset} as ${encoding}`).toBe(true);
    }
  });
});
