import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminOrdersSchema } from '@oasis/shared/payments';
import { seedCourse } from '../../db/factories.ts';
import { taxDocuments } from '../../db/schema.ts';
import { memoryLogger } from '../../../test/helpers.ts';
import { fatalRuleFailures, ublSchemaErrors } from '../../../test/pint-ae-validation.ts';
import type { EInvoicing } from '../../adapters/e-invoicing/index.ts';
import { setUpPaymentTests } from '../payments/payments.fixtures.ts';

const { t, learner, setVat, payFor } = setUpPaymentTests();

const BUSINESS = {
  buyerCountry: 'AE',
  buyerCompany: 'Gulf Holdings LLC',
  buyerAddress: 'Al Reem Island, Abu Dhabi',
  buyerTrn: '100345678900003',
};

const register = () => setVat(true);

/** A learner pays for a new course (sandbox) with the given buyer fields; the order and its invoice. */
async function buy(fields: Record<string, string>) {
  const buyer = await learner();
  const course = await seedCourse(t.deps.db, { title: `Masterclass ${Math.random()}`, priceFils: 1_050_00 });
  const order = await payFor(buyer.auth, { courseId: course.id, ...fields });
  const [invoice] = await t.deps.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, order.id));
  if (!invoice) throw new Error('no invoice');
  return { buyer, order, invoice };
}

/** The order as the owner's Orders list shows it. */
async function listed(orderId: string, auth: Record<string, string>) {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/orders?pageSize=100', headers: auth });
  expect(res.statusCode, res.body).toBe(200);
  return adminOrdersSchema.parse(res.json()).orders.find((order) => order._id === orderId);
}

const fileOf = (number: string) => path.join(t.deps.config.eInvoicing.dir, `${number}.xml`);

describe('e-invoicing of business invoices', () => {
  it("hands a business buyer's invoice to the local adapter, the same XML the owner downloads, valid PINT AE", async () => {
    const owner = await register();
    const { order, invoice } = await buy(BUSINESS);
    const stored = readFileSync(fileOf(invoice.number), 'utf8');

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/invoice.xml`,
      headers: owner.auth,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${invoice.number}.xml"`);
    expect(res.body).toBe(stored);
    expect(res.body).toContain('<cbc:CompanyID>100345678900003</cbc:CompanyID>');
    expect(await ublSchemaErrors(res.body)).toEqual([]);
    expect(fatalRuleFailures(res.body)).toEqual([]);
  }, 240_000);

  it("keeps a consumer's invoice out of e-invoicing: no file, and the XML export answers 404", async () => {
    const owner = await register();
    const { order, invoice } = await buy({ buyerCountry: 'AE' });
    expect(existsSync(fileOf(invoice.number))).toBe(false);
    expect((await listed(order.id, owner.auth))?.invoice).toEqual({ number: invoice.number, eInvoice: false });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/orders/${order.id}/invoice.xml`,
      headers: owner.auth,
    });
    expect(res.statusCode).toBe(404);
  });

  it('is for the admin only', async () => {
    await register();
    const { buyer, order } = await buy(BUSINESS);
    const url = `/api/admin/orders/${order.id}/invoice.xml`;
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url, headers: buyer.auth })).statusCode).toBe(403);
  });

  it('a failing adapter loses nothing: the payment and invoice stand, the failure is logged, the export works', async () => {
    const owner = await register();
    const logger = memoryLogger();
    const original = { eInvoicing: t.deps.eInvoicing, log: t.deps.log };
    let attempts = 0;
    const down: EInvoicing = {
      async send() {
        attempts++;
        throw new Error('provider unreachable');
      },
    };
    Object.assign(t.deps, { eInvoicing: down, log: logger.logger });
    try {
      const { order, invoice } = await buy(BUSINESS);
      expect(order.status).toBe('paid');
      expect(attempts).toBe(2);
      expect(existsSync(fileOf(invoice.number))).toBe(false);
      const logged = logger.text();
      expect(logged).toContain('e-invoice could not be handed over');
      expect(logged).not.toContain(BUSINESS.buyerCompany);
      expect(logged).not.toContain(BUSINESS.buyerTrn);
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/orders/${order.id}/invoice.xml`,
        headers: owner.auth,
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`<cbc:ID>${invoice.number}</cbc:ID>`);
    } finally {
      Object.assign(t.deps, original);
    }
  });
});
