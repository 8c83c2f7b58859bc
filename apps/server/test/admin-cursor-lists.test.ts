import { count, desc, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIST_SEARCH_TOTAL_CAP, LIST_TOTAL_CAP, showingRange } from '@oasis/shared/admin/cursor-paging';
import { LEADS_PAGE_SIZE, type LeadFilter, type LeadList, leadListSchema } from '@oasis/shared/leads';
import { type AdminOrders, adminOrdersSchema } from '@oasis/shared/payments';
import { seedCourse, seedUser } from '../src/db/factories.ts';
import { leads, orders } from '../src/db/schema.ts';
import { encodeCursor } from '../src/lib/keyset.ts';
import { leadFilterWhere } from '../src/modules/leads/service.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { signIn } from './uploads.ts';

/*
 * The admin lists of leads and orders (docs/benchmarks.md, bench:scale): keyset pages after an
 * opaque cursor, a total counted up to LIST_TOTAL_CAP, and the lead search on trigram indexes.
 */

let t: TestContext;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  headers = (await signIn(t.deps.db, 'admin')).headers;
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
const rowsOf = <T>(result: unknown) => (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];

/** Every page from the first by `next`, then every page back from the last by `prev`. */
async function walk<P extends { next: string | null; prev: string | null; offset: number }>(
  url: (cursor: string) => string,
  parse: (body: unknown) => P,
  ids: (page: P) => string[],
) {
  const forward: string[][] = [];
  const offsets: number[] = [];
  let page = parse((await get(url(''))).json());
  for (;;) {
    forward.push(ids(page));
    offsets.push(page.offset);
    if (!page.next) break;
    page = parse((await get(url(page.next))).json());
    expect(forward.length).toBeLessThan(100);
  }
  const backward: string[][] = [ids(page)];
  while (page.prev) {
    page = parse((await get(url(page.prev))).json());
    backward.unshift(ids(page));
    expect(backward.length).toBeLessThan(100);
  }
  expect(page.offset).toBe(0);
  return { forward, backward, offsets };
}

