import { createHmac, randomBytes } from 'node:crypto';
import { bearerOf, type FakeRequest, type FakeResponse, startFakeServer } from './http.ts';

/**
 * A local stand-in for the part of Stripe's API that Checkout uses, built from Stripe's API
 * reference (enough for the official SDK to talk to it):
 * - `POST /v1/checkout/sessions`, form-encoded with bracket keys (`line_items[0][price_data][unit_amount]`),
 *   bearer secret key, `Idempotency-Key` honoured; answers a `checkout.session` object.
 * - `GET /v1/checkout/sessions/{id}` answers it again; unknown ids get Stripe's error shape.
 * - Its hosted page sends the buyer to `success_url` with `{CHECKOUT_SESSION_ID}` replaced, or to
 *   `cancel_url` (unchanged: Stripe substitutes only in the success URL).
 * - `GET /v1/checkout/sessions?payment_intent=pi_…` lists the session of a payment intent.
 * - `POST /v1/refunds` (`payment_intent`, `amount` defaulting to what remains, `metadata[…]`,
 *   `Idempotency-Key` honoured) answers a `refund` object, refusing more than remains
 *   (`charge_already_refunded` / amount too large). Card refunds answer `succeeded` at once unless
 *   `refundsStayPending` is set; `GET /v1/refunds/{id}` and `GET /v1/refunds?payment_intent=` read them.
 * - Webhook events `{ id, object: 'event', type, data: { object } … }` signed in `Stripe-Signature`
 *   as `t={unix},v1={hex HMAC-SHA256 of "{t}.{body}" with the endpoint secret}`.
 */
export interface StripeSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer_email: string | null;
  expires_at: number;
  livemode: false;
  metadata: Record<string, string>;
  mode: string;
  payment_intent: string | null;
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  success_url: string;
  url: string | null;
}

export interface StripeRefund {
  id: string;
  object: 'refund';
  amount: number;
  charge: string;
  created: number;
  currency: string;
  metadata: Record<string, string>;
  payment_intent: string;
  reason: string | null;
  status: 'pending' | 'succeeded' | 'failed' | 'canceled' | 'requires_action';
}

export interface StripeFake {
  /** As STRIPE_API_URL: `http://127.0.0.1:{port}`. */
  apiUrl: string;
  secretKey: string;
  webhookSecret: string;
  sessions: Map<string, StripeSession>;
  requests: FakeRequest[];
  /** The parsed form of every session creation request, in order. */
  created: Record<string, unknown>[];
  refunds: Map<string, StripeRefund>;
  /** New refunds answer `pending` (then `settleRefund` decides) instead of `succeeded`. */
  refundsStayPending: boolean;
  pay(id: string): StripeSession;
  /** A refund made in Stripe's dashboard (no metadata of ours). */
  refundInDashboard(sessionId: string, amount: number): StripeRefund;
  settleRefund(id: string, status: 'succeeded' | 'failed'): StripeRefund;
  /** An event about any object (a refund, a charge), signed like Stripe signs it. */
  objectEvent(object: unknown, type: string): { body: Buffer; headers: Record<string, string> };
  /** The charge of a session's payment as `charge.refunded` carries it. */
  chargeOf(sessionId: string): Record<string, unknown>;
  expire(id: string): StripeSession;
  /** An event about the session as it is now, signed like Stripe signs it. */
  event(
    id: string,
    type: string,
    options?: { secret?: string; timestamp?: number },
  ): { body: Buffer; headers: Record<string, string> };
  close(): Promise<void>;
}

/** `a[b][0][c]=v` pairs into nested objects and arrays, the way Stripe reads form bodies. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const parts = key.split(/\[|\]\[|\]/).filter((p) => p !== '');
    let node: Record<string, unknown> | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(parts[i + 1] ?? '');
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Record<string, unknown>;
    });
  }
  return root;
}

function stripeError(status: number, message: string, extra: Record<string, string> = {}): FakeResponse {
  return { status, body: { error: { type: 'invalid_request_error', message, ...extra } } };
}

/** The Idempotency-Key header Stripe's SDK sends on a create, if any. */
function idempotencyKeyOf(request: FakeRequest): string | undefined {
  const key = request.headers['idempotency-key'];
  return Array.isArray(key) ? key[0] : key;
}

