import fs from 'node:fs';
import path from 'node:path';
import type { RouteConfigEntry } from '@react-router/dev/routes';
import { describe, expect, it } from 'vitest';
import routes from '../routes';
import { isIslandsPath } from './paths';

const appDir = path.resolve(import.meta.dirname, '..');

/** Every page route with its full address (a sample value for each parameter) and whether it is an islands page. */
function pages(entries: readonly RouteConfigEntry[], parent = ''): { address: string; islands: boolean }[] {
  return entries.flatMap((entry) => {
    const own = entry.index ? parent : `${parent}/${entry.path ?? ''}`.replace(/\/+/g, '/');
    const source = fs.readFileSync(path.join(appDir, entry.file), 'utf8');
    // Resource routes (sitemap, robots, redirects) render no page; the catch-all is any address.
    const page = /export default function/.test(source) && !own.includes('*');
    const address = (own || '/').replace(/:[^/]+/g, 'sample');
    const here = page ? [{ address, islands: source.includes('handle = ISLANDS_PAGE') }] : [];
    return [...here, ...pages(entry.children ?? [], own)];
  });
}

describe('the islands pages’ addresses (whose root data carries no texts)', () => {
  const all = pages(routes);

  it('cover every page route in both languages', () => {
    expect(all.length).toBeGreaterThan(40);
    expect(all.filter((p) => p.islands).length).toBeGreaterThanOrEqual(20);
  });

  it.each(all)('$address: islands page $islands', ({ address, islands }) => {
    expect(isIslandsPath(address)).toBe(islands);
  });
});