describe('GET /api/leads, paged by cursor', () => {
  // 95 leads; every three share a created_at (the id breaks the tie), a microsecond apart.
  const N = 95;
  const g = (id: string) => Number(id.slice(5));
  beforeAll(async () => {
    await t.deps.db.delete(leads);
    await t.deps.db.execute(sql`
      insert into leads (id, kind, status, name, email, phone, message, created_at)
      select 'lead-' || lpad(g::text, 4, '0'),
        (case when g % 2 = 0 then 'contact' else 'consultation' end),
        (case when g % 3 = 0 then 'contacted' else 'new' end),
        'Person ' || g || case when g % 7 = 0 then ' Marina' else '' end,
        'p' || g || case when g % 11 = 0 then '@marina.example' else '@example.com' end,
        '+97150' || lpad(g::text, 7, '0'),
        case when g % 13 = 0 then 'A flat in Dubai Marina, please' else 'Hello' end,
        timestamptz '2025-01-01 08:00:00+00' + (g / 3) * interval '1 microsecond'
      from generate_series(1, ${N}) g`);
  });

  /** The ids a filter finds, newest first, read in one go: what the pages must add up to. */
  async function expected(filter: LeadFilter) {
    const rows = await t.deps.db
      .select({ id: leads.id })
      .from(leads)
      .where(leadFilterWhere(filter))
      .orderBy(desc(leads.createdAt), desc(leads.id));
    return rows.map((r) => r.id);
  }

  const filters: (LeadFilter & { query: string })[] = [
    { query: '' },
    { query: 'kind=contact', kind: 'contact' },
    { query: 'status=new', status: 'new' },
    { query: 'kind=consultation&status=contacted', kind: 'consultation', status: 'contacted' },
    { query: 'q=marina', q: 'marina' },
    { query: 'q=Marina&status=new', q: 'Marina', status: 'new' },
    { query: 'q=person%201', q: 'person 1' },
  ];

  it.each(filters)('returns every lead exactly once, newest first, forwards and back: ?$query', async (filter) => {
    const want = await expected(filter);
    const first = leadListSchema.parse((await get(`/api/leads?${filter.query}`)).json());
    expect(first).toMatchObject({ total: want.length, totalCapped: false, offset: 0, prev: null });
    const { forward, backward, offsets } = await walk(
      (cursor) => `/api/leads?${filter.query}${cursor ? `&cursor=${cursor}` : ''}`,
      (body) => leadListSchema.parse(body),
      (page: LeadList) => page.leads.map((l) => l._id),
    );
    expect(forward.flat()).toEqual(want);
    expect(backward).toEqual(forward);
    expect(offsets).toEqual(forward.map((_, i) => i * LEADS_PAGE_SIZE));
    expect(forward.every((p, i) => p.length === LEADS_PAGE_SIZE || i === forward.length - 1)).toBe(true);
  });

  it('the search finds a match in each of the four columns', async () => {
    const ids = async (q: string) =>
      leadListSchema.parse((await get(`/api/leads?q=${encodeURIComponent(q)}`)).json()).leads.map((l) => g(l._id));
    const marina = Array.from({ length: N }, (_, i) => i + 1)
      .filter((n) => n % 7 === 0 || n % 11 === 0 || n % 13 === 0)
      .reverse();
    const found = [...(await ids('MARINA'))];
    const more = leadListSchema.parse((await get('/api/leads?q=MARINA')).json());
    if (more.next)
      found.push(
        ...leadListSchema
          .parse((await get(`/api/leads?q=MARINA&cursor=${more.next}`)).json())
          .leads.map((l) => g(l._id)),
      );
    expect(found.sort((a, b) => b - a)).toEqual(marina);
    expect(await ids('person 14 marina')).toEqual([14]); // name
    expect(await ids('p22@marina')).toEqual([22]); // e-mail
    expect(await ids('+971 50 000 0042')).toEqual([42]); // phone, typed with spaces
    expect(await ids('dubai marina')).toEqual([91, 78, 65, 52, 39, 26, 13]); // message
  });

  it('a cursor from another filter still pages from its place', async () => {
    const all = leadListSchema.parse((await get('/api/leads')).json());
    const contacts = leadListSchema.parse((await get(`/api/leads?kind=contact&cursor=${all.next}`)).json());
    const last = all.leads[all.leads.length - 1]!;
    expect(contacts.leads.every((l) => l.kind === 'contact' && l.createdAt <= last.createdAt)).toBe(true);
    expect(contacts.leads.map((l) => l._id)).not.toContain(last._id);
  });

  it('refuses cursors it did not make with a 400 and { message, errors }', async () => {
    const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const bad = [
      'x',
      '2',
      '!!!',
      'a'.repeat(401),
      b64({ at: '2025-01-01', id: 'x' }),
      b64(['a', '2025-01-01 08:00:00+00', 'lead-0001', 0]),
      b64(['a', '2025-02-30T08:00:00.000000Z', 'lead-0001', 0]),
      b64(['a', '0000-01-01T00:00:00.000000Z', 'lead-0001', 0]),
      b64(['a', '2025-01-01T24:00:00.000000Z', 'lead-0001', 0]),
      b64(['c', '2025-01-01T08:00:00.000000Z', 'lead-0001', 0]),
      b64(['a', '2025-01-01T08:00:00.000000Z', '', 0]),
      b64(['a', '2025-01-01T08:00:00.000000Z', 'lead-0001', -1]),
      b64(['a', '2025-01-01T08:00:00.000000Z', 'lead-0001', 1.5]),
      b64(["a', now()) --", '2025-01-01T08:00:00.000000Z', 'lead-0001', 0]),
    ];
    for (const cursor of bad) {
      for (const url of [
        `/api/leads?cursor=${encodeURIComponent(cursor)}`,
        `/api/admin/orders?cursor=${encodeURIComponent(cursor)}`,
      ]) {
        const res = await get(url);
        expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
        expect(res.json()).toMatchObject({ message: expect.any(String), errors: { cursor: expect.any(String) } });
      }
    }
    // A well-formed cursor past the end: an empty page, not an error.
    const end = encodeCursor({ dir: 'after', at: '2000-01-01T00:00:00.000000Z', id: 'zzz', offset: 95 });
    const empty = leadListSchema.parse((await get(`/api/leads?cursor=${end}`)).json());
    expect(empty).toMatchObject({ leads: [], next: null, offset: 95 });
  });
});

describe('GET /api/admin/orders, paged by cursor', () => {
  const N = 65;
  beforeAll(async () => {
    await t.deps.db.delete(orders);
    const buyer = await seedUser(t.deps.db);
    const course = await seedCourse(t.deps.db);
    await t.deps.db.execute(sql`
      insert into orders (id, user_id, course_id, email, amount_fils, provider, provider_ref, status, created_at)
      select 'order-' || lpad(g::text, 4, '0'), ${buyer.id}, ${course.id}, 'buyer@example.com', 100 * g, 'sandbox',
        'ref-' || g, (array['pending','paid','canceled','failed'])[1 + g % 4]::order_status,
        timestamptz '2025-03-01 10:00:00+00' + (g / 2) * interval '1 microsecond'
      from generate_series(1, ${N}) g`);
  });

  for (const status of ['', 'paid', 'pending', 'canceled', 'failed']) {
    it(`returns every order exactly once, newest first, forwards and back: status '${status}'`, async () => {
      const want = (
        await t.deps.db
          .select({ id: orders.id })
          .from(orders)
          .where(status ? sql`${orders.status} = ${status}` : undefined)
          .orderBy(desc(orders.createdAt), desc(orders.id))
      ).map((r) => r.id);
      const query = `pageSize=7${status ? `&status=${status}` : ''}`;
      const first = adminOrdersSchema.parse((await get(`/api/admin/orders?${query}`)).json());
      expect(first).toMatchObject({ total: want.length, totalCapped: false, pageSize: 7 });
      const { forward, backward, offsets } = await walk(
        (cursor) => `/api/admin/orders?${query}${cursor ? `&cursor=${cursor}` : ''}`,
        (body) => adminOrdersSchema.parse(body),
        (page: AdminOrders) => page.orders.map((o) => o._id),
      );
      expect(forward.flat()).toEqual(want);
      expect(backward).toEqual(forward);
      expect(offsets).toEqual(forward.map((_, i) => i * 7));
    });
  }
});