export async function startStripeFake(options: { secretKey?: string; webhookSecret?: string } = {}) {
  const secretKey = options.secretKey ?? 'sk_test_oasis';
  const webhookSecret = options.webhookSecret ?? 'whsec_oasis_test';
  const sessions = new Map<string, StripeSession>();
  const byIdempotencyKey = new Map<string, string>();
  const refunds = new Map<string, StripeRefund>();
  const refundByIdempotencyKey = new Map<string, string>();
  let origin = '';

  const refundedOf = (paymentIntent: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent === paymentIntent && r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  const sessionOfIntent = (paymentIntent: string) =>
    [...sessions.values()].find((session) => session.payment_intent === paymentIntent);
  function makeRefund(session: StripeSession, amount: number, metadata: Record<string, string>): StripeRefund {
    const refund: StripeRefund = {
      id: `re_${randomBytes(12).toString('hex')}`,
      object: 'refund',
      amount,
      charge: `ch_${(session.payment_intent ?? '').slice(3)}`,
      created: Math.floor(Date.now() / 1000),
      currency: session.currency,
      metadata,
      payment_intent: session.payment_intent ?? '',
      reason: null,
      status: fake.refundsStayPending ? 'pending' : 'succeeded',
    };
    refunds.set(refund.id, refund);
    return refund;
  }
  function sign(payload: string, secret = webhookSecret, timestamp = Math.floor(Date.now() / 1000)) {
    const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
    return {
      body: Buffer.from(payload),
      headers: {
        'content-type': 'application/json; charset=utf-8',
        'stripe-signature': `t=${timestamp},v1=${signature}`,
      },
    };
  }

  const fake: StripeFake = {
    apiUrl: '',
    secretKey,
    webhookSecret,
    sessions,
    requests: [],
    created: [],
    refunds,
    refundsStayPending: false,
    refundInDashboard(sessionId, amount) {
      const session = sessions.get(sessionId);
      if (!session?.payment_intent) throw new Error(`no paid session ${sessionId}`);
      return makeRefund(session, amount, {});
    },
    settleRefund(id, status) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
      return refund;
    },
    objectEvent(object, type) {
      const timestamp = Math.floor(Date.now() / 1000);
      const payload = JSON.stringify({
        id: `evt_${randomBytes(12).toString('hex')}`,
        object: 'event',
        api_version: '2026-10-28.endive',
        created: timestamp,
        data: { object },
        livemode: false,
        pending_webhooks: 1,
        request: { id: null, idempotency_key: null },
        type,
      });
      return sign(payload, webhookSecret, timestamp);
    },
    chargeOf(sessionId) {
      const session = sessions.get(sessionId);
      if (!session?.payment_intent) throw new Error(`no paid session ${sessionId}`);
      const refunded = refundedOf(session.payment_intent);
      return {
        id: `ch_${session.payment_intent.slice(3)}`,
        object: 'charge',
        amount: session.amount_total,
        amount_refunded: refunded,
        currency: session.currency,
        payment_intent: session.payment_intent,
        refunded: refunded >= session.amount_total,
        status: 'succeeded',
      };
    },
    pay(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.payment_status = 'paid';
      session.status = 'complete';
      session.payment_intent = `pi_${randomBytes(12).toString('hex')}`;
      return session;
    },
    expire(id) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      session.status = 'expired';
      session.url = null;
      return session;
    },
    event(id, type, eventOptions = {}) {
      const session = sessions.get(id);
      if (!session) throw new Error(`no session ${id}`);
      const timestamp = eventOptions.timestamp ?? Math.floor(Date.now() / 1000);
      const payload = JSON.stringify(
        {
          id: `evt_${randomBytes(12).toString('hex')}`,
          object: 'event',
          api_version: '2026-10-28.endive',
          created: timestamp,
          data: { object: session },
          livemode: false,
          pending_webhooks: 1,
          request: { id: null, idempotency_key: null },
          type,
        },
        null,
        2,
      );
      const signature = createHmac('sha256', eventOptions.secret ?? webhookSecret)
        .update(`${timestamp}.${payload}`)
        .digest('hex');
      return {
        body: Buffer.from(payload),
        headers: {
          'content-type': 'application/json; charset=utf-8',
          'stripe-signature': `t=${timestamp},v1=${signature}`,
        },
      };
    },
    close: async () => {},
  };

  const handle = (request: FakeRequest): FakeResponse => {
    const page = /^\/pay\/([^/]+)$/.exec(request.path);
    if (page && request.method === 'GET') {
      const session = sessions.get(decodeURIComponent(page[1] ?? ''));
      if (!session) return { status: 404, body: '<h1>Not found</h1>' };
      const action = request.query.get('action');
      if (!action) return { status: 200, body: `<h1>Stripe Checkout</h1><p>${session.amount_total}</p>` };
      if (action === 'pay') {
        fake.pay(session.id);
        return {
          status: 302,
          headers: { location: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) },
        };
      }
      return { status: 302, headers: { location: session.cancel_url ?? '/' } };
    }

    if (bearerOf(request) !== secretKey)
      return { status: 401, body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } } };

    if (request.method === 'POST' && request.path === '/v1/checkout/sessions') {
      const idempotencyKey = idempotencyKeyOf(request);
      const earlier = idempotencyKey ? byIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return { status: 200, body: sessions.get(earlier) };

      const form = parseStripeForm(request.body);
      fake.created.push(form);
      if (form.mode !== 'payment') return stripeError(400, 'Missing required param: mode.', { param: 'mode' });
      if (typeof form.success_url !== 'string')
        return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
      const items = form.line_items as { quantity?: string; price_data?: Record<string, unknown> }[] | undefined;
      const item = items?.[0];
      const price = item?.price_data;
      const unitAmount = Number(price?.unit_amount);
      const quantity = Number(item?.quantity ?? 1);
      if (!price || !Number.isInteger(unitAmount) || unitAmount <= 0 || typeof price.currency !== 'string')
        return stripeError(400, 'Invalid line_items[0][price_data].', { param: 'line_items[0][price_data]' });
      if (!(price.product_data as Record<string, unknown> | undefined)?.name)
        return stripeError(400, 'Missing required param: line_items[0][price_data][product_data][name].');

      const id = `cs_test_${randomBytes(16).toString('hex')}`;
      const now = Math.floor(Date.now() / 1000);
      const session: StripeSession = {
        id,
        object: 'checkout.session',
        amount_subtotal: unitAmount * quantity,
        amount_total: unitAmount * quantity,
        cancel_url: typeof form.cancel_url === 'string' ? form.cancel_url : null,
        client_reference_id: typeof form.client_reference_id === 'string' ? form.client_reference_id : null,
        created: now,
        currency: price.currency.toLowerCase(),
        customer_email: typeof form.customer_email === 'string' ? form.customer_email : null,
        expires_at: now + 24 * 3600,
        livemode: false,
        metadata: (form.metadata as Record<string, string> | undefined) ?? {},
        mode: 'payment',
        payment_intent: null,
        payment_status: 'unpaid',
        status: 'open',
        success_url: form.success_url,
        url: `${origin}/pay/${id}`,
      };
      sessions.set(id, session);
      if (idempotencyKey) byIdempotencyKey.set(idempotencyKey, id);
      return { status: 200, body: session };
    }

    if (request.method === 'GET' && request.path === '/v1/checkout/sessions') {
      const paymentIntent = request.query.get('payment_intent');
      const found = paymentIntent ? sessionOfIntent(paymentIntent) : undefined;
      return {
        status: 200,
        body: { object: 'list', data: found ? [found] : [], has_more: false, url: '/v1/checkout/sessions' },
      };
    }

    if (request.method === 'POST' && request.path === '/v1/refunds') {
      const idempotencyKey = idempotencyKeyOf(request);
      const earlier = idempotencyKey ? refundByIdempotencyKey.get(idempotencyKey) : undefined;
      if (earlier) return { status: 200, body: refunds.get(earlier) };
      const form = parseStripeForm(request.body);
      const paymentIntent = typeof form.payment_intent === 'string' ? form.payment_intent : '';
      const session = sessionOfIntent(paymentIntent);
      if (!session) return stripeError(404, `No such payment_intent: '${paymentIntent}'`, { code: 'resource_missing' });
      const remaining = session.amount_total - refundedOf(paymentIntent);
      if (remaining <= 0)
        return stripeError(400, `Charge has already been refunded.`, { code: 'charge_already_refunded' });
      const amount = form.amount === undefined ? remaining : Number(form.amount);
      if (!Number.isInteger(amount) || amount <= 0 || amount > remaining)
        return stripeError(400, `Refund amount (${form.amount}) is greater than unrefunded amount on charge.`, {
          param: 'amount',
        });
      const refund = makeRefund(session, amount, (form.metadata as Record<string, string> | undefined) ?? {});
      if (idempotencyKey) refundByIdempotencyKey.set(idempotencyKey, refund.id);
      return { status: 200, body: refund };
    }

    if (request.method === 'GET' && request.path === '/v1/refunds') {
      const paymentIntent = request.query.get('payment_intent');
      const data = [...refunds.values()].filter((r) => !paymentIntent || r.payment_intent === paymentIntent).reverse();
      return { status: 200, body: { object: 'list', data, has_more: false, url: '/v1/refunds' } };
    }

    const getRefund = /^\/v1\/refunds\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && getRefund) {
      const id = decodeURIComponent(getRefund[1] ?? '');
      const refund = refunds.get(id);
      if (!refund) return stripeError(404, `No such refund: '${id}'`, { code: 'resource_missing', param: 'id' });
      return { status: 200, body: refund };
    }

    const get = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      const id = decodeURIComponent(get[1] ?? '');
      const session = sessions.get(id);
      if (!session)
        return stripeError(404, `No such checkout.session: '${id}'`, { code: 'resource_missing', param: 'id' });
      return { status: 200, body: session };
    }
    return stripeError(404, `Unrecognized request URL (${request.method}: ${request.path}).`);
  };

  const server = await startFakeServer(handle);
  origin = server.origin;
  fake.apiUrl = server.origin;
  fake.requests = server.requests;
  fake.close = server.close;
  return fake;
}

/** The environment that points the app's Stripe adapter at `fake`. */
export function stripeEnv(fake: StripeFake) {
  return {
    PAYMENT_PROVIDER: 'stripe',
    STRIPE_API_URL: fake.apiUrl,
    STRIPE_SECRET_KEY: fake.secretKey,
    STRIPE_WEBHOOK_SECRET: fake.webhookSecret,
  };
}
