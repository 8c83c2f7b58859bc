import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { beforeAllValue, createTestApp } from '../../../test/helpers.ts';
import { taxDocument } from '../../../test/tax-documents.ts';
import { setUpSignIn } from '../../../test/uploads.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { orders, taxDocuments } from '../../db/schema.ts';
import { aed, exportCsv } from './exports.ts';
import { expectAdminOnly, insertOrder } from './revenue.fixtures.ts';

const t = beforeAllValue(() => createTestApp());
afterAll(() => t.close());
const admin = setUpSignIn(t);

const get = (url: string, headers = admin.headers) => t.app.inject({ method: 'GET', url, headers });

function order(userId: string, courseId: string, at: string, overrides: Partial<typeof orders.$inferInsert> = {}) {
  return insertOrder(t.deps.db, { userId, courseId, at, ...overrides });
}

/** The CSV's rows split into cells (no cell here holds a line break). */
function rowsOf(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .split('\r\n')
    .filter(Boolean)
    .map((line) =>
      [...line.matchAll(/("(?:[^"]|"")*"|[^,]*)(,|$)/g)]
        .filter((m, i, all) => i < all.length - 1 || m[0] !== '')
        .map((m) => m[1] ?? ''),
    );
}

describe('GET /api/admin/exports/{orders|invoices|credit-notes}.csv', () => {
  it('is for admins only, never stored, an attachment, and refuses a bad range', async () => {
    for (const file of ['orders', 'invoices', 'credit-notes']) {
      const url = `/api/admin/exports/${file}.csv?from=2034-01-01&to=2034-01-31`;
      const res = await expectAdminOnly(t, url, admin.headers);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="${file}-2034-01-01-to-2034-01-31.csv"`);
      // A byte-order mark, then the header row.
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      expect(rowsOf(res.body)).toHaveLength(1);
      const reversed = await get(`/api/admin/exports/${file}.csv?from=2034-02-01&to=2034-01-31`);
      expect(reversed.statusCode).toBe(400);
      expect(reversed.json().message).toBeDefined();
    }
    expect((await get('/api/admin/exports/users.csv?from=2034-01-01&to=2034-01-31')).statusCode).toBe(400);
  });

  it('writes orders of the range in Dubai time and AED, a formula-like name neutralised, Arabic intact', async () => {
    const buyer = await seedUser(t.deps.db, { name: '=HYPERLINK("http://evil.example","Pay")' });
    const arabic = await seedUser(t.deps.db, { name: 'مريم الهاشمي' });
    const course = await seedCourse(t.deps.db, { title: 'Export course' });
    // Dubai 2035-03-01 00:15 (UTC the day before): inside a range that starts 2035-03-01.
    const first = await order(buyer.id, course.id, '2035-02-28T20:15:00Z', {
      amountFils: 9_000,
      listPriceFils: 10_000,
      discountFils: 1_000,
      couponCode: 'SAVE10',
      refundedFils: 4_500,
    });
    await order(arabic.id, course.id, '2035-03-31T19:59:00Z', { amountFils: 123_456 });
    // Dubai 2035-02-28 23:59 and 2035-04-01 00:00: outside.
    await order(arabic.id, course.id, '2035-02-28T19:59:00Z');
    await order(arabic.id, course.id, '2035-03-31T20:00:00Z');

    const res = await get('/api/admin/exports/orders.csv?from=2035-03-01&to=2035-03-31');
    expect(res.statusCode).toBe(200);
    const rows = rowsOf(res.body);
    expect(rows).toHaveLength(3);
    const [header, one, two] = rows as [string[], string[], string[]];
    const cell = (row: string[], name: string) => row[header.indexOf(name)];
    expect(cell(one, 'Order')).toBe(first.id);
    expect(cell(one, 'Placed (Dubai)')).toBe('2035-03-01 00:15');
    expect(cell(one, 'Buyer')).toBe('"\'=HYPERLINK(""http://evil.example"",""Pay"")"');
    expect(cell(one, 'List price (AED)')).toBe('100.00');
    expect(cell(one, 'Discount (AED)')).toBe('10.00');
    expect(cell(one, 'Coupon')).toBe('SAVE10');
    expect(cell(one, 'Amount (AED)')).toBe('90.00');
    expect(cell(one, 'Refunded (AED)')).toBe('45.00');
    expect(cell(two, 'Buyer')).toBe('مريم الهاشمي');
    expect(cell(two, 'Placed (Dubai)')).toBe('2035-03-31 23:59');
    expect(cell(two, 'Amount (AED)')).toBe('1234.56');
  });

  it('writes invoices and credit notes with the columns an accountant needs', async () => {
    const buyer = await seedUser(t.deps.db, { name: 'Consumer Name' });
    const course = await seedCourse(t.deps.db);
    const sale = await order(buyer.id, course.id, '2036-05-10T08:00:00Z');
    const abroad = await order(buyer.id, course.id, '2036-05-11T08:00:00Z');
    const number = `INV-${randomUUID().slice(0, 8)}`;
    const abroadNumber = `INV-${randomUUID().slice(0, 8)}`;
    const noteNumber = `CN-${randomUUID().slice(0, 8)}`;
    await t.deps.db.insert(taxDocuments).values([
      {
        kind: 'invoice',
        number,
        orderId: sale.id,
        issuedAt: new Date('2036-05-10T08:00:00Z'),
        document: taxDocument({
          kind: 'invoice',
          orderId: sale.id,
          number,
          grossFils: 10_500,
          vatFils: 500,
          buyer: { name: '@Acme LLC', address: 'Dubai', trn: '100000000000003', country: 'AE' },
        }),
      },
      {
        kind: 'invoice',
        number: abroadNumber,
        orderId: abroad.id,
        issuedAt: new Date('2036-05-11T08:00:00Z'),
        document: taxDocument({
          kind: 'invoice',
          orderId: abroad.id,
          number: abroadNumber,
          grossFils: 10_500,
          vatFils: 0,
          treatment: 'out_of_scope',
        }),
      },
      {
        kind: 'credit_note',
        number: noteNumber,
        orderId: sale.id,
        // Dubai 2036-05-21 00:30.
        issuedAt: new Date('2036-05-20T20:30:00Z'),
        document: taxDocument({
          kind: 'credit_note',
          orderId: sale.id,
          number: noteNumber,
          grossFils: 5_250,
          vatFils: 250,
          creditOf: {
            invoiceNumber: number,
            invoiceIssuedAt: '2036-05-10T08:00:00Z',
            originalGrossFils: 10_500,
            correctedGrossFils: 5_250,
            reason: 'Partial refund, goodwill',
          },
        }),
      },
    ]);

    const invoices = rowsOf((await get('/api/admin/exports/invoices.csv?from=2036-05-01&to=2036-05-31')).body);
    expect(invoices[0]).toEqual([
      'Invoice',
      'Date (Dubai)',
      'Form',
      'Buyer',
      'Buyer TRN',
      'Country',
      'Net (AED)',
      'VAT (AED)',
      'Gross (AED)',
      'Out of scope (AED)',
      'Order',
    ]);
    expect(invoices.slice(1)).toEqual([
      [
        number,
        '2036-05-10 12:00',
        'full',
        "'@Acme LLC",
        '100000000000003',
        'AE',
        '100.00',
        '5.00',
        '105.00',
        '0.00',
        sale.id,
      ],
      [
        abroadNumber,
        '2036-05-11 12:00',
        'simplified',
        'Consumer Name',
        '',
        'AE',
        '105.00',
        '0.00',
        '105.00',
        '105.00',
        abroad.id,
      ],
    ]);
    const notes = rowsOf((await get('/api/admin/exports/credit-notes.csv?from=2036-05-21&to=2036-05-21')).body);
    expect(notes.slice(1)).toEqual([
      [noteNumber, '2036-05-21 00:30', number, '50.00', '2.50', '52.50', '"Partial refund, goodwill"', sale.id],
    ]);
    // The invoices' range does not hold the credit note and the other way round.
    expect(rowsOf((await get('/api/admin/exports/credit-notes.csv?from=2036-05-01&to=2036-05-20')).body)).toHaveLength(
      1,
    );
  });

  it('streams: a few thousand orders come in batches, each read after the last row of the one before', async () => {
    const buyer = await seedUser(t.deps.db);
    const course = await seedCourse(t.deps.db);
    const base = Date.parse('2037-06-01T00:00:00Z');
    // 2500 orders, a few sharing one instant so the id decides their order.
    const values = Array.from({ length: 2_500 }, (_, i) => ({
      userId: buyer.id,
      courseId: course.id,
      email: 'buyer@example.com',
      amountFils: 100 + i,
      provider: 'sandbox',
      providerRef: `bulk_${randomUUID()}`,
      status: 'paid' as const,
      paidAt: new Date(base + Math.floor(i / 3) * 60_000),
      createdAt: new Date(base + Math.floor(i / 3) * 60_000),
    }));
    await t.deps.db.insert(orders).values(values);

    const chunks: string[] = [];
    for await (const chunk of exportCsv(t.deps.db, 'orders', { from: '2037-06-01', to: '2037-06-30' }, 1_000)) {
      chunks.push(chunk);
    }
    // The header, then three batches: 1000, 1000, 500 rows.
    expect(chunks.map((c) => c.split('\r\n').filter(Boolean).length)).toEqual([1, 1_000, 1_000, 500]);
    const amounts = chunks
      .slice(1)
      .join('')
      .split('\r\n')
      .filter(Boolean)
      .map((line) => line.split(',')[10]);
    expect(new Set(amounts).size).toBe(2_500);

    const res = await get('/api/admin/exports/orders.csv?from=2037-06-01&to=2037-06-30');
    expect(rowsOf(res.body)).toHaveLength(2_501);
  });

  it('writes fils as AED with two decimals', () => {
    expect([0, 5, 50, 105, 10_500, 123_456, -250].map(aed)).toEqual([
      '0.00',
      '0.05',
      '0.50',
      '1.05',
      '105.00',
      '1234.56',
      '-2.50',
    ]);
  });
});
