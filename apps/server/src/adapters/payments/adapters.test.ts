import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type StripeFake, startStripeFake } from '../../../test/fakes/stripe.ts';
import { startZiinaFake, type ZiinaFake } from '../../../test/fakes/ziina.ts';
import {
  type CreatePaymentInput,
  PAYMENT_ID_PLACEHOLDER,
  PaymentProviderError,
  WebhookVerificationError,
  type WebhookUpdate,
} from './index.ts';
import { StripePaymentProvider } from './stripe.ts';
import { ZiinaPaymentProvider } from './ziina.ts';

/** A payment webhook's status (null for a refund update or nothing). */
const statusOf = (update: WebhookUpdate) => (update && 'status' in update ? update.status : null);

const SITE = 'https://oasis.example';

function paymentInput(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    orderId: crypto.randomUUID(),
    amountFils: 88_800,
    currency: 'AED',
    description: 'Oasis: Off-plan Investing',
    successUrl: `${SITE}/success/${PAYMENT_ID_PLACEHOLDER}`,
    cancelUrl: `${SITE}/cancel/${PAYMENT_ID_PLACEHOLDER}`,
    cancelUrlByOrder: `${SITE}/api/payment/return/order-1/cancel`,
    customerEmail: 'buyer@example.test',
    ...overrides,
  };
}

async function followHostedPage(paymentUrl: string, action: 'pay' | 'cancel') {
  const res = await fetch(`${paymentUrl}?action=${action}`, { redirect: 'manual' });
  expect(res.status).toBe(302);
  return res.headers.get('location');
}

