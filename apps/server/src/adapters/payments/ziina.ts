import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type CreateRefundInput,
  headerValue,
  parseJsonBody,
  type PaymentInfo,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundInfo,
  type RefundState,
  type RefundUpdate,
  WebhookVerificationError,
} from './index.ts';
import { signatureMatches } from './signature.ts';

/**
 * Ziina (https://docs.ziina.com): hosted payment pages in AED.
 * - `POST {api}/payment_intent` with a bearer key and `{ amount (fils), currency_code, message,
 *   success_url, cancel_url, failure_url, test }` answers the intent with its `redirect_url`.
 * - `GET {api}/payment_intent/{id}` answers the intent with its `status`.
 * - Webhooks: `{ event: 'payment_intent.status.updated', data: <payment intent> }`, signed in
 *   `X-Hmac-Signature` with the hex HMAC-SHA256 of the raw body and the secret set with the webhook.
 * - `POST {api}/refund` (the key needs the `write_refunds` scope) with `{ id (a UUID we choose, so a
 *   retried request is the same refund), payment_intent_id, amount (fils), currency_code, test }`
 *   answers the refund; `GET {api}/refund/{id}` answers it again. Its status is `pending` until it
 *   is `completed` or `failed`; `refund.status.updated` webhooks carry it as `data`.
 * Ziina puts the intent's id where the return URLs say `{PAYMENT_INTENT_ID}`.
 */
export const ZIINA_SIGNATURE_HEADER = 'x-hmac-signature';
export const ZIINA_STATUS_EVENT = 'payment_intent.status.updated';
export const ZIINA_REFUND_EVENT = 'refund.status.updated';

/** The fields of a refund that we read. */
export const ziinaRefundSchema = z.object({
  id: z.string().min(1),
  payment_intent_id: z.string().min(1),
  amount: z.number(),
  currency_code: z.string(),
  status: z.string(),
});
export type ZiinaRefund = z.infer<typeof ziinaRefundSchema>;

/** A refund's status in the shop's terms: anything not final (or unknown) is still pending. */
export function ziinaRefundState(status: string): RefundState {
  if (status === 'completed' || status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled' || status === 'cancelled') return 'failed';
  return 'pending';
}

function toRefundInfo(refund: ZiinaRefund): RefundInfo {
  return {
    refundRef: refund.id,
    // Ziina keeps the id we chose: a refund we started carries ours.
    refundId: refund.id,
    paymentIntentId: refund.payment_intent_id,
    status: ziinaRefundState(refund.status),
    amountFils: refund.amount,
    currency: refund.currency_code.toUpperCase(),
  };
}

/** The fields of a payment intent that we read; Ziina sends more. */
export const ziinaPaymentIntentSchema = z.object({
  id: z.string().min(1),
  amount: z.number(),
  currency_code: z.string(),
  status: z.string(),
  redirect_url: z.string().nullish(),
});
export type ZiinaPaymentIntent = z.infer<typeof ziinaPaymentIntentSchema>;

const webhookSchema = z.object({ event: z.string(), data: z.unknown() });

/**
 * Ziina's statuses: requires_payment_instrument, requires_user_action, pending, completed, failed,
 * canceled. Anything not final (or unknown) counts as still pending.
 */
export function ziinaState(status: string): PaymentState {
  switch (status) {
    case 'completed':
      return 'completed';
    case 'canceled':
    case 'cancelled':
      return 'canceled';
    case 'failed':
      return 'failed';
    default:
      return 'pending';
  }
}

function toInfo(intent: ZiinaPaymentIntent): PaymentInfo {
  return {
    paymentIntentId: intent.id,
    status: ziinaState(intent.status),
    amountFils: intent.amount,
    currency: intent.currency_code.toUpperCase(),
  };
}

export interface ZiinaOptions {
  apiUrl: string;
  apiKey: string;
  webhookSecret: string;
  /** Creates test payments (no money moves). */
  test: boolean;
  timeoutMs?: number;
}

export class ZiinaPaymentProvider implements PaymentProvider {
  readonly name = 'ziina' as const;

  constructor(private readonly options: ZiinaOptions) {}

  async #request(method: 'GET' | 'POST', path: string, body?: unknown): Promise<ZiinaPaymentIntent> {
    const parsed = ziinaPaymentIntentSchema.safeParse(await this.#call(method, path, body));
    if (!parsed.success) throw new PaymentProviderError('Ziina answered with an unexpected body');
    return parsed.data;
  }

  async #refundRequest(method: 'GET' | 'POST', path: string, body?: unknown): Promise<RefundInfo> {
    const parsed = ziinaRefundSchema.safeParse(await this.#call(method, path, body));
    if (!parsed.success) throw new PaymentProviderError('Ziina answered with an unexpected refund body');
    return toRefundInfo(parsed.data);
  }

  async #call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<unknown> {
    let response: Response;
    try {
      response = await fetch(`${this.options.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${this.options.apiKey}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 15_000),
      });
    } catch (error) {
      throw new PaymentProviderError(`Ziina could not be reached: ${(error as Error).message}`, undefined, {
        cause: error,
      });
    }
    const text = await response.text();
    if (!response.ok) {
      throw new PaymentProviderError(`Ziina answered ${response.status}: ${text.slice(0, 300)}`, response.status);
    }
    return text ? safeParse(text) : undefined;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const intent = await this.#request('POST', '/payment_intent', {
      amount: input.amountFils,
      currency_code: input.currency,
      message: input.description.slice(0, 200),
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
      failure_url: input.cancelUrl,
      test: this.options.test,
    });
    if (!intent.redirect_url) throw new PaymentProviderError('Ziina gave no redirect_url for the payment intent');
    return { paymentIntentId: intent.id, paymentUrl: intent.redirect_url };
  }

  async getPayment(paymentIntentId: string): Promise<PaymentInfo> {
    return toInfo(await this.#request('GET', `/payment_intent/${encodeURIComponent(paymentIntentId)}`));
  }

  async refund(input: CreateRefundInput): Promise<RefundInfo> {
    return this.#refundRequest('POST', '/refund', {
      id: input.refundId,
      payment_intent_id: input.paymentIntentId,
      amount: input.amountFils,
      currency_code: input.currency,
      test: this.options.test,
    });
  }

  async getRefund(refundRef: string): Promise<RefundInfo> {
    return this.#refundRequest('GET', `/refund/${encodeURIComponent(refundRef)}`);
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentInfo | RefundUpdate | null {
    if (!signatureMatches(this.options.webhookSecret, rawBody, headerValue(headers, ZIINA_SIGNATURE_HEADER)))
      throw new WebhookVerificationError('Ziina webhook signature missing or wrong');
    const event = webhookSchema.safeParse(parseJsonBody(rawBody));
    if (!event.success) throw new WebhookVerificationError('Ziina webhook body unreadable');
    if (event.data.event === ZIINA_REFUND_EVENT) {
      const refund = ziinaRefundSchema.safeParse(event.data.data);
      if (!refund.success) throw new WebhookVerificationError('Ziina webhook refund unreadable');
      const info = toRefundInfo(refund.data);
      return { kind: 'refunds', load: async () => [info] };
    }
    // Other events are genuine but say nothing about an order's payment.
    if (event.data.event !== ZIINA_STATUS_EVENT) return null;
    const intent = ziinaPaymentIntentSchema.safeParse(event.data.data);
    if (!intent.success) throw new WebhookVerificationError('Ziina webhook payment intent unreadable');
    return toInfo(intent.data);
  }
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
