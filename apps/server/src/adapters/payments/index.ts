import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentProviderName } from '@oasis/shared/payments';

/** What a provider says about a payment, in the shop's terms. */
export type PaymentState = 'pending' | 'completed' | 'canceled' | 'failed';

/**
 * Written literally into success and cancel URLs; each provider puts its own payment id there when
 * it sends the buyer back (Ziina substitutes this very placeholder; Stripe has its own, the sandbox
 * fills it in itself).
 */
export const PAYMENT_ID_PLACEHOLDER = '{PAYMENT_INTENT_ID}';

export interface CreatePaymentInput {
  /** Our order's id: kept by the provider as a reference where it can. */
  orderId: string;
  /** Integer fils (1 AED = 100 fils), read from the database by the caller. */
  amountFils: number;
  currency: 'AED';
  /** Shown to the buyer on the hosted page. */
  description: string;
  /** Where the buyer returns after paying; contains PAYMENT_ID_PLACEHOLDER. */
  successUrl: string;
  /** Where the buyer returns after canceling; contains PAYMENT_ID_PLACEHOLDER. */
  cancelUrl: string;
  /**
   * The cancel page addressed by our order id, for providers that cannot put their payment id into
   * the cancel URL (Stripe Checkout): the site redirects it to `cancelUrl` with the id filled in.
   */
  cancelUrlByOrder: string;
  customerEmail: string;
}

export interface CreatedPayment {
  /** The provider's id: the `{id}` in /success/{id} and /cancel/{id}. */
  paymentIntentId: string;
  /** The provider's hosted payment page. */
  paymentUrl: string;
}

export interface PaymentInfo {
  paymentIntentId: string;
  status: PaymentState;
  amountFils: number;
  /** Upper case ISO 4217, e.g. 'AED'. */
  currency: string;
}

/** Where a refund stands at the provider: `pending` until it is final. */
export type RefundState = 'pending' | 'succeeded' | 'failed';

export interface CreateRefundInput {
  /** Our refund's id: sent as the provider's idempotency key or client refund id. */
  refundId: string;
  /** The order's payment at the provider (the order's `provider_ref`). */
  paymentIntentId: string;
  amountFils: number;
  currency: 'AED';
}

/** What a provider says about one refund, in the shop's terms. */
export interface RefundInfo {
  /** The provider's refund id. */
  refundRef: string;
  /** Our refund's id when the provider carries it back (a refund we started), else null. */
  refundId: string | null;
  /** The payment refunded, as the order knows it (its `provider_ref`). */
  paymentIntentId: string;
  status: RefundState;
  amountFils: number;
  /** Upper case ISO 4217. */
  currency: string;
}

/**
 * A verified webhook about refunds: `load` gives the refunds it concerns as they are now (a
 * provider may need to be asked, so it is read after the signature is checked).
 */
export interface RefundUpdate {
  kind: 'refunds';
  load(): Promise<RefundInfo[]>;
}

/** What a verified webhook delivery says: a payment's status, refunds, or nothing for us (null). */
export type WebhookUpdate = PaymentInfo | RefundUpdate | null;

export function isRefundUpdate(update: WebhookUpdate): update is RefundUpdate {
  return update !== null && 'kind' in update && update.kind === 'refunds';
}

/**
 * A payment provider with hosted payment pages. Enrolment follows only from what `getPayment` or a
 * verified webhook reports: never from the buyer's browser.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  /** Throws PaymentProviderError when the provider refuses or cannot be reached. */
  createPayment(input: CreatePaymentInput): Promise<CreatedPayment>;
  /** Asks the provider; throws PaymentProviderError when it cannot answer. */
  getPayment(paymentIntentId: string): Promise<PaymentInfo>;
  /**
   * Checks the signature of a webhook delivery against its raw body and parses it. Throws
   * WebhookVerificationError when it is unsigned, forged or unreadable; answers null for a genuine
   * event that says nothing about a payment's status (nothing to do).
   */
  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): WebhookUpdate | Promise<WebhookUpdate>;
  /**
   * Asks the provider to give back `amountFils` of a completed payment; answers the refund as it
   * stands (it may still be pending). Throws PaymentProviderError when refused or unreachable.
   */
  refund(input: CreateRefundInput): Promise<RefundInfo>;
  /** A refund as it stands now; throws PaymentProviderError when the provider cannot answer. */
  getRefund(refundRef: string): Promise<RefundInfo>;
}

/** The provider refused a request or could not be reached. `status` is the provider's HTTP status, if any. */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/** A webhook delivery that must be ignored: missing or wrong signature, or a body we cannot read. */
export class WebhookVerificationError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'WebhookVerificationError';
  }
}

/** A single header value, whatever the casing and however many times it was sent. */
export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** The parsed JSON of a raw body, or undefined when it is not JSON. */
export function parseJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}
