import type { IncomingHttpHeaders } from 'node:http';
import Stripe from 'stripe';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type CreateRefundInput,
  headerValue,
  PAYMENT_ID_PLACEHOLDER,
  type PaymentInfo,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundInfo,
  type RefundState,
  type RefundUpdate,
  WebhookVerificationError,
} from './index.ts';

/** Stripe substitutes this in `success_url` with the Checkout Session's id. */
const STRIPE_SESSION_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/**
 * How far (seconds) a webhook's signed time may be from ours, either way. The SDK refuses only
 * events older than this; one signed for later would stay replayable until then, so that side is
 * checked here.
 */
const WEBHOOK_TOLERANCE_S = 300;

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API address (a local stand-in in tests): protocol, host and port are taken from it. */
  apiUrl?: string;
  timeoutMs?: number;
}

/**
 * A Checkout Session's state: 'paid' once the money is in; an expired session can no longer be
 * paid (canceled); anything else is still open.
 */
export function stripeSessionState(session: Pick<Stripe.Checkout.Session, 'payment_status' | 'status'>): PaymentState {
  if (session.payment_status === 'paid') return 'completed';
  if (session.status === 'expired') return 'canceled';
  return 'pending';
}

function toInfo(session: Stripe.Checkout.Session, status: PaymentState = stripeSessionState(session)): PaymentInfo {
  return {
    paymentIntentId: session.id,
    status,
    amountFils: session.amount_total ?? -1,
    currency: (session.currency ?? '').toUpperCase(),
  };
}

