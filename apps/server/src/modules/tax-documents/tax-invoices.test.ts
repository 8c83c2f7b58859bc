import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { myOrdersSchema } from '@oasis/shared/invoices';
import { adminOrdersSchema } from '@oasis/shared/payments';
import type { TaxDocument } from '@oasis/shared/tax-documents';
import { vatSettingsSchema } from '@oasis/shared/vat';
import { seedCourse } from '../../db/factories.ts';
import { documentSeries, orders, outbox, taxDocuments } from '../../db/schema.ts';
import { createTestApp, memoryLogger } from '../../../test/helpers.ts';
import { startSmtpStandIn } from '../../../test/smtp-stand-in.ts';
import { createLogTransport } from '../../adapters/mail/log-transport.ts';
import { createSmtpTransport } from '../../adapters/mail/smtp.ts';
import { createSession } from '../auth/sessions.ts';
import { seedUser } from '../../db/factories.ts';
import { processOutbox, settleMail } from '../mail/outbox.ts';
import { setUpPaymentTests, VAT_REGISTERED } from '../payments/payments.fixtures.ts';
import { applyPaymentUpdate } from '../payments/service.ts';
import { takeDocumentNumber } from './service.ts';

const { t, learner, admin, initiate, setVat, payFor } = setUpPaymentTests();

/** A learner starts and pays for a course (sandbox), with the buyer fields given. */
async function buy(fields: Record<string, string> = { buyerCountry: 'AE' }, options: { locale?: 'ar' } = {}) {
  const buyer = await learner();
  const course = await seedCourse(t.deps.db, {
    title: `Off-plan Investing ${Math.random()}`,
    titleAr: 'الاستثمار في العقارات على الخارطة',
    priceFils: 105_00,
  });
  const headers = { ...buyer.auth, ...(options.locale && { 'accept-language': 'ar' }) };
  const order = await payFor(headers, { courseId: course.id, ...fields });
  return { buyer, course, order };
}

async function invoiceOf(orderId: string) {
  const [row] = await t.deps.db.select().from(taxDocuments).where(eq(taxDocuments.orderId, orderId));
  return row;
}

describe('VAT settings', () => {
  it('are the admin only, default to not registered, and never reach the public settings', async () => {
    const owner = await admin();
    await t.app.inject({ method: 'PUT', url: '/api/admin/settings/vat', headers: owner.auth, payload: VAT_REGISTERED });
    const read = await t.app.inject({ method: 'GET', url: '/api/admin/settings/vat', headers: owner.auth });
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(vatSettingsSchema.parse(read.json())).toMatchObject({ ...VAT_REGISTERED, ratePercent: 5 });
    const publicSettings = await t.app.inject({ method: 'GET', url: '/api/settings' });
    expect(publicSettings.body).not.toContain(VAT_REGISTERED.trn);

    const someone = await learner();
    for (const method of ['GET', 'PUT'] as const) {
      const res = await t.app.inject({ method, url: '/api/admin/settings/vat', headers: someone.auth, payload: {} });
      expect(res.statusCode).toBe(403);
    }
    await setVat(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/admin/settings/vat', headers: owner.auth });
    expect(after.json()).toMatchObject({ registered: false });
  });

  it('refuses a registration without a 15-digit TRN, a legal name or an address, per field, in both languages', async () => {
    const owner = await admin();
    const payload = { registered: true, trn: '12345', legalName: '', address: ' ' };
    const en = await t.app.inject({ method: 'PUT', url: '/api/admin/settings/vat', headers: owner.auth, payload });
    expect(en.statusCode).toBe(400);
    expect(en.json().errors).toEqual({
      trn: 'A Tax Registration Number (TRN) is 15 digits.',
      legalName: 'Enter the legal name registered for VAT.',
      address: 'Enter the address registered for VAT.',
    });
    const ar = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/vat',
      headers: { ...owner.auth, 'accept-language': 'ar' },
      payload: { ...VAT_REGISTERED, trn: '1002345678900031' },
    });
    expect(ar.statusCode).toBe(400);
    expect(ar.json().errors).toEqual({ trn: 'يتكوّن رقم التسجيل الضريبي من 15 رقمًا.' });
    expect(ar.json().fields.trn.code).toBe('tax.trnInvalid');
  });
});

