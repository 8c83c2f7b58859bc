import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@oasis/shared/api';
import { orderReference, PAYMENT_MESSAGES, paymentStatusSchema } from '@oasis/shared/payments';
import { sandboxPayments } from '../../db/schema.ts';
import { settleMail } from '../mail/outbox.ts';
import { keyOf, setUpPaymentTests } from './payments.fixtures.ts';

const { t, startPayment, keys, enrolmentCount, orderOf, confirmationMails, status, press, pay } = setUpPaymentTests();

describe('sandbox hosted page', () => {
  it("renders a 'Test mode' page with the course, the amount and Pay/Cancel forms", async () => {
    const { paymentIntentId, paymentUrl, course } = await startPayment();
    const res = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.body).toContain('Test mode');
    expect(res.body).toContain('<html lang="en">');
    expect(res.body).toContain(course.title);
    expect(res.body).toContain('AED 888.00');
    expect(res.body).toContain(`action="/api/payment/sandbox/${paymentIntentId}/pay"`);
    expect(res.body).toContain(`action="/api/payment/sandbox/${paymentIntentId}/cancel"`);
    // Both forms carry the payment's key in their body, not in their address.
    expect(res.body.split(`<input type="hidden" name="key" value="${keyOf(paymentUrl)}">`)).toHaveLength(3);
    expect(res.body).not.toContain('<script');
  });

  it('tells buyers it is a test payment, and nothing meant for developers', async () => {
    const { paymentUrl } = await startPayment();
    const res = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(res.body).toContain('Test mode: no real payment is taken.');
    expect(res.body).not.toMatch(/PAYMENT_PROVIDER|ziina|stripe|stands in for/i);
  });

  it('escapes what it shows', async () => {
    const { paymentIntentId, paymentUrl } = await startPayment();
    await t.deps.db
      .update(sandboxPayments)
      .set({ description: '<img src=x onerror=alert(1)>' })
      .where(eq(sandboxPayments.id, paymentIntentId));
    const res = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(res.body).not.toContain('<img src=x');
    expect(res.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
  });

  it('Pay enrols the buyer through the signed webhook and redirects to /success/{id}', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const res = await pay(paymentIntentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/success/${paymentIntentId}`);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
    const order = await orderOf(paymentIntentId);
    expect(order.status).toBe('paid');
    expect(order.paidAt).toBeInstanceOf(Date);

    const st = await status(buyer.auth, paymentIntentId);
    expect(st.statusCode).toBe(200);
    expect(paymentStatusSchema.parse(st.json())).toMatchObject({
      status: 'paid',
      paymentIntentId,
      reference: orderReference(order.id),
      course: { _id: course.id, slug: course.slug, title: course.title, titleAr: course.titleAr },
      amount: 888,
      currency: 'AED',
      provider: 'sandbox',
    });

    // The confirmation e-mail: order reference and amount.
    await settleMail();
    const mails = t.mail.sent.filter((m) => m.to === buyer.user.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toContain(course.title);
    expect(mails[0]?.text).toContain(orderReference(order.id));
    expect(mails[0]?.text).toContain('AED 888.00');

    // Pressing Pay again (a double click, a reload) changes nothing.
    const again = await pay(paymentIntentId);
    expect(again.statusCode).toBe(303);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
    expect(await confirmationMails(buyer.user.email)).toHaveLength(1);
  });

  it('Cancel marks the order canceled, enrols nobody and redirects to /cancel/{id}', async () => {
    const { buyer, course, paymentIntentId, paymentUrl } = await startPayment();
    const res = await press('cancel', paymentIntentId);
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(`/cancel/${paymentIntentId}`);
    expect((await orderOf(paymentIntentId)).status).toBe('canceled');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
    // Pay after cancel does not revive it.
    const late = await pay(paymentIntentId);
    expect(late.statusCode).toBe(303);
    expect(late.headers.location).toBe(paymentUrl);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
    const page = await t.app.inject({ method: 'GET', url: paymentUrl });
    expect(page.body).toContain('This test payment was canceled.');
    expect(page.body).not.toContain('/pay"');
  });

  it("does nothing for the payment id alone or a wrong key: only the link's key pays or cancels", async () => {
    const { buyer, course, paymentIntentId, paymentUrl } = await startPayment();
    const wrongKey = keyOf((await startPayment()).paymentUrl);
    for (const button of ['pay', 'cancel'] as const) {
      for (const key of ['', wrongKey, `${keys.get(paymentIntentId)}x`]) {
        const res = await press(button, paymentIntentId, key);
        expect(res.statusCode, `${button} with key '${key}'`).toBe(404);
        expect(apiErrorSchema.parse(res.json()).message).toBe(PAYMENT_MESSAGES.paymentNotFound);
      }
      // No body at all, as a script posting to the address would.
      const bare = await t.app.inject({ method: 'POST', url: `/api/payment/sandbox/${paymentIntentId}/${button}` });
      expect(bare.statusCode).toBe(404);
      // The key in the address instead of the form: the buttons never send it there.
      const inQuery = await t.app.inject({
        method: 'POST',
        url: `/api/payment/sandbox/${paymentIntentId}/${button}?key=${keys.get(paymentIntentId)}`,
      });
      expect(inQuery.statusCode).toBe(404);
    }
    for (const url of [
      `/api/payment/sandbox/${paymentIntentId}`,
      `/api/payment/sandbox/${paymentIntentId}?key=${wrongKey}`,
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.body).not.toContain(buyer.user.email);
    }
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(row?.status).toBe('pending');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);

    // The link's own key works.
    expect((await t.app.inject({ method: 'GET', url: paymentUrl })).statusCode).toBe(200);
    expect((await pay(paymentIntentId)).headers.location).toBe(`/success/${paymentIntentId}`);
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(1);
  });

  it('stores only a hash of the key, and a payment stored without one can never be paid', async () => {
    const { buyer, course, paymentIntentId } = await startPayment();
    const [row] = await t.deps.db.select().from(sandboxPayments).where(eq(sandboxPayments.id, paymentIntentId));
    expect(row?.secretHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.secretHash).not.toContain(keys.get(paymentIntentId));
    await t.deps.db.update(sandboxPayments).set({ secretHash: null }).where(eq(sandboxPayments.id, paymentIntentId));
    expect((await pay(paymentIntentId)).statusCode).toBe(404);
    expect((await orderOf(paymentIntentId)).status).toBe('pending');
    expect(await enrolmentCount(buyer.user.id, course.id)).toBe(0);
  });

  it('answers unknown sandbox payments with an error, not a page', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payment/sandbox/sbx_${'0'.repeat(24)}` });
    expect(res.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/payment/sandbox/nope' });
    expect(bad.statusCode).toBe(400);
  });
});