describe('a capped total, and the search on trigram indexes', () => {
  const extra = 5;
  beforeAll(async () => {
    await t.deps.db.delete(leads);
    // Varied text (md5), so that a rare word is rare for the planner too.
    await t.deps.db.execute(sql`
      insert into leads (id, kind, status, name, email, phone, message, created_at)
      select gen_random_uuid()::text, (case when g % 2 = 0 then 'contact' else 'consultation' end),
        (case when g % 1000 = 0 then 'new' else 'contacted' end),
        'Name ' || md5(g::text), md5(g::text) || '@example.com', '+9715' || lpad(g::text, 8, '0'),
        case when g = 4242 then 'About the zanzibar villa' else md5('m' || g) end,
        now() - g * interval '1 second'
      from generate_series(1, ${LIST_TOTAL_CAP + extra}) g`);
    await t.deps.db.execute(sql`analyze leads`);
  });

  it('counts up to the cap and says there are more', async () => {
    const all = leadListSchema.parse((await get('/api/leads')).json());
    expect(all).toMatchObject({ total: LIST_TOTAL_CAP, totalCapped: true, offset: 0 });
    expect(all.leads).toHaveLength(LEADS_PAGE_SIZE);
    expect(showingRange(all, all.leads.length)).toBe('Showing 1–20 of more than 10,000');
    const next = leadListSchema.parse((await get(`/api/leads?cursor=${all.next}`)).json());
    expect(showingRange(next, next.leads.length)).toBe('Showing 21–40 of more than 10,000');
    // A search counts fewer: a common word would otherwise read 10,000 rows.
    const common = leadListSchema.parse((await get('/api/leads?q=example.com')).json());
    expect(common).toMatchObject({ total: LIST_SEARCH_TOTAL_CAP, totalCapped: true });
    expect(showingRange(common, common.leads.length)).toBe(`Showing 1–20 of more than ${LIST_SEARCH_TOTAL_CAP}`);
    // Under the cap the count is exact.
    const fresh = leadListSchema.parse((await get('/api/leads?status=new')).json());
    expect(fresh).toMatchObject({ total: 10, totalCapped: false });
    expect(showingRange(fresh, fresh.leads.length)).toBe('Showing 1–10 of 10');
  });

  it('the migration created pg_trgm and an index per searched column', async () => {
    const ext = rowsOf<{ extname: string }>(
      await t.deps.db.execute(sql`select extname from pg_extension where extname = 'pg_trgm'`),
    );
    expect(ext).toHaveLength(1);
    const indexes = rowsOf<{ indexname: string }>(
      await t.deps.db.execute(
        sql`select indexname from pg_indexes where tablename = 'leads' and indexdef like '%gin_trgm_ops%' order by 1`,
      ),
    ).map((r) => r.indexname);
    expect(indexes).toEqual([
      'leads_email_trgm_idx',
      'leads_message_trgm_idx',
      'leads_name_trgm_idx',
      'leads_phone_trgm_idx',
    ]);
  });

  it('the search query and its count read the trigram indexes', async () => {
    // On 10,000 rows reading them all (or the newest-first index) still costs little, so those
    // plans are ruled out here: what is checked is that the list's own queries (escaped pattern,
    // ILIKE, the phone's digits) can be answered from the trigram indexes. On 1,000,000 leads the
    // planner picks them by itself for a rare word (docs/benchmarks.md).
    const plan = (query: SQL) =>
      t.deps.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_indexscan = off`);
        return rowsOf<{ 'QUERY PLAN': string }>(await tx.execute(sql`explain ${query}`))
          .map((r) => r['QUERY PLAN'])
          .join('\n');
      });
    for (const filter of [{ q: 'zanzibar' }, { q: 'ZANZIBAR villa' }]) {
      const where = leadFilterWhere(filter);
      const page = t.deps.db
        .select()
        .from(leads)
        .where(where)
        .orderBy(desc(leads.createdAt), desc(leads.id))
        .limit(LEADS_PAGE_SIZE + 1);
      const capped = t.deps.db
        .select({ one: sql`1` })
        .from(leads)
        .where(where)
        .limit(LIST_TOTAL_CAP + 1)
        .as('capped');
      for (const query of [sql`${page}`, sql`${t.deps.db.select({ n: count() }).from(capped)}`]) {
        const text = await plan(query);
        for (const index of [
          'leads_name_trgm_idx',
          'leads_email_trgm_idx',
          'leads_phone_trgm_idx',
          'leads_message_trgm_idx',
        ])
          expect(text).toContain(index);
        expect(text).toContain('Bitmap Index Scan');
      }
    }
    const found = leadListSchema.parse((await get('/api/leads?q=Zanzibar')).json());
    expect(found).toMatchObject({ total: 1, totalCapped: false });
    expect(found.leads[0]?.message).toBe('About the zanzibar villa');
  });
});