describe('checkout', () => {
  it("asks a registered seller's buyer for the country, and records it with the business details", async () => {
    await setVat(true);
    const buyer = await learner();
    const course = await seedCourse(t.deps.db, { title: `Checkout ${Math.random()}`, priceFils: 50_000 });
    const missing = await initiate(buyer.auth, { courseId: course.id });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().fields.buyerCountry.code).toBe('tax.countryRequired');
    const bad = await initiate(buyer.auth, { courseId: course.id, buyerCountry: 'ZZ', buyerTrn: '12' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['buyerCountry', 'buyerTrn']);
    expect(await t.deps.db.select().from(orders).where(eq(orders.courseId, course.id))).toEqual([]);

    const ok = await initiate(buyer.auth, {
      courseId: course.id,
      buyerCountry: 'sa',
      buyerCompany: 'Gulf Holdings LLC',
      buyerAddress: 'Riyadh',
      buyerTrn: '300 000 000 000 003',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    const [order] = await t.deps.db.select().from(orders).where(eq(orders.courseId, course.id));
    expect(order).toMatchObject({
      buyerCountry: 'SA',
      buyerCompany: 'Gulf Holdings LLC',
      buyerAddress: 'Riyadh',
      buyerTrn: '300000000000003',
      clientCountry: null,
    });
  });

  it('does not ask for the country when the seller is not registered, and the quote says which', async () => {
    await setVat(false);
    const buyer = await learner();
    const course = await seedCourse(t.deps.db, { title: `Plain ${Math.random()}`, priceFils: 50_000 });
    const quote = await t.app.inject({
      method: 'GET',
      url: `/api/payment/quote?course=${course.id}`,
      headers: buyer.auth,
    });
    expect(quote.json()).toMatchObject({ vatRegistered: false });
    expect((await initiate(buyer.auth, { courseId: course.id })).statusCode).toBe(200);
    await setVat(true);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/payment/quote?course=${course.id}`,
      headers: buyer.auth,
    });
    expect(again.json()).toMatchObject({ vatRegistered: true });
  });
});

describe('tax invoices', () => {
  it("a registered seller's paid order gets a simplified invoice: VAT inside the price, the seller's snapshot", async () => {
    await setVat(true);
    const { order } = await buy();
    const row = await invoiceOf(order.id);
    expect(row?.kind).toBe('invoice');
    const doc = row?.document as TaxDocument;
    expect(doc).toMatchObject({
      kind: 'invoice',
      form: 'simplified',
      number: row?.number,
      locale: 'en',
      seller: {
        name: VAT_REGISTERED.legalName,
        address: VAT_REGISTERED.address,
        trn: VAT_REGISTERED.trn,
        country: 'AE',
      },
      buyer: null,
      buyerCountry: 'AE',
      totals: { grossFils: 105_00, vatFils: 5_00, netFils: 100_00, discountFils: 0 },
    });
    expect(doc.lines[0]).toMatchObject({ treatment: 'standard', vatRatePercent: 5, listPriceFils: 105_00 });
    expect(row?.number).toMatch(/^INV-\d{6}$/);
    expect(row?.pdf?.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('gives a business buyer a full invoice, in Arabic after an Arabic checkout, out of scope outside the UAE', async () => {
    await setVat(true);
    const { order } = await buy(
      { buyerCountry: 'SA', buyerCompany: 'Gulf Holdings LLC', buyerAddress: 'Riyadh', buyerTrn: '300000000000003' },
      { locale: 'ar' },
    );
    const doc = (await invoiceOf(order.id))?.document as TaxDocument;
    expect(doc).toMatchObject({
      form: 'full',
      locale: 'ar',
      seller: { name: VAT_REGISTERED.legalNameAr, address: VAT_REGISTERED.addressAr },
      buyer: { name: 'Gulf Holdings LLC', address: 'Riyadh', trn: '300000000000003', country: 'SA' },
      totals: { grossFils: 105_00, vatFils: 0, netFils: 105_00 },
    });
    expect(doc.lines[0]).toMatchObject({ treatment: 'out_of_scope', description: 'الاستثمار في العقارات على الخارطة' });
  });

  it('a seller not registered issues none and the receipt has no attachment', async () => {
    await setVat(false);
    const { order, buyer } = await buy({});
    expect(await invoiceOf(order.id)).toBeUndefined();
    const [mail] = await t.mail.waitForMail(buyer.user.email);
    expect((mail as { attachments?: unknown }).attachments).toBeUndefined();
  });

  it('the receipt e-mail carries the invoice PDF', async () => {
    await setVat(true);
    const { order, buyer } = await buy();
    const row = await invoiceOf(order.id);
    await settleMail();
    const [mail] = await t.mail.waitForMail(buyer.user.email);
    const attachments = (mail as { attachments?: { filename: string; content: Buffer }[] }).attachments;
    expect(attachments?.map((a) => a.filename)).toEqual([`${row?.number}.pdf`]);
    expect(attachments?.[0]?.content.subarray(0, 5).toString()).toBe('%PDF-');
    const [queued] = await t.deps.db.select().from(outbox).where(eq(outbox.to, buyer.user.email));
    expect(queued?.taxDocumentId).toBe(row?.id);
  });

  it('through SMTP the invoice arrives as a PDF attachment; the log transport names it only', async () => {
    await setVat(true);
    const smtp = await startSmtpStandIn();
    const transport = createSmtpTransport(smtp.url);
    t.deps.mailTransport = transport;
    try {
      const { order, buyer } = await buy();
      await settleMail();
      const row = await invoiceOf(order.id);
      const mail = smtp.messages.find((m) => m.to.includes(buyer.user.email));
      expect(mail?.raw).toMatch(new RegExp(`Content-Disposition: attachment;\\s+filename=${row?.number}\\.pdf`));
      expect(mail?.raw).toContain('Content-Type: application/pdf');
      // '%PDF-' in base64.
      expect(mail?.raw).toContain('JVBERi0');
    } finally {
      transport.close();
      t.deps.mailTransport = t.mail;
      await smtp.close();
    }

    const { logger, text } = memoryLogger();
    t.deps.mailTransport = createLogTransport(logger, { printText: false });
    try {
      const { order } = await buy();
      await settleMail();
      await processOutbox(t.deps);
      const row = await invoiceOf(order.id);
      expect(text()).not.toContain('JVBERi0');
      expect(text()).not.toContain(row?.number ?? 'none');
    } finally {
      t.deps.mailTransport = t.mail;
    }
  });

  it('100 concurrent confirmations take 100 distinct consecutive numbers', async () => {
    await setVat(true);
    const buyer = await learner();
    const course = await seedCourse(t.deps.db, { title: `Busy ${Math.random()}`, priceFils: 105_00 });
    const refs = Array.from({ length: 100 }, (_, i) => `sbx_busy_${i}_${Math.random().toString(36).slice(2)}`);
    await t.deps.db.insert(orders).values(
      refs.map((providerRef) => ({
        userId: buyer.user.id,
        courseId: course.id,
        email: buyer.user.email,
        amountFils: 105_00,
        listPriceFils: 105_00,
        provider: 'sandbox',
        providerRef,
        buyerCountry: 'AE',
      })),
    );
    const outcomes = await Promise.all(
      refs.map((paymentIntentId) =>
        applyPaymentUpdate(t.deps, { paymentIntentId, status: 'completed', amountFils: 105_00, currency: 'AED' }),
      ),
    );
    expect(outcomes.every((o) => o === 'paid')).toBe(true);
    const rows = await t.deps.db
      .select({ number: taxDocuments.number })
      .from(taxDocuments)
      .innerJoin(orders, eq(orders.id, taxDocuments.orderId))
      .where(eq(orders.courseId, course.id));
    const numbers = rows.map((r) => Number(r.number.slice(4))).sort((a, b) => a - b);
    expect(new Set(numbers).size).toBe(100);
    expect(numbers.at(-1)! - numbers[0]!).toBe(99);
    await settleMail();
  }, 120_000);

  it('a rolled-back issue gives its number back', async () => {
    const before = await t.deps.db.transaction((tx) => takeDocumentNumber(tx, 'CN'));
    await expect(
      t.deps.db.transaction(async (tx) => {
        await takeDocumentNumber(tx, 'CN');
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = await t.deps.db.transaction((tx) => takeDocumentNumber(tx, 'CN'));
    expect(after).toBe(before + 1);
    const [series] = await t.deps.db.select().from(documentSeries).where(eq(documentSeries.series, 'CN'));
    expect(series?.next).toBe(after + 1);
  });
});

describe('My orders and downloads', () => {
  it("lists the learner's own orders with their invoices, and only the buyer or an admin downloads one", async () => {
    await setVat(true);
    const { order, buyer, course } = await buy();
    const number = (await invoiceOf(order.id))?.number;
    const list = await t.app.inject({ method: 'GET', url: '/api/orders', headers: buyer.auth });
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(myOrdersSchema.parse(list.json()).orders).toEqual([
      expect.objectContaining({
        _id: order.id,
        status: 'paid',
        amount: 105,
        invoice: { number },
        course: expect.objectContaining({ _id: course.id }),
      }),
    ]);

    // The PDF drawn at confirmation is what is served; a missing one is drawn and stored.
    await t.deps.db.update(taxDocuments).set({ pdf: null }).where(eq(taxDocuments.orderId, order.id));
    const url = `/api/orders/${order.id}/invoice.pdf`;
    const mine = await t.app.inject({ method: 'GET', url, headers: buyer.auth });
    expect(mine.statusCode).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect(mine.headers['cache-control']).toBe('private, no-store');
    expect(mine.headers['content-disposition']).toBe(`attachment; filename="${number}.pdf"`);
    expect(mine.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await invoiceOf(order.id))?.pdf?.equals(mine.rawPayload)).toBe(true);

    const stranger = await learner('Sam Stranger');
    const theirs = await t.app.inject({ method: 'GET', url, headers: stranger.auth });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const owner = await admin();
    expect((await t.app.inject({ method: 'GET', url, headers: owner.auth })).statusCode).toBe(200);
    const adminList = adminOrdersSchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/admin/orders', headers: owner.auth })).json(),
    );
    expect(adminList.orders.find((o) => o._id === order.id)?.invoice).toEqual({ number, eInvoice: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/orders', headers: stranger.auth })).json()).toEqual({
      orders: [],
    });
  });

  it('an order without an invoice answers 404', async () => {
    await setVat(false);
    const { order, buyer } = await buy({});
    const res = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}/invoice.pdf`, headers: buyer.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('tax.invoiceNotFound');
    expect(await t.deps.db.execute(sql`select 1`)).toBeTruthy();
  });
});

describe('the client country from a trusted proxy', () => {
  it('is recorded from CLIENT_COUNTRY_HEADER only when TRUST_PROXY is set', async () => {
    for (const [env, expected] of [
      [{ TRUST_PROXY: '1', CLIENT_COUNTRY_HEADER: 'CF-IPCountry' }, 'DE'],
      [{ CLIENT_COUNTRY_HEADER: 'CF-IPCountry' }, null],
    ] as const) {
      const own = await createTestApp({ env });
      try {
        const user = await seedUser(own.deps.db, {});
        const { token } = await createSession(own.deps.db, user.id, 'learner');
        const course = await seedCourse(own.deps.db, { title: 'Proxy course', priceFils: 10_000 });
        const res = await own.app.inject({
          method: 'POST',
          url: '/api/payment/initiate',
          headers: { authorization: `Bearer ${token}`, 'cf-ipcountry': 'de' },
          payload: { courseId: course.id },
        });
        expect(res.statusCode, res.body).toBe(200);
        const [order] = await own.deps.db.select().from(orders).where(eq(orders.courseId, course.id));
        expect(order?.clientCountry ?? null).toBe(expected);
      } finally {
        await settleMail();
        await own.close();
      }
    }
  }, 120_000);
});
