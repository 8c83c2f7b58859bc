import { z } from 'zod';
import { DUBAI_LOCAL_PATTERN, dubaiLocalToDate } from './dubai-time.ts';
import { checkBySchema } from './admin/common.ts';
import { COUPON_CODE_PATTERN, normaliseCouponCode } from './coupon-link.ts';
import { wholeNumberIn } from './text-fields.ts';

/**
 * Coupons (docs/product.md#coupons): the admin's requests and answers, the checkout's quote, and the
 * one rule for a discount. The server computes every price; the browser only shows it.
 */
export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

export { COUPON_CODE_PATTERN, normaliseCouponCode };

/**
 * The discount in fils of a coupon on a price in fils, never more than the price. A percentage is
 * rounded half up to the fils: 10 % of 99.95 AED (9,995 fils) is 999.5 fils, so 1,000 fils.
 */
export function couponDiscountFils(priceFils: number, kind: CouponKind, value: number): number {
  const discount = kind === 'percent' ? Math.floor((priceFils * value + 50) / 100) : value;
  return Math.max(0, Math.min(priceFils, discount));
}

const codeField = z
  .string({ error: 'payment.couponCodeFormat' })
  .trim()
  .toUpperCase()
  .regex(COUPON_CODE_PATTERN, { error: 'payment.couponCodeFormat' });

const dubaiTimeField = z
  .string({ error: 'payment.couponTimeFormat' })
  .trim()
  .refine((value) => DUBAI_LOCAL_PATTERN.test(value) && dubaiLocalToDate(value) !== null, {
    error: 'payment.couponTimeFormat',
  })
  .nullable();

/**
 * `POST /api/admin/coupons`, `PUT /api/admin/coupons/{id}`. `value` is the percentage (1-100) or an
 * amount in AED; `startsAt` and `endsAt` are Dubai wall-clock times (`YYYY-MM-DDTHH:mm`), the end
 * not included.
 */
export const couponInputSchema = z
  .object({
    code: codeField,
    kind: z.enum(COUPON_KINDS),
    value: z.number({ error: 'payment.couponAmountRange' }),
    courseId: z.string().trim().min(1).max(200).nullable(),
    startsAt: dubaiTimeField,
    endsAt: dubaiTimeField,
    totalLimit: wholeNumberIn(1, 1_000_000, 'payment.couponLimitRange').nullable(),
    oncePerLearner: z.boolean(),
    active: z.boolean(),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && !(Number.isInteger(input.value) && input.value >= 1 && input.value <= 100)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'payment.couponPercentRange' });
    }
    if (
      input.kind === 'fixed' &&
      !(
        input.value > 0 &&
        input.value <= 1_000_000 &&
        Math.abs(input.value * 100 - Math.round(input.value * 100)) < 1e-6
      )
    ) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: 'payment.couponAmountRange' });
    }
    const starts = input.startsAt ? dubaiLocalToDate(input.startsAt) : null;
    const ends = input.endsAt ? dubaiLocalToDate(input.endsAt) : null;
    if (starts && ends && ends.getTime() <= starts.getTime()) {
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'payment.couponWindowOrder' });
    }
  });
export type CouponInput = z.infer<typeof couponInputSchema>;

/** The admin form's check: the schema the server applies, a message per field. */
export function checkCouponForm(input: z.input<typeof couponInputSchema>) {
  return checkBySchema(couponInputSchema, input);
}

export const adminCouponSchema = z.object({
  _id: z.string(),
  code: z.string(),
  kind: z.enum(COUPON_KINDS),
  /** The percentage, or AED. */
  value: z.number(),
  course: z.object({ _id: z.string(), slug: z.string(), title: z.string() }).nullable(),
  /** Dubai wall-clock times, as the admin typed them. */
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  totalLimit: z.number().nullable(),
  oncePerLearner: z.boolean(),
  active: z.boolean(),
  /** Reserved (payment under way) and redeemed (paid) uses: what the limit counts. */
  uses: z.number(),
  redeemed: z.number(),
  createdAt: z.string(),
});
export type AdminCoupon = z.infer<typeof adminCouponSchema>;

export const adminCouponListSchema = z.object({ coupons: z.array(adminCouponSchema) });
export type AdminCouponList = z.infer<typeof adminCouponListSchema>;

/** `GET /api/payment/quote?course=&coupon=`: what checkout shows before the learner pays. */
export const couponQuoteQuerySchema = z.object({
  course: z.string().trim().min(1).max(200),
  coupon: z.string().trim().max(64).optional(),
});
export type CouponQuoteQuery = z.infer<typeof couponQuoteQuerySchema>;

export const couponQuoteSchema = z.object({
  /** AED: the course's price, the discount and what the learner pays. */
  listPrice: z.number(),
  discount: z.number(),
  price: z.number(),
  coupon: z.object({ code: z.string(), kind: z.enum(COUPON_KINDS), value: z.number() }).nullable(),
  /**
   * Whether the seller is registered for VAT (checkout then asks for the buyer's country), and the
   * country of the account's phone number, to preselect (null when unknown).
   */
  vatRegistered: z.boolean(),
  phoneCountry: z.string().nullable(),
});
export type CouponQuote = z.infer<typeof couponQuoteSchema>;
