import { createHmac, randomUUID } from 'node:crypto';
import { bearerOf, type FakeRequest, type FakeResponse, startFakeServer } from './http.ts';

/**
 * A local stand-in for Ziina's API, built from its documentation (docs.ziina.com, API reference:
 * Payment Intent create/get, Webhooks):
 * - `POST /api/payment_intent` (bearer token; JSON `amount` in base units, `currency_code` of 3
 *   letters, `message`, `success_url`, `cancel_url`, `failure_url`, `test`) answers the intent:
 *   `id`, `account_id`, `amount`, `tip_amount`, `fee_amount`, `currency_code`, `created_at`,
 *   `status` ('requires_payment_instrument' at first), `operation_id`, `message`, `redirect_url`,
 *   `success_url`, `cancel_url`, `latest_error`, `allow_tips`.
 * - `GET /api/payment_intent/{id}` answers the same object.
 * - Its hosted page (`redirect_url`) sends the buyer to success_url / cancel_url with
 *   `{PAYMENT_INTENT_ID}` replaced by the intent's id.
 * - `POST /api/refund` (JSON `id`: a UUID the caller chooses, `payment_intent_id`, `amount`,
 *   `currency_code`, `test`) answers the refund `{ id, payment_intent_id, amount, currency_code,
 *   status: 'pending', created_at }`; the same `id` again answers the same refund; more than the
 *   completed intent has left is refused. `GET /api/refund/{id}` answers it as it is now.
 * - Webhooks: `{ event: 'refund.status.updated', data: <refund> }` as a refund's status changes.
 * - Webhooks: POST `{ event: 'payment_intent.status.updated', data: <intent> }` with
 *   `X-Hmac-Signature` = hex HMAC-SHA256 of the body with the webhook's secret.
 */
export type ZiinaStatus =
  | 'requires_payment_instrument'
  | 'requires_user_action'
  | 'pending'
  | 'completed'
  | 'failed'
  | 'canceled';

export interface ZiinaIntent {
  id: string;
  account_id: string;
  amount: number;
  tip_amount: number;
  fee_amount: number;
  currency_code: string;
  created_at: string;
  status: ZiinaStatus;
  operation_id: string;
  message: string | null;
  redirect_url: string;
  success_url: string | null;
  cancel_url: string | null;
  failure_url: string | null;
  latest_error: { message: string; code: string } | null;
  allow_tips: boolean;
  test: boolean;
}

export interface ZiinaRefund {
  id: string;
  payment_intent_id: string;
  amount: number;
  currency_code: string;
  status: 'pending' | 'completed' | 'failed';
  created_at: string;
}

export interface ZiinaFake {
  /** The API base, as ZIINA_API_URL: `http://127.0.0.1:{port}/api`. */
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  intents: Map<string, ZiinaIntent>;
  requests: FakeRequest[];
  /** Where the fake delivers webhooks after its hosted page is used (none when unset). */
  webhookUrl: string | null;
  refunds: Map<string, ZiinaRefund>;
  setStatus(id: string, status: ZiinaStatus): ZiinaIntent;
  /** A refund made in Ziina's dashboard (an id of Ziina's own). */
  refundInDashboard(intentId: string, amount: number): ZiinaRefund;
  settleRefund(id: string, status: 'completed' | 'failed'): ZiinaRefund;
  /** A `refund.status.updated` delivery about the refund as it is now. */
  refundWebhook(id: string): { body: Buffer; headers: Record<string, string> };
  /** A webhook delivery about the intent as it is now, signed like Ziina signs it. */
  webhook(id: string, secret?: string): { body: Buffer; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startZiinaFake(options: { apiKey?: string; webhookSecret?: string } = {}): Promise<ZiinaFake> {
  const apiKey = options.apiKey ?? 'ziina-test-key';
  const webhookSecret = options.webhookSecret ?? 'ziina-webhook-secret';
  const intents = new Map<string, ZiinaIntent>();
  const refunds = new Map<string, ZiinaRefund>();
  let origin = '';
  const refundedOf = (intentId: string) =>
    [...refunds.values()]
      .filter((r) => r.payment_intent_id === intentId && r.status !== 'failed')
      .reduce((sum, r) => sum + r.amount, 0);
  const signed = (payload: unknown, secret = webhookSecret) => {
    const body = Buffer.from(JSON.stringify(payload));
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-hmac-signature': createHmac('sha256', secret).update(body).digest('hex'),
      },
    };
  };

