import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { revenueReportSchema, type RevenueGranularity } from '@oasis/shared/admin/revenue';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { taxDocument } from '../../../test/tax-documents.ts';
import { setUpSignIn } from '../../../test/uploads.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { refunds, taxDocuments } from '../../db/schema.ts';
import { expectAdminOnly, insertOrder } from './revenue.fixtures.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

interface Sale {
  courseId: string;
  paidAt: string;
  fils: number;
  vatFils?: number;
  coupon?: { code: string; discountFils: number };
  status?: 'paid' | 'pending';
}

async function sale(input: Sale & { userId: string }) {
  const order = await insertOrder(t.deps.db, {
    userId: input.userId,
    courseId: input.courseId,
    at: input.paidAt,
    amountFils: input.fils,
    discountFils: input.coupon?.discountFils ?? 0,
    couponCode: input.coupon?.code ?? null,
    status: input.status ?? 'paid',
    ...(input.status === 'pending' && { paidAt: null }),
  });
  if (input.vatFils !== undefined) {
    const number = `INV-${randomUUID()}`;
    await t.deps.db.insert(taxDocuments).values({
      kind: 'invoice',
      number,
      orderId: order.id,
      issuedAt: new Date(input.paidAt),
      document: taxDocument({
        kind: 'invoice',
        orderId: order.id,
        number,
        grossFils: input.fils,
        vatFils: input.vatFils,
      }),
    });
  }
  return order;
}

interface Refund {
  orderId: string;
  completedAt: string;
  fils: number;
  vatFils?: number;
  status?: 'succeeded' | 'pending' | 'failed';
}

async function refund(input: Refund) {
  let creditNoteId: string | null = null;
  if (input.vatFils !== undefined) {
    const number = `CN-${randomUUID()}`;
    const [note] = await t.deps.db
      .insert(taxDocuments)
      .values({
        kind: 'credit_note',
        number,
        orderId: input.orderId,
        issuedAt: new Date(input.completedAt),
        document: taxDocument({
          kind: 'credit_note',
          orderId: input.orderId,
          number,
          grossFils: input.fils,
          vatFils: input.vatFils,
        }),
      })
      .returning();
    creditNoteId = note?.id ?? null;
  }
  const status = input.status ?? 'succeeded';
  await t.deps.db.insert(refunds).values({
    orderId: input.orderId,
    amountFils: input.fils,
    status,
    origin: 'owner',
    provider: 'sandbox',
    providerRef: `re_${randomUUID()}`,
    creditNoteId,
    completedAt: status === 'succeeded' ? new Date(input.completedAt) : null,
  });
}

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });

/**
 * The expected buckets, worked out apart from the server: each instant moved to Dubai's clock by
 * hand (+4 hours), its day cut to a Monday or a 1st with plain date arithmetic.
 */
