import { VAT_REGISTERED } from './payments.fixtures.ts';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../../test/helpers.ts';
import type { Database } from '../../db/client.ts';
import { seedCourse, seedUser } from '../../db/factories.ts';
import { orders, taxDocuments } from '../../db/schema.ts';
import { saveVatSettings } from '../settings/vat.ts';
import { issueInvoice } from '../tax-documents/service.ts';
import { recordRefundUpdate } from './refunds.ts';

/**
 * Credit notes take their numbers from their own gap-free series, like invoices: refunds applied at
 * the same moment never share or skip a number (PGlite here; PostgreSQL with TEST_DATABASE_URL).
 */
let database: Database;

beforeAll(async () => {
  database = await createTestDatabase();
  await saveVatSettings(database.db, VAT_REGISTERED);
}, 120_000);

afterAll(async () => {
  await database.close();
});

describe('credit note numbers', () => {
  it('100 orders refunded at once take 100 distinct consecutive numbers', async () => {
    const buyer = await seedUser(database.db);
    const course = await seedCourse(database.db, { title: `Busy ${Math.random()}`, priceFils: 105_00 });
    const refs = Array.from({ length: 100 }, (_, i) => `sbx_cn_${i}_${Math.random().toString(36).slice(2)}`);
    const paid = await database.db
      .insert(orders)
      .values(
        refs.map((providerRef) => ({
          userId: buyer.id,
          courseId: course.id,
          email: buyer.email,
          amountFils: 105_00,
          listPriceFils: 105_00,
          provider: 'sandbox',
          providerRef,
          buyerCountry: 'AE',
          status: 'paid' as const,
          paidAt: new Date(),
        })),
      )
      .returning();
    // Invoiced as a confirmation does it (their PDFs are not needed here).
    for (const order of paid) await database.db.transaction((tx) => issueInvoice(tx, order, new Date()));
    // What the sandbox would answer for each, applied at once (the notes' PDFs and e-mails are not needed here).
    const outcomes = await Promise.all(
      paid.map((order) =>
        recordRefundUpdate(
          database.db,
          {
            refundRef: `sbr_${order.id}`,
            refundId: null,
            paymentIntentId: order.providerRef ?? '',
            status: 'succeeded',
            amountFils: 105_00,
            currency: 'AED',
          },
          'sandbox',
        ),
      ),
    );
    expect(outcomes.every((o) => o.outcome === 'succeeded')).toBe(true);
    const rows = await database.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
      .where(and(eq(orders.courseId, course.id), eq(taxDocuments.kind, 'credit_note')));
    const numbers = rows.map((r) => Number(r.number.slice(3))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.at(-1)! - numbers[0]!).toBe(99);
  }, 180_000);
});
