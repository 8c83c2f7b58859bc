import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  headerValue,
  parseJsonBody,
  type PaymentInfo,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
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
 * Ziina puts the intent's id where the return URLs say `{PAYMENT_INTENT_ID}`.
 */
export const ZIINA_SIGNATURE_HEADER = 'x-hmac-signature';
export const ZIINA_STATUS_EVENT = 'payment_intent.status.updated';

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
    const parsed = ziinaPaymentIntentSchema.safeParse(text ? safeParse(text) : undefined);
    if (!parsed.success) throw new PaymentProviderError('Ziina answered with an unexpected body', response.status);
    return parsed.data;
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

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentInfo | null {
    if (!signatureMatches(this.options.webhookSecret, rawBody, headerValue(headers, ZIINA_SIGNATURE_HEADER)))
      throw new WebhookVerificationError('Ziina webhook signature missing or wrong');
    const event = webhookSchema.safeParse(parseJsonBody(rawBody));
    if (!event.success) throw new WebhookVerificationError('Ziina webhook body unreadable');
    // Other events (refund.status.updated) are genuine but say nothing about an order's payment.
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