function expectedBuckets(sales: Sale[], refundList: Refund[], by: RevenueGranularity) {
  const key = (iso: string) => {
    const dubai = new Date(Date.parse(iso) + 4 * 3600_000);
    if (by === 'month') return `${dubai.toISOString().slice(0, 7)}-01`;
    if (by === 'week') {
      const sinceMonday = (dubai.getUTCDay() + 6) % 7;
      return new Date(dubai.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
    }
    return dubai.toISOString().slice(0, 10);
  };
  const sums = new Map<string, { orders: number; net: number; refundsFils: number }>();
  const at = (k: string) => {
    const found = sums.get(k) ?? { orders: 0, net: 0, refundsFils: 0 };
    sums.set(k, found);
    return found;
  };
  for (const s of sales.filter((s) => s.status !== 'pending')) {
    const b = at(key(s.paidAt));
    b.orders += 1;
    b.net += s.fils - (s.vatFils ?? 0);
  }
  for (const r of refundList.filter((r) => (r.status ?? 'succeeded') === 'succeeded')) {
    const b = at(key(r.completedAt));
    b.refundsFils += r.fils;
    b.net -= r.fils - (r.vatFils ?? 0);
  }
  return sums;
}

describe('GET /api/admin/revenue', () => {
  it('is for admins only, and never stored by a cache', async () => {
    const url = '/api/admin/revenue?from=2030-01-01&to=2030-01-31&by=day';
    const res = await expectAdminOnly(t, url, admin.headers);
    expect(revenueReportSchema.safeParse(res.json()).success).toBe(true);
  });

  it('refuses a reversed range, one longer than 366 days, a date that does not exist and an unknown grouping', async () => {
    const cases: [string, string][] = [
      ['from=2030-02-02&to=2030-02-01', 'The end of the range comes before its start.'],
      ['from=2030-01-01&to=2031-01-02', 'A range can be at most 366 days.'],
      ['from=2030-02-30&to=2030-03-01', 'Enter a date as YYYY-MM-DD.'],
      ['from=2030-02-01', 'Enter a date as YYYY-MM-DD.'],
    ];
    for (const [query, message] of cases) {
      const res = await get(`/api/admin/revenue?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toContain(message);
    }
    expect((await get('/api/admin/revenue?from=2030-01-01&to=2030-01-02&by=year')).statusCode).toBe(400);
    // 366 days, both ends included, is allowed.
    expect((await get('/api/admin/revenue?from=2030-01-01&to=2031-01-01')).statusCode).toBe(200);
  });

  it('has every bucket of the range, the empty ones too, weeks from Monday', async () => {
    // 2029-01-03 is a Wednesday; 2029-01-20 a Saturday. Nothing was sold then.
    const res = await get('/api/admin/revenue?from=2029-01-03&to=2029-01-20&by=week');
    const report = revenueReportSchema.parse(res.json());
    expect(report.buckets.map((b) => b.start)).toEqual(['2029-01-01', '2029-01-08', '2029-01-15']);
    expect(report.buckets.every((b) => b.netFils === 0 && b.orders === 0)).toBe(true);
    const days = revenueReportSchema.parse((await get('/api/admin/revenue?from=2029-02-27&to=2029-03-02')).json());
    expect(days.buckets.map((b) => b.start)).toEqual(['2029-02-27', '2029-02-28', '2029-03-01', '2029-03-02']);
    const months = revenueReportSchema.parse(
      (await get('/api/admin/revenue?from=2029-01-31&to=2029-03-01&by=month')).json(),
    );
    expect(months.buckets.map((b) => b.start)).toEqual(['2029-01-01', '2029-02-01', '2029-03-01']);
  });

  it('sums net revenue by Dubai day, week and month across midnights and month ends, refunds in their own bucket', async () => {
    const buyer = await seedUser(t.deps.db);
    const a = await seedCourse(t.deps.db, { title: 'Revenue A' });
    const b = await seedCourse(t.deps.db, { title: 'Revenue B' });
    // 2032-01-31 is a Saturday; 2032-02-01 a Sunday; 2032-02-02 a Monday. Dubai is UTC+4.
    const sales: (Sale & { name: string })[] = [
      // Dubai 2032-01-31 23:59:59: January, the week of Monday 26 January.
      {
        name: 'jan',
        courseId: a.id,
        paidAt: '2032-01-31T19:59:59Z',
        fils: 10_500,
        vatFils: 500,
        coupon: { code: 'SAVE10', discountFils: 1_000 },
      },
      // Dubai 2032-02-01 00:00: February, still that week.
      { name: 'feb1', courseId: a.id, paidAt: '2032-01-31T20:00:00Z', fils: 9_995, vatFils: 476 },
      // Dubai 2032-02-01 23:30 (Sunday), no invoice (no VAT), a code.
      {
        name: 'sun',
        courseId: b.id,
        paidAt: '2032-02-01T19:30:00Z',
        fils: 5_000,
        coupon: { code: 'SAVE10', discountFils: 500 },
      },
      // Dubai 2032-02-02 01:00 (Monday): a new week, the previous UTC day.
      {
        name: 'mon',
        courseId: b.id,
        paidAt: '2032-02-01T21:00:00Z',
        fils: 20_000,
        vatFils: 952,
        coupon: { code: 'WELCOME', discountFils: 2_000 },
      },
      // Dubai 2032-02-29 23:00: the last day of a leap February.
      { name: 'leap', courseId: a.id, paidAt: '2032-02-29T19:00:00Z', fils: 4_200, vatFils: 200 },
      // Not paid: left out.
      { name: 'pending', courseId: a.id, paidAt: '2032-02-10T10:00:00Z', fils: 99_900, status: 'pending' },
      // Outside the range (Dubai 2031-12-31 23:00 and 2032-03-02 00:30): left out.
      { name: 'before', courseId: a.id, paidAt: '2031-12-31T19:00:00Z', fils: 77_700 },
      { name: 'after', courseId: a.id, paidAt: '2032-03-01T20:30:00Z', fils: 66_600 },
    ];
    const made = new Map<string, string>();
    for (const s of sales) made.set(s.name, (await sale({ ...s, userId: buyer.id })).id);
    const id = (name: string) => made.get(name) as string;
    const refundList: Refund[] = [
      // The January sale refunded in full in February, with its credit note's VAT.
      { orderId: id('jan'), completedAt: '2032-02-10T08:00:00Z', fils: 10_500, vatFils: 500 },
      // Part of Monday's sale refunded at Dubai 2032-03-01 00:30, without a credit note.
      { orderId: id('mon'), completedAt: '2032-02-29T20:30:00Z', fils: 5_000 },
      // Not succeeded: left out.
      { orderId: id('feb1'), completedAt: '2032-02-12T08:00:00Z', fils: 9_995, status: 'pending' },
      { orderId: id('feb1'), completedAt: '2032-02-13T08:00:00Z', fils: 9_995, status: 'failed' },
      // The sale before the range refunded inside it: counts, as refunds count when they succeed.
      { orderId: id('before'), completedAt: '2032-01-15T08:00:00Z', fils: 1_000, vatFils: 48 },
    ];
    for (const r of refundList) await refund(r);
    const inRange = sales.filter((s) => s.name !== 'before' && s.name !== 'after');

    for (const by of ['day', 'week', 'month'] as const) {
      const res = await get(`/api/admin/revenue?from=2032-01-01&to=2032-03-01&by=${by}`);
      expect(res.statusCode).toBe(200);
      const report = revenueReportSchema.parse(res.json());
      const expected = expectedBuckets(inRange, refundList, by);
      for (const bucket of report.buckets) {
        const want = expected.get(bucket.start) ?? { orders: 0, net: 0, refundsFils: 0 };
        expect({
          start: bucket.start,
          orders: bucket.orders,
          net: bucket.netFils,
          refundsFils: bucket.refundsFils,
        }).toEqual({
          start: bucket.start,
          ...want,
        });
      }
      // Every expected bucket is in the answer.
      for (const start of expected.keys()) expect(report.buckets.map((x) => x.start)).toContain(start);
    }

    const months = revenueReportSchema.parse(
      (await get('/api/admin/revenue?from=2032-01-01&to=2032-03-01&by=month')).json(),
    );
    // Worked by hand: January 10500-500 - (1000-48) = 9048; February: (9995-476) + 5000 + (20000-952)
    // + (4200-200) - (10500-500) = 27567; March: -5000.
    expect(months.buckets.map((x) => [x.start, x.netFils])).toEqual([
      ['2032-01-01', 9_048],
      ['2032-02-01', 27_567],
      ['2032-03-01', -5_000],
    ]);
    expect(months.totals).toMatchObject({
      orders: 5,
      grossFils: 49_695,
      vatFils: 2_128,
      refunds: 3,
      refundsFils: 16_500,
      refundsVatFils: 548,
      netFils: 31_615,
    });
    expect(months.coupons).toEqual({
      orders: 3,
      discountFils: 3_500,
      topCodes: [
        { code: 'SAVE10', orders: 2, discountFils: 1_500 },
        { code: 'WELCOME', orders: 1, discountFils: 2_000 },
      ],
    });
    // B: (5000) + (20000-952) - 5000 = 19048 from 2 orders; A: 10000 + 9519 + 4000 - 10000 = 13519 from 3
    // orders; the course of the sale before the range loses that refund's net too.
    expect(months.topCourses.map((c) => [c.title, c.orders, c.netFils])).toEqual([
      ['Revenue B', 2, 19_048],
      ['Revenue A', 3, 13_519 - 952],
    ]);
  });
});