/** A Stripe refund's status: `pending` and `requires_action` are not final yet. */
export function stripeRefundState(status: string | null): RefundState {
  if (status === 'succeeded') return 'succeeded';
  if (status === 'failed' || status === 'canceled') return 'failed';
  return 'pending';
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Stripe Checkout through the official SDK: one Checkout Session per order, priced in AED fils
 * (`unit_amount`), the order id in its metadata. The session id plays the payment intent id.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly #stripe: Stripe;

  constructor(private readonly options: StripeOptions) {
    const target = options.apiUrl ? new URL(options.apiUrl) : null;
    this.#stripe = new Stripe(options.secretKey, {
      maxNetworkRetries: 2,
      timeout: options.timeoutMs ?? 20_000,
      appInfo: { name: 'Oasis' },
      ...(target
        ? {
            protocol: target.protocol === 'http:' ? 'http' : 'https',
            host: target.hostname,
            port: target.port || (target.protocol === 'http:' ? 80 : 443),
          }
        : {}),
    });
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    let session: Stripe.Checkout.Session;
    try {
      session = await this.#stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: input.currency.toLowerCase(),
                unit_amount: input.amountFils,
                product_data: { name: input.description.slice(0, 250) },
              },
            },
          ],
          success_url: input.successUrl.replaceAll(PAYMENT_ID_PLACEHOLDER, STRIPE_SESSION_PLACEHOLDER),
          // Stripe fills in the session id in success_url only; the site resolves this one by order.
          cancel_url: input.cancelUrlByOrder,
          customer_email: input.customerEmail,
          client_reference_id: input.orderId,
          metadata: { orderId: input.orderId },
        },
        // One session per order, even if the request is retried.
        { idempotencyKey: `oasis-order-${input.orderId}` },
      );
    } catch (error) {
      throw providerError(error);
    }
    if (!session.url) throw new PaymentProviderError('Stripe gave no url for the Checkout Session');
    return { paymentIntentId: session.id, paymentUrl: session.url };
  }

  async getPayment(paymentIntentId: string): Promise<PaymentInfo> {
    try {
      return toInfo(await this.#stripe.checkout.sessions.retrieve(paymentIntentId));
    } catch (error) {
      throw providerError(error);
    }
  }

  /**
   * Refunds go to the session's payment intent, with our refund id as the idempotency key (a
   * retried request is the same refund) and in the metadata (its webhooks then name our refund).
   */
  async refund(input: CreateRefundInput): Promise<RefundInfo> {
    try {
      const session = await this.#stripe.checkout.sessions.retrieve(input.paymentIntentId);
      const paymentIntent = idOf(session.payment_intent);
      if (!paymentIntent) throw new PaymentProviderError('Stripe: the Checkout Session has no payment to refund', 400);
      const refund = await this.#stripe.refunds.create(
        {
          payment_intent: paymentIntent,
          amount: input.amountFils,
          metadata: { refundId: input.refundId, sessionId: session.id },
        },
        { idempotencyKey: `oasis-refund-${input.refundId}` },
      );
      return toRefundInfo(refund, session.id);
    } catch (error) {
      throw providerError(error);
    }
  }

  async getRefund(refundRef: string): Promise<RefundInfo> {
    try {
      const refund = await this.#stripe.refunds.retrieve(refundRef);
      return toRefundInfo(refund, await this.#sessionOf(refund));
    } catch (error) {
      throw providerError(error);
    }
  }

  /** The Checkout Session (our order's payment id) a refund belongs to. */
  async #sessionOf(refund: Stripe.Refund): Promise<string> {
    if (refund.metadata?.sessionId) return refund.metadata.sessionId;
    const paymentIntent = idOf(refund.payment_intent);
    if (!paymentIntent) return '';
    return this.#sessionOfPaymentIntent(paymentIntent);
  }

  async #sessionOfPaymentIntent(paymentIntent: string): Promise<string> {
    const sessions = await this.#stripe.checkout.sessions.list({ payment_intent: paymentIntent, limit: 1 });
    return sessions.data[0]?.id ?? '';
  }

  /** A refund event's refund, or every refund of a refunded charge, each with its session. */
  async #refundsOf(event: Stripe.Event): Promise<RefundInfo[]> {
    try {
      if (event.type === 'charge.refunded') {
        const charge = event.data.object;
        const paymentIntent = idOf(charge.payment_intent);
        if (!paymentIntent) return [];
        const [session, refunds] = await Promise.all([
          this.#sessionOfPaymentIntent(paymentIntent),
          this.#stripe.refunds.list({ payment_intent: paymentIntent, limit: 100 }),
        ]);
        return refunds.data.map((refund) => toRefundInfo(refund, refund.metadata?.sessionId || session));
      }
      const refund = event.data.object as Stripe.Refund;
      return [toRefundInfo(refund, await this.#sessionOf(refund))];
    } catch (error) {
      throw providerError(error);
    }
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentInfo | RefundUpdate | null {
    const signature = headerValue(headers, 'stripe-signature');
    if (!signature) throw new WebhookVerificationError('Stripe-Signature header missing');
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(rawBody, signature, this.options.webhookSecret, WEBHOOK_TOLERANCE_S);
    } catch (error) {
      throw new WebhookVerificationError('Stripe webhook signature wrong or body unreadable', { cause: error });
    }
    const signedTime = signedAt(signature);
    if (!Number.isFinite(signedTime) || signedTime > Date.now() / 1000 + WEBHOOK_TOLERANCE_S)
      throw new WebhookVerificationError('Stripe webhook signed for a time in the future');
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
        return toInfo(event.data.object);
      case 'checkout.session.async_payment_failed':
        return toInfo(event.data.object, 'failed');
      case 'checkout.session.expired':
        return toInfo(event.data.object, 'canceled');
      // Refunds made here or in Stripe's dashboard: read from the API, the event's own copy may be stale.
      case 'charge.refunded':
      case 'refund.created':
      case 'refund.updated':
      case 'refund.failed':
        return { kind: 'refunds', load: () => this.#refundsOf(event) };
      default:
        return null;
    }
  }
}

/**
 * The `t=` time of a Stripe-Signature header, read as the SDK reads it (the last `t=` wins) so the
 * time checked here is the one the signature was verified with.
 */
function signedAt(header: string): number {
  let timestamp = Number.NaN;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't') timestamp = Number.parseInt(value ?? '', 10);
  }
  return timestamp;
}

function toRefundInfo(refund: Stripe.Refund, sessionId: string): RefundInfo {
  return {
    refundRef: refund.id,
    refundId: refund.metadata?.refundId || null,
    paymentIntentId: sessionId,
    status: stripeRefundState(refund.status),
    amountFils: refund.amount,
    currency: refund.currency.toUpperCase(),
  };
}

function providerError(error: unknown): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    return new PaymentProviderError(`Stripe: ${error.message}`, error.statusCode, { cause: error });
  }
  return new PaymentProviderError(`Stripe could not be reached: ${(error as Error)?.message}`, undefined, {
    cause: error,
  });
}