describe('Ziina adapter against the local Ziina stand-in', () => {
  let fake: ZiinaFake;
  let ziina: ZiinaPaymentProvider;
  beforeAll(async () => {
    fake = await startZiinaFake();
    ziina = new ZiinaPaymentProvider({
      apiUrl: fake.apiUrl,
      apiKey: fake.apiKey,
      webhookSecret: fake.webhookSecret,
      test: true,
    });
  });
  afterAll(() => fake.close());

  it('creates a payment intent with the documented request and returns its hosted page', async () => {
    const created = await ziina.createPayment(paymentInput());
    const request = fake.requests.at(-1);
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/api/payment_intent');
    expect(request?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
    expect(request?.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request?.body ?? '{}')).toEqual({
      amount: 88_800,
      currency_code: 'AED',
      message: 'Oasis: Off-plan Investing',
      success_url: `${SITE}/success/{PAYMENT_INTENT_ID}`,
      cancel_url: `${SITE}/cancel/{PAYMENT_INTENT_ID}`,
      failure_url: `${SITE}/cancel/{PAYMENT_INTENT_ID}`,
      test: true,
    });
    expect(fake.intents.get(created.paymentIntentId)?.test).toBe(true);
    expect(created.paymentUrl).toBe(`${fake.apiUrl.replace(/\/api$/, '')}/pay/${created.paymentIntentId}`);
    // Ziina sends the buyer back with its id in place of the placeholder.
    expect(await followHostedPage(created.paymentUrl, 'pay')).toBe(`${SITE}/success/${created.paymentIntentId}`);
  });

  it("maps Ziina's statuses", async () => {
    const { paymentIntentId } = await ziina.createPayment(paymentInput({ amountFils: 12_345 }));
    expect(await ziina.getPayment(paymentIntentId)).toEqual({
      paymentIntentId,
      status: 'pending',
      amountFils: 12_345,
      currency: 'AED',
    });
    const expected = {
      requires_payment_instrument: 'pending',
      requires_user_action: 'pending',
      pending: 'pending',
      completed: 'completed',
      failed: 'failed',
      canceled: 'canceled',
    } as const;
    for (const [ziinaStatus, state] of Object.entries(expected)) {
      fake.setStatus(paymentIntentId, ziinaStatus as keyof typeof expected);
      expect((await ziina.getPayment(paymentIntentId)).status, ziinaStatus).toBe(state);
    }
    const last = fake.requests.at(-1);
    expect(last?.method).toBe('GET');
    expect(last?.path).toBe(`/api/payment_intent/${paymentIntentId}`);
    expect(last?.headers.authorization).toBe(`Bearer ${fake.apiKey}`);
  });

  it('verifies webhooks by the HMAC of the raw body', async () => {
    const { paymentIntentId } = await ziina.createPayment(paymentInput());
    fake.setStatus(paymentIntentId, 'completed');
    const genuine = fake.webhook(paymentIntentId);
    expect(ziina.verifyWebhook(genuine.body, genuine.headers)).toEqual({
      paymentIntentId,
      status: 'completed',
      amountFils: 88_800,
      currency: 'AED',
    });
    // Header names arrive in any case; Node lower-cases them, and so does headerValue.
    expect(
      ziina.verifyWebhook(genuine.body, { 'x-hmac-signature': genuine.headers['x-hmac-signature'] }),
    ).not.toBeNull();

    const forged = fake.webhook(paymentIntentId, 'not-the-secret');
    expect(() => ziina.verifyWebhook(forged.body, forged.headers)).toThrow(WebhookVerificationError);
    expect(() => ziina.verifyWebhook(genuine.body, {})).toThrow(WebhookVerificationError);
    const altered = Buffer.from(genuine.body.toString().replace('88800', '100'));
    expect(() => ziina.verifyWebhook(altered, genuine.headers)).toThrow(WebhookVerificationError);
    expect(() => ziina.verifyWebhook(genuine.body, { 'x-hmac-signature': 'zz' })).toThrow(WebhookVerificationError);
  });

  it('refuses a genuine signature with anything added, cut or changed in case', async () => {
    const { paymentIntentId } = await ziina.createPayment(paymentInput());
    fake.setStatus(paymentIntentId, 'completed');
    const genuine = fake.webhook(paymentIntentId);
    const signature = genuine.headers['x-hmac-signature']!;
    expect(ziina.verifyWebhook(genuine.body, genuine.headers)).not.toBeNull();
    for (const variant of [
      `${signature}zz`,
      `${signature}z`,
      `${signature}0`,
      `${signature}00`,
      signature.slice(0, -1),
      signature.toUpperCase(),
      ` ${signature}`,
      `${signature}\n`,
      `${signature},${signature}`,
    ]) {
      expect(() => ziina.verifyWebhook(genuine.body, { 'x-hmac-signature': variant }), variant).toThrow(
        WebhookVerificationError,
      );
    }
  });

  it('ignores genuine events about other things, and refuses signed garbage', async () => {
    const { createHmac } = await import('node:crypto');
    const sign = (body: Buffer) => ({
      'x-hmac-signature': createHmac('sha256', fake.webhookSecret).update(body).digest('hex'),
    });
    const other = Buffer.from(JSON.stringify({ event: 'account.updated', data: { id: 'a1' } }));
    expect(ziina.verifyWebhook(other, sign(other))).toBeNull();
    // A refund event must name the payment it refunds.
    const refund = Buffer.from(
      JSON.stringify({ event: 'refund.status.updated', data: { id: 'r1', status: 'completed' } }),
    );
    expect(() => ziina.verifyWebhook(refund, sign(refund))).toThrow(WebhookVerificationError);
    const garbage = Buffer.from('not json');
    expect(() => ziina.verifyWebhook(garbage, sign(garbage))).toThrow(WebhookVerificationError);
    const noIntent = Buffer.from(JSON.stringify({ event: 'payment_intent.status.updated', data: { nope: 1 } }));
    expect(() => ziina.verifyWebhook(noIntent, sign(noIntent))).toThrow(WebhookVerificationError);
  });

  it('reports refusals and outages as PaymentProviderError', async () => {
    const wrongKey = new ZiinaPaymentProvider({ apiUrl: fake.apiUrl, apiKey: 'wrong', webhookSecret: 's', test: true });
    await expect(wrongKey.createPayment(paymentInput())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 401,
    });
    await expect(ziina.getPayment('no-such-intent')).rejects.toBeInstanceOf(PaymentProviderError);
    await expect(ziina.createPayment(paymentInput({ amountFils: 0 }))).rejects.toMatchObject({ status: 400 });
    const down = new ZiinaPaymentProvider({
      apiUrl: 'http://127.0.0.1:9/api',
      apiKey: 'k',
      webhookSecret: 's',
      test: true,
      timeoutMs: 2_000,
    });
    await expect(down.getPayment('x')).rejects.toBeInstanceOf(PaymentProviderError);
  });
});

