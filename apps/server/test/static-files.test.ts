import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { setUpBuiltSiteForFile, webRoot } from './built-site.ts';

/**
 * The web build's files (plugins/web.ts): the hashed ones under /assets/ through one route, the few
 * copied as they are (favicon, logos, default images) through a route each. Through the real build.
 */

const site = setUpBuiltSiteForFile();
const clientDir = path.join(webRoot, process.env.WEB_BUILD_DIR ?? 'build', 'client');
/** A built script, and the copies the build compressed beside it. */
const script = () => {
  const name = fs.readdirSync(path.join(clientDir, 'assets')).find((file) => file.endsWith('.js'));
  if (!name) throw new Error('the web build has no script');
  return `/assets/${name}`;
};
const get = (url: string, headers: Record<string, string> = {}) =>
  site.app.inject({ method: 'GET', url, headers: { accept: 'text/html', ...headers } });

describe('built files', () => {
  it('a hashed file is kept a year, sent as the copy compressed at build time, and answers HEAD', async () => {
    const url = script();
    const res = await get(url, { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.rawPayload.equals(fs.readFileSync(path.join(clientDir, `${url}.br`)))).toBe(true);
    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(fs.readFileSync(path.join(clientDir, url), 'utf8'));
    const head = await site.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });

  it('a file the build copied as it was is kept an hour, compressed copy and HEAD alike', async () => {
    const res = await get('/favicon.svg');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/svg/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    expect(res.body).toBe(fs.readFileSync(path.join(clientDir, 'favicon.svg'), 'utf8'));
    const compressed = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers['cache-control']).toBe('public, max-age=3600');
    const head = await site.app.inject({ method: 'HEAD', url: '/default-thumbnail.jpg' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('image/jpeg');
    expect(head.body).toBe('');
    // The compressed copies and the build's manifest folder have no address of their own.
    for (const url of ['/favicon.svg.br', '/.vite/islands-manifest.json']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it('a missing or compressed-copy address under /assets/ is a plain 404: no page is rendered or kept', async () => {
    const { app, deps } = site;
    const renders = { ...app.pageRenders };
    const kept = deps.pageCache.size;
    for (const url of [
      '/assets/no-such-file-1a2b3c.js',
      `${script()}.br`,
      `${script()}.gz`,
      '/assets/..%2Fserver%2Findex.js',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toMatch(/application\/json/);
      expect(res.json(), url).toHaveProperty('message');
    }
    // The folder itself: no listing.
    const folder = await get('/assets/');
    expect(folder.statusCode).toBe(403);
    expect(folder.json()).toHaveProperty('message');
    expect(app.pageRenders).toEqual(renders);
    expect(deps.pageCache.size).toBe(kept);
  });
});
