import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { sandboxPayments } from '../../db/schema.ts';
import { hashToken, newToken, safeEqual } from '../../lib/tokens.ts';
import {
  type CreatedPayment,
  type CreatePaymentInput,
  type CreateRefundInput,
  headerValue,
  parseJsonBody,
  PAYMENT_ID_PLACEHOLDER,
  type PaymentInfo,
  type PaymentProvider,
  PaymentProviderError,
  type PaymentState,
  type RefundInfo,
  WebhookVerificationError,
} from './index.ts';
import { hmacHex, signatureMatches } from './signature.ts';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_EVENT = 'payment.status.updated';

export type SandboxPaymentRow = typeof sandboxPayments.$inferSelect;

const eventSchema = z.object({
  event: z.string(),
  data: z.object({
    id: z.string(),
    status: z.enum(['pending', 'completed', 'canceled', 'failed']),
    amount: z.number().int(),
    currency: z.string(),
  }),
});

/**
 * The built-in provider: no keys, no network. It behaves like a hosted provider: it keeps its own
 * record of each payment (table `sandbox_payments`), serves a test page where a person pays or
 * cancels (modules/payments/sandbox-page.ts), tells the shop through a signed webhook and answers
 * status queries. Its webhook secret is random per process unless one is given.
 *
 * Each payment has its own secret, carried in its payment link only (the table keeps its SHA-256):
 * the page, Pay and Cancel need it, so knowing a payment id (it shows in /success/{id} addresses,
 * the orders screen and the logs) is not enough to mark a payment paid.
 */
export class SandboxPaymentProvider implements PaymentProvider {
  readonly name = 'sandbox' as const;
  readonly #secret: string;

  constructor(private readonly options: { db: Db; siteUrl: string; webhookSecret?: string }) {
    this.#secret = options.webhookSecret ?? randomBytes(32).toString('hex');
  }

  /**
   * The hosted test page of a payment. Site-relative, like the return addresses below: the sandbox
   * is part of the site, so the buyer stays on whatever host they use (and keeps their sign-in).
   */
  pageUrl(paymentIntentId: string, key: string): string {
    return `/api/payment/sandbox/${encodeURIComponent(paymentIntentId)}?key=${encodeURIComponent(key)}`;
  }

  #onSite(url: string): string {
    const { siteUrl } = this.options;
    return url.startsWith(`${siteUrl}/`) ? url.slice(siteUrl.length) : url;
  }

  async createPayment(input: CreatePaymentInput): Promise<CreatedPayment> {
    const id = `sbx_${randomBytes(12).toString('hex')}`;
    const secret = newToken();
    await this.options.db.insert(sandboxPayments).values({
      id,
      secretHash: secret.hash,
      amountFils: input.amountFils,
      currency: input.currency,
      description: input.description,
      customerEmail: input.customerEmail,
      successUrl: this.#onSite(input.successUrl.replaceAll(PAYMENT_ID_PLACEHOLDER, id)),
      cancelUrl: this.#onSite(input.cancelUrl.replaceAll(PAYMENT_ID_PLACEHOLDER, id)),
    });
    return { paymentIntentId: id, paymentUrl: this.pageUrl(id, secret.token) };
  }

  /**
   * The payment, for whoever holds its link's key; null for an unknown id, a wrong or missing key,
   * and a row stored without a secret (those can never be paid).
   */
  async findWithKey(paymentIntentId: string, key: string | undefined): Promise<SandboxPaymentRow | null> {
    if (!key) return null;
    const row = await this.find(paymentIntentId);
    if (!row?.secretHash || !safeEqual(hashToken(key), row.secretHash)) return null;
    return row;
  }

  async find(paymentIntentId: string): Promise<SandboxPaymentRow | null> {
    const [row] = await this.options.db
      .select()
      .from(sandboxPayments)
      .where(eq(sandboxPayments.id, paymentIntentId))
      .limit(1);
    return row ?? null;
  }

  async getPayment(paymentIntentId: string): Promise<PaymentInfo> {
    const row = await this.find(paymentIntentId);
    if (!row) throw new PaymentProviderError(`sandbox payment ${paymentIntentId} not found`, 404);
    return toInfo(row);
  }

  /**
   * What the test page's buttons do: a pending payment becomes completed or canceled, once. Returns
   * the payment as it is afterwards (null when unknown) and whether this call changed it.
   */
  async settle(
    paymentIntentId: string,
    status: Extract<PaymentState, 'completed' | 'canceled'>,
  ): Promise<{ row: SandboxPaymentRow; changed: boolean } | null> {
    const [updated] = await this.options.db
      .update(sandboxPayments)
      .set({ status })
      .where(and(eq(sandboxPayments.id, paymentIntentId), eq(sandboxPayments.status, 'pending')))
      .returning();
    if (updated) return { row: updated, changed: true };
    const row = await this.find(paymentIntentId);
    return row ? { row, changed: false } : null;
  }

  /** The webhook delivery the sandbox sends about a payment: a JSON body and its signature header. */
  signedEvent(row: SandboxPaymentRow): { body: Buffer; headers: Record<string, string> } {
    const body = Buffer.from(JSON.stringify({ event: SANDBOX_EVENT, data: toWire(row) }));
    return {
      body,
      headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: hmacHex(this.#secret, body) },
    };
  }

  /**
   * A refund of a completed sandbox payment succeeds at once (no money moved, so none goes back);
   * the caller has already checked the amount against what remains of the order.
   */
  async refund(input: CreateRefundInput): Promise<RefundInfo> {
    const row = await this.find(input.paymentIntentId);
    if (row?.status !== 'completed')
      throw new PaymentProviderError(`sandbox payment ${input.paymentIntentId} is not completed`, 400);
    if (input.amountFils <= 0 || input.amountFils > row.amountFils)
      throw new PaymentProviderError('sandbox refund amount out of range', 400);
    return {
      refundRef: `sbr_${input.refundId}`,
      refundId: input.refundId,
      paymentIntentId: row.id,
      status: 'succeeded',
      amountFils: input.amountFils,
      currency: row.currency,
    };
  }

  /** Sandbox refunds are final when made: there is never one to ask about later. */
  async getRefund(refundRef: string): Promise<RefundInfo> {
    throw new PaymentProviderError(`sandbox refund ${refundRef} is not pending`, 404);
  }

  verifyWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): PaymentInfo | null {
    if (!signatureMatches(this.#secret, rawBody, headerValue(headers, SANDBOX_SIGNATURE_HEADER)))
      throw new WebhookVerificationError('sandbox webhook signature missing or wrong');
    const parsed = eventSchema.safeParse(parseJsonBody(rawBody));
    if (!parsed.success) throw new WebhookVerificationError('sandbox webhook body unreadable');
    if (parsed.data.event !== SANDBOX_EVENT) return null;
    const { data } = parsed.data;
    return { paymentIntentId: data.id, status: data.status, amountFils: data.amount, currency: data.currency };
  }
}

function toWire(row: SandboxPaymentRow) {
  return { id: row.id, status: row.status, amount: row.amountFils, currency: row.currency };
}

function toInfo(row: SandboxPaymentRow): PaymentInfo {
  return { paymentIntentId: row.id, status: row.status, amountFils: row.amountFils, currency: row.currency };
}