  const fake: ZiinaFake = {
    apiUrl: '',
    apiKey,
    webhookSecret,
    intents,
    requests: [],
    webhookUrl: null,
    refunds,
    refundInDashboard(intentId, amount) {
      const intent = intents.get(intentId);
      if (!intent) throw new Error(`no intent ${intentId}`);
      const refund: ZiinaRefund = {
        id: randomUUID(),
        payment_intent_id: intentId,
        amount,
        currency_code: intent.currency_code,
        status: 'pending',
        created_at: String(Date.now()),
      };
      refunds.set(refund.id, refund);
      return refund;
    },
    settleRefund(id, status) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      refund.status = status;
      return refund;
    },
    refundWebhook(id) {
      const refund = refunds.get(id);
      if (!refund) throw new Error(`no refund ${id}`);
      return signed({ event: 'refund.status.updated', data: refund });
    },
    setStatus(id, status) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      intent.status = status;
      return intent;
    },
    webhook(id, secret = webhookSecret) {
      const intent = intents.get(id);
      if (!intent) throw new Error(`no intent ${id}`);
      const body = Buffer.from(JSON.stringify({ event: 'payment_intent.status.updated', data: publicIntent(intent) }));
      return {
        body,
        headers: {
          'content-type': 'application/json',
          'x-hmac-signature': createHmac('sha256', secret).update(body).digest('hex'),
        },
      };
    },
    close: async () => {},
  };

  const handle = async (request: FakeRequest): Promise<FakeResponse> => {
    // The hosted payment page: ?action=pay|cancel stands in for the buyer's clicks.
    const page = /^\/pay\/([^/]+)$/.exec(request.path);
    if (page && request.method === 'GET') {
      const intent = intents.get(decodeURIComponent(page[1] ?? ''));
      if (!intent) return { status: 404, body: '<h1>Not found</h1>' };
      const action = request.query.get('action');
      if (!action) return { status: 200, body: `<h1>Ziina</h1><p>${intent.amount}</p>` };
      intent.status = action === 'pay' ? 'completed' : 'canceled';
      if (fake.webhookUrl) {
        const delivery = fake.webhook(intent.id);
        await fetch(fake.webhookUrl, { method: 'POST', headers: delivery.headers, body: delivery.body });
      }
      const target = action === 'pay' ? intent.success_url : intent.cancel_url;
      return { status: 302, headers: { location: (target ?? '/').replaceAll('{PAYMENT_INTENT_ID}', intent.id) } };
    }

    if (bearerOf(request) !== apiKey) return { status: 401, body: { message: 'Unauthorized' } };

    if (request.method === 'POST' && request.path === '/api/payment_intent') {
      const input = jsonBodyOf(request);
      if (input === undefined) return { status: 400, body: { message: 'Invalid JSON body' } };
      if (typeof input.amount !== 'number' || !Number.isInteger(input.amount) || input.amount <= 0)
        return { status: 400, body: { message: 'amount must be a positive number in base units' } };
      if (typeof input.currency_code !== 'string' || input.currency_code.length !== 3)
        return { status: 400, body: { message: 'currency_code must be a 3-letter ISO-4217 code' } };
      const id = randomUUID();
      const intent: ZiinaIntent = {
        id,
        account_id: 'acct-oasis',
        amount: input.amount,
        tip_amount: 0,
        fee_amount: 0,
        currency_code: input.currency_code,
        created_at: String(Date.now()),
        status: 'requires_payment_instrument',
        operation_id: randomUUID(),
        message: typeof input.message === 'string' ? input.message : null,
        redirect_url: `${origin}/pay/${id}`,
        success_url: typeof input.success_url === 'string' ? input.success_url : null,
        cancel_url: typeof input.cancel_url === 'string' ? input.cancel_url : null,
        failure_url: typeof input.failure_url === 'string' ? input.failure_url : null,
        latest_error: null,
        allow_tips: false,
        test: input.test === true,
      };
      intents.set(id, intent);
      return { status: 201, body: publicIntent(intent) };
    }

    if (request.method === 'POST' && request.path === '/api/refund') {
      const input = jsonBodyOf(request);
      if (input === undefined) return { status: 400, body: { message: 'Invalid JSON body' } };
      if (typeof input.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(input.id))
        return { status: 400, body: { message: 'id must be a UUID' } };
      const earlier = refunds.get(input.id);
      if (earlier) return { status: 201, body: earlier };
      const intent = intents.get(String(input.payment_intent_id));
      if (intent?.status !== 'completed') return { status: 400, body: { message: 'Payment intent is not completed' } };
      const amount = input.amount === undefined ? intent.amount - refundedOf(intent.id) : input.amount;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0)
        return { status: 400, body: { message: 'amount must be a positive number in base units' } };
      if (amount > intent.amount - refundedOf(intent.id))
        return { status: 400, body: { message: 'Refund amount exceeds the refundable amount' } };
      const refund: ZiinaRefund = {
        id: input.id,
        payment_intent_id: intent.id,
        amount,
        currency_code: intent.currency_code,
        status: 'pending',
        created_at: String(Date.now()),
      };
      refunds.set(refund.id, refund);
      return { status: 201, body: refund };
    }

    const getRefund = /^\/api\/refund\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && getRefund) {
      const refund = refunds.get(decodeURIComponent(getRefund[1] ?? ''));
      if (!refund) return { status: 404, body: { message: 'Refund not found' } };
      return { status: 200, body: refund };
    }

    const get = /^\/api\/payment_intent\/([^/]+)$/.exec(request.path);
    if (request.method === 'GET' && get) {
      const intent = intents.get(decodeURIComponent(get[1] ?? ''));
      if (!intent) return { status: 404, body: { message: 'Payment intent not found' } };
      return { status: 200, body: publicIntent(intent) };
    }
    return { status: 404, body: { message: 'Not found' } };
  };

  const server = await startFakeServer(handle);
  origin = server.origin;
  fake.apiUrl = `${server.origin}/api`;
  fake.requests = server.requests;
  fake.close = server.close;
  return fake;
}

/** The request's body parsed as JSON, or undefined when it is not JSON. */
function jsonBodyOf(request: FakeRequest): Record<string, unknown> | undefined {
  try {
    return JSON.parse(request.body);
  } catch {
    return undefined;
  }
}

/** The intent as the API shows it (without the fake's own bookkeeping). */
function publicIntent(intent: ZiinaIntent) {
  const { test: _test, failure_url: _failure, ...shown } = intent;
  return shown;
}

/** The environment that points the app's Ziina adapter at `fake` (test mode). */
export function ziinaEnv(fake: ZiinaFake) {
  return {
    PAYMENT_PROVIDER: 'ziina',
    ZIINA_API_URL: fake.apiUrl,
    ZIINA_API_KEY: fake.apiKey,
    ZIINA_WEBHOOK_SECRET: fake.webhookSecret,
    ZIINA_TEST: 'true',
  };
}
