import { randomBytes } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedCourse, seedHero, seedUser } from '../src/db/factories.ts';
import { courses, hero } from '../src/db/schema.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { createTestApp, type TestContext } from './helpers.ts';

let t: TestContext;
let adminToken: string;

beforeAll(async () => {
  t = await createTestApp();
  await seedHero(t.deps.db, { title: 'First title', subtitle: 'Sub' });
  const admin = await seedUser(t.deps.db, { role: 'admin', email: 'cache-admin@example.com' });
  adminToken = (await createSession(t.deps.db, admin.id, 'admin')).token;
});
afterAll(() => t.close());

const getHero = (query = '', headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/hero/get${query}`, headers });

/** A known hero title, seen by the next read (as a service write would do). */
async function startWithTitle(title: string) {
  await t.deps.db.update(hero).set({ title }).where(eq(hero.id, 'main'));
  t.deps.pageCache.invalidate();
}

/** A change behind the service's back: a cached answer does not show it. */
const changeQuietly = (title: string) => t.deps.db.update(hero).set({ title }).where(eq(hero.id, 'main'));

describe('public API cache', () => {
  it('answers anonymous reads from memory until content changes', async () => {
    await startWithTitle('First title');
    const first = await getHero();
    expect(first.json().title).toBe('First title');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers.vary).toContain('Authorization');

    // A change behind the service's back is not seen: the answer comes from the cache…
    await changeQuietly('Changed quietly');
    const cached = await getHero();
    expect(cached.json().title).toBe('First title');
    expect(cached.headers.etag).toBe(first.headers.etag);

    // …until something says content changed.
    t.deps.pageCache.invalidate();
    expect((await getHero()).json().title).toBe('Changed quietly');
  });

  it('revalidates with the ETag', async () => {
    await startWithTitle('ETag title');
    const res = await getHero();
    const again = await getHero('', { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves the cache to a request with credentials', async () => {
    await startWithTitle('Before the token');
    const cached = await getHero();
    expect(cached.headers.etag).toBeDefined();
    // The route answers it (from the read model, the same data), not the stored answer: no shared
    // ETag, no public cache policy.
    const withToken = await getHero('', { authorization: `Bearer ${adminToken}` });
    expect(withToken.json().title).toBe('Before the token');
    expect(withToken.headers.etag).toBeUndefined();
    expect(withToken.headers['cache-control']).toContain('no-store');
  });

  it('an admin write shows at once', async () => {
    await startWithTitle('Before the edit');
    await getHero();
    const put = await t.app.inject({
      method: 'PUT',
      url: '/api/hero/update',
      headers: { authorization: `Bearer ${adminToken}` },
      payload: { title: 'Edited by the admin', subtitle: 'New subtitle' },
    });
    expect(put.statusCode).toBe(200);
    expect((await getHero()).json().title).toBe('Edited by the admin');
  });

  it('tracking and unknown parameters share the entry of the bare address', async () => {
    await startWithTitle('Shared entry');
    await getHero();
    await changeQuietly('Not seen through junk parameters');
    for (const query of ['?utm_source=x&fbclid=y', '?gclid=1', `?junk=${randomBytes(4).toString('hex')}`]) {
      expect((await getHero(query)).json().title, query).toBe('Shared entry');
    }
  });

  it("keeps the catalogue's declared parameters apart, in any order", async () => {
    await seedCourse(t.deps.db, { title: 'Golden Visa Basics' });
    await seedCourse(t.deps.db, { title: 'Mortgage Basics' });
    t.deps.pageCache.invalidate();
    const search = (query: string) => t.app.inject({ method: 'GET', url: `/api/courses/course${query}` });
    const visa = await search('?search=visa&sort=latest');
    const mortgage = await search('?search=mortgage&sort=latest');
    expect(visa.json().map((c: { title: string }) => c.title)).toEqual(['Golden Visa Basics']);
    expect(mortgage.json().map((c: { title: string }) => c.title)).toEqual(['Mortgage Basics']);

    // Renamed behind the service's back: the same search in another order and with tracking
    // parameters is the same entry, so it still shows the old title.
    await t.deps.db.update(courses).set({ title: 'Renamed quietly' }).where(eq(courses.title, 'Golden Visa Basics'));
    const again = await search('?utm_campaign=spring&sort=latest&search=visa');
    expect(again.json().map((c: { title: string }) => c.title)).toEqual(['Golden Visa Basics']);
    expect(again.headers.etag).toBe(visa.headers.etag);
    t.deps.pageCache.invalidate();
  });

  it('a flood of searches leaves the plain reads cached', async () => {
    await startWithTitle('Survives the flood');
    await getHero();
    await changeQuietly('Flood pushed it out');
    // More searches than the whole cache used to hold.
    for (let i = 0; i < 510; i++) {
      const res = await t.app.inject({ method: 'GET', url: `/api/courses/course?search=${i}-${Math.random()}` });
      expect(res.statusCode).toBe(200);
    }
    expect(t.deps.pageCache.usage('apiVariants').entries).toBeLessThanOrEqual(200);
    expect((await getHero()).json().title).toBe('Survives the flood');
  }, 120_000);

  it('sends the body compressed when it was stored, without compressing it again', async () => {
    await seedCourse(t.deps.db, {
      title: 'Compressed Course',
      description: `<p>${'Long description. '.repeat(200)}</p>`,
    });
    t.deps.pageCache.invalidate();
    const plain = await t.app.inject({ method: 'GET', url: '/api/courses/course' });
    const headers = { 'accept-encoding': 'gzip, deflate, br' };
    for (const res of [
      await t.app.inject({ method: 'GET', url: '/api/courses/course?x=miss', headers }),
      await t.app.inject({ method: 'GET', url: '/api/courses/course', headers }),
    ]) {
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toBe('Authorization, Accept-Encoding');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(plain.body);
    }
  });
});
