import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedHero, seedUser } from '../src/db/factories.ts';
import { hero } from '../src/db/schema.ts';
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

const getHero = (headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/hero/get', headers });

describe('public API cache', () => {
  it('answers anonymous reads from memory until content changes', async () => {
    const first = await getHero();
    expect(first.json().title).toBe('First title');
    expect(first.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    expect(first.headers.vary).toBe('Authorization');

    // A change behind the service's back is not seen: the answer comes from the cache…
    await t.deps.db.update(hero).set({ title: 'Changed quietly' }).where(eq(hero.id, 'main'));
    const cached = await getHero();
    expect(cached.json().title).toBe('First title');
    expect(cached.headers.etag).toBe(first.headers.etag);

    // …until something says content changed.
    t.deps.pageCache.invalidate();
    expect((await getHero()).json().title).toBe('Changed quietly');
  });

  it('revalidates with the ETag', async () => {
    const res = await getHero();
    const again = await getHero({ 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('never serves the cache to a request with credentials', async () => {
    await getHero();
    await t.deps.db.update(hero).set({ title: 'Seen with a token' }).where(eq(hero.id, 'main'));
    expect((await getHero({ authorization: `Bearer ${adminToken}` })).json().title).toBe('Seen with a token');
    t.deps.pageCache.invalidate();
  });

  it('an admin write shows at once', async () => {
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
});