describe('Stripe adapter (official SDK) against the local Stripe stand-in', () => {
  let fake: StripeFake;
  let stripe: StripePaymentProvider;
  beforeAll(async () => {
    fake = await startStripeFake();
    stripe = new StripePaymentProvider({
      secretKey: fake.secretKey,
      webhookSecret: fake.webhookSecret,
      apiUrl: fake.apiUrl,
    });
  });
  afterAll(() => fake.close());

  it('creates a Checkout Session in AED fils with the order in its metadata', async () => {
    const input = paymentInput();
    const created = await stripe.createPayment(input);
    expect(created.paymentIntentId).toMatch(/^cs_test_/);
    const request = fake.requests.at(-1);
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(request?.headers['idempotency-key']).toBe(`oasis-order-${input.orderId}`);
    expect(fake.created.at(-1)).toEqual({
      mode: 'payment',
      line_items: [
        {
          quantity: '1',
          price_data: { currency: 'aed', unit_amount: '88800', product_data: { name: 'Oasis: Off-plan Investing' } },
        },
      ],
      success_url: `${SITE}/success/{CHECKOUT_SESSION_ID}`,
      cancel_url: input.cancelUrlByOrder,
      customer_email: 'buyer@example.test',
      client_reference_id: input.orderId,
      metadata: { orderId: input.orderId },
    });
    expect(await followHostedPage(created.paymentUrl, 'pay')).toBe(`${SITE}/success/${created.paymentIntentId}`);

    // A retried creation for the same order gets the same session.
    const again = await stripe.createPayment(input);
    expect(again.paymentIntentId).toBe(created.paymentIntentId);
  });

  it('reads the session: paid → completed, expired → canceled, otherwise pending', async () => {
    const { paymentIntentId } = await stripe.createPayment(paymentInput());
    expect(await stripe.getPayment(paymentIntentId)).toEqual({
      paymentIntentId,
      status: 'pending',
      amountFils: 88_800,
      currency: 'AED',
    });
    fake.pay(paymentIntentId);
    expect((await stripe.getPayment(paymentIntentId)).status).toBe('completed');
    const other = await stripe.createPayment(paymentInput());
    fake.expire(other.paymentIntentId);
    expect((await stripe.getPayment(other.paymentIntentId)).status).toBe('canceled');
    await expect(stripe.getPayment('cs_test_unknown')).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 404,
    });
  });

  it('verifies Stripe-Signature on webhooks', async () => {
    const { paymentIntentId } = await stripe.createPayment(paymentInput());
    fake.pay(paymentIntentId);
    const completed = fake.event(paymentIntentId, 'checkout.session.completed');
    expect(stripe.verifyWebhook(completed.body, completed.headers)).toEqual({
      paymentIntentId,
      status: 'completed',
      amountFils: 88_800,
      currency: 'AED',
    });
    // The SDK's own test header is accepted too (same scheme).
    const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({
      payload: completed.body.toString(),
      secret: fake.webhookSecret,
    });
    expect(statusOf(stripe.verifyWebhook(completed.body, { 'stripe-signature': header }))).toBe('completed');

    const forged = fake.event(paymentIntentId, 'checkout.session.completed', { secret: 'whsec_wrong' });
    expect(() => stripe.verifyWebhook(forged.body, forged.headers)).toThrow(WebhookVerificationError);
    expect(() => stripe.verifyWebhook(completed.body, {})).toThrow(WebhookVerificationError);
    const stale = fake.event(paymentIntentId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => stripe.verifyWebhook(stale.body, stale.headers)).toThrow(WebhookVerificationError);
    // The window holds both ways: an event signed for later is refused too, a little clock skew is not.
    const future = fake.event(paymentIntentId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) + 3600,
    });
    expect(() => stripe.verifyWebhook(future.body, future.headers)).toThrow(WebhookVerificationError);
    const justOver = fake.event(paymentIntentId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) + 360,
    });
    expect(() => stripe.verifyWebhook(justOver.body, justOver.headers)).toThrow(WebhookVerificationError);
    const skewed = fake.event(paymentIntentId, 'checkout.session.completed', {
      timestamp: Math.floor(Date.now() / 1000) + 30,
    });
    expect(statusOf(stripe.verifyWebhook(skewed.body, skewed.headers))).toBe('completed');
    const altered = Buffer.from(completed.body.toString().replace('"amount_total": 88800', '"amount_total": 100'));
    expect(altered.equals(completed.body)).toBe(false);
    expect(() => stripe.verifyWebhook(altered, completed.headers)).toThrow(WebhookVerificationError);
  });

  it('maps the Checkout events and ignores the rest', async () => {
    const { paymentIntentId } = await stripe.createPayment(paymentInput());
    const open = fake.event(paymentIntentId, 'checkout.session.completed');
    // Completed but not yet paid (a delayed payment method): still pending.
    expect(statusOf(stripe.verifyWebhook(open.body, open.headers))).toBe('pending');
    const failed = fake.event(paymentIntentId, 'checkout.session.async_payment_failed');
    expect(statusOf(stripe.verifyWebhook(failed.body, failed.headers))).toBe('failed');
    fake.pay(paymentIntentId);
    const succeeded = fake.event(paymentIntentId, 'checkout.session.async_payment_succeeded');
    expect(statusOf(stripe.verifyWebhook(succeeded.body, succeeded.headers))).toBe('completed');
    const expired = fake.event(paymentIntentId, 'checkout.session.expired');
    expect(statusOf(stripe.verifyWebhook(expired.body, expired.headers))).toBe('canceled');
    const other = fake.event(paymentIntentId, 'customer.created');
    expect(stripe.verifyWebhook(other.body, other.headers)).toBeNull();
  });

  it('reports a wrong key as PaymentProviderError', async () => {
    const wrong = new StripePaymentProvider({ secretKey: 'sk_test_wrong', webhookSecret: 'w', apiUrl: fake.apiUrl });
    await expect(wrong.createPayment(paymentInput())).rejects.toMatchObject({
      name: 'PaymentProviderError',
      status: 401,
    });
  });
});
