import { and, asc, count, eq, inArray, not, sql } from 'drizzle-orm';
import { type AdminCoupon, type CouponInput, couponDiscountFils, normaliseCouponCode } from '@oasis/shared/coupons';
import { dateToDubaiLocal, dubaiLocalToDate } from '@oasis/shared/dubai-time';
import { aedToFils, filsToAed } from '@oasis/shared/format';
import type { Db } from '../../db/client.ts';
import { couponRedemptions, coupons, courses, orders } from '../../db/schema.ts';
import { AppError, badRequest, conflict, notFound, validationError } from '../../lib/errors.ts';
import { isUniqueViolation } from '../users/service.ts';

export type CouponRow = typeof coupons.$inferSelect;
type RedemptionState = (typeof couponRedemptions.$inferSelect)['state'];

/** The uses the limit counts: a payment under way holds its use until it fails, is canceled or expires. */
const HELD: RedemptionState[] = ['reserved', 'redeemed'];

/** What a valid code takes off a course's price (fils). */
export interface CouponDiscount {
  coupon: CouponRow;
  discountFils: number;
}

/** The course a coupon is asked about: its id and its price in fils. */
interface PricedCourse {
  id: string;
  priceFils: number;
}

/**
 * A learner's own earlier reservation for the same course whose order is still pending (a checkout
 * left without paying or canceling): a new checkout replaces it rather than being refused as
 * "already used" or counting twice against the limit.
 */
function ownPendingReservation(userId: string, courseId: string) {
  return and(
    eq(couponRedemptions.userId, userId),
    eq(couponRedemptions.state, 'reserved'),
    eq(orders.status, 'pending'),
    eq(orders.courseId, courseId),
  );
}

async function countUses(db: Db, couponId: string, userId: string, courseId: string) {
  const [row] = await db
    .select({
      uses: count(),
      mine: sql<number>`count(*) filter (where ${couponRedemptions.userId} = ${userId})`.mapWith(Number),
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        inArray(couponRedemptions.state, HELD),
        not(ownPendingReservation(userId, courseId) ?? sql`false`),
      ),
    );
  return { uses: row?.uses ?? 0, mine: row?.mine ?? 0 };
}

/**
 * Every rule of a code for one learner and course at `now`, each refusal its own error: unknown
 * (or inactive), not for this course, not yet valid, expired, already used by this learner, used
 * up. `lock` takes the coupon's row lock: inside a transaction, no other checkout can count or
 * reserve this coupon until it ends, so the limit holds under concurrency.
 */
export async function checkCoupon(
  db: Db,
  code: string,
  buyer: { userId: string; course: PricedCourse; now: Date },
  lock = false,
): Promise<CouponDiscount> {
  const normalised = normaliseCouponCode(code);
  const query = db.select().from(coupons).where(eq(coupons.code, normalised)).limit(1);
  const [coupon] = await (lock ? query.for('update') : query);
  if (!coupon?.active) throw notFound('payment.couponUnknown');
  if (coupon.courseId !== null && coupon.courseId !== buyer.course.id) throw badRequest('payment.couponNotForCourse');
  const now = buyer.now.getTime();
  if (coupon.startsAt && now < coupon.startsAt.getTime()) throw badRequest('payment.couponNotYetValid');
  if (coupon.endsAt && now >= coupon.endsAt.getTime()) throw badRequest('payment.couponExpired');
  const { uses, mine } = await countUses(db, coupon.id, buyer.userId, buyer.course.id);
  if (coupon.oncePerLearner && mine > 0) throw conflict('payment.couponAlreadyUsed');
  if (coupon.totalLimit !== null && uses >= coupon.totalLimit) throw conflict('payment.couponUsedUp');
  return { coupon, discountFils: couponDiscountFils(buyer.course.priceFils, coupon.kind, coupon.value) };
}

/**
 * Checks a code with its row locked and clears the way for a reservation: the learner's own pending
 * reservation for this course is released (this checkout replaces it). Call inside the transaction
 * that inserts the order and then `recordRedemption`.
 */
export async function reserveCoupon(
  tx: Db,
  code: string,
  buyer: { userId: string; course: PricedCourse; now: Date },
): Promise<CouponDiscount> {
  const checked = await checkCoupon(tx, code, buyer, true);
  const stale = tx
    .select({ id: couponRedemptions.id })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(eq(couponRedemptions.couponId, checked.coupon.id), ownPendingReservation(buyer.userId, buyer.course.id)),
    );
  await tx.update(couponRedemptions).set({ state: 'released' }).where(inArray(couponRedemptions.id, stale));
  return checked;
}

export async function recordRedemption(
  tx: Db,
  values: { couponId: string; orderId: string; userId: string; state: 'reserved' | 'redeemed' },
) {
  await tx.insert(couponRedemptions).values(values);
}

/**
 * An order's use of its coupon follows the order: redeemed when it is paid (from any state: money
 * that moved counts, even past the limit), released when it fails, is canceled or expires (only a
 * reservation is released; a redeemed use stays). Nothing happens for an order without a coupon.
 */
export async function redeemFor(db: Db, orderId: string) {
  await db.update(couponRedemptions).set({ state: 'redeemed' }).where(eq(couponRedemptions.orderId, orderId));
}

export async function releaseFor(db: Db, orderId: string) {
  await db
    .update(couponRedemptions)
    .set({ state: 'released' })
    .where(and(eq(couponRedemptions.orderId, orderId), eq(couponRedemptions.state, 'reserved')));
}

// ---------------------------------------------------------------------------------------------
// The admin's coupons.

function toAdminCoupon(
  row: CouponRow,
  course: AdminCoupon['course'],
  counts: { uses: number; redeemed: number },
): AdminCoupon {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    value: row.kind === 'fixed' ? filsToAed(row.value) : row.value,
    course,
    startsAt: row.startsAt ? dateToDubaiLocal(row.startsAt) : null,
    endsAt: row.endsAt ? dateToDubaiLocal(row.endsAt) : null,
    totalLimit: row.totalLimit,
    oncePerLearner: row.oncePerLearner,
    active: row.active,
    uses: counts.uses,
    redeemed: counts.redeemed,
    createdAt: row.createdAt.toISOString(),
  };
}

const usesColumns = {
  uses: sql<number>`count(${couponRedemptions.id}) filter (where ${couponRedemptions.state} in ('reserved', 'redeemed'))`.mapWith(
    Number,
  ),
  redeemed: sql<number>`count(${couponRedemptions.id}) filter (where ${couponRedemptions.state} = 'redeemed')`.mapWith(
    Number,
  ),
};

async function readCoupons(db: Db, id?: string): Promise<AdminCoupon[]> {
  const rows = await db
    .select({
      coupon: coupons,
      course: { _id: courses.id, slug: courses.slug, title: courses.title },
      ...usesColumns,
    })
    .from(coupons)
    .leftJoin(courses, eq(courses.id, coupons.courseId))
    .leftJoin(couponRedemptions, eq(couponRedemptions.couponId, coupons.id))
    .where(id ? eq(coupons.id, id) : undefined)
    .groupBy(coupons.id, courses.id)
    .orderBy(asc(coupons.code));
  return rows.map((row) => toAdminCoupon(row.coupon, row.course?._id ? row.course : null, row));
}

/** Every coupon, by code, with its uses. */
export async function listCoupons(db: Db): Promise<AdminCoupon[]> {
  return readCoupons(db);
}

async function couponValues(db: Db, input: CouponInput) {
  if (input.courseId !== null) {
    const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId));
    if (!course) throw validationError({ courseId: 'core.courseNotFound' });
  }
  return {
    code: input.code,
    kind: input.kind,
    value: input.kind === 'fixed' ? aedToFils(input.value) : input.value,
    courseId: input.courseId,
    startsAt: input.startsAt ? dubaiLocalToDate(input.startsAt) : null,
    endsAt: input.endsAt ? dubaiLocalToDate(input.endsAt) : null,
    totalLimit: input.totalLimit,
    oncePerLearner: input.oncePerLearner,
    active: input.active,
  };
}

function codeTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError(409, 'payment.couponCodeTaken', { code: 'payment.couponCodeTaken' });
  throw error;
}

async function readOne(db: Db, id: string): Promise<AdminCoupon> {
  const [coupon] = await readCoupons(db, id);
  if (!coupon) throw notFound('payment.couponNotFound');
  return coupon;
}

export async function createCoupon(db: Db, input: CouponInput): Promise<AdminCoupon> {
  const values = await couponValues(db, input);
  const [row] = await db.insert(coupons).values(values).returning().catch(codeTaken);
  if (!row) throw new Error('coupon insert returned no row');
  return readOne(db, row.id);
}

/** Changes a coupon; uses already made keep the price they were given (orders store their own). */
export async function updateCoupon(db: Db, id: string, input: CouponInput): Promise<AdminCoupon> {
  const values = await couponValues(db, input);
  const [row] = await db
    .update(coupons)
    .set(values)
    .where(eq(coupons.id, id))
    .returning({ id: coupons.id })
    .catch(codeTaken);
  if (!row) throw notFound('payment.couponNotFound');
  return readOne(db, id);
}

/** Deletes a coupon nobody has used; a used one is deactivated instead, so its orders keep their link. */
export async function deleteCoupon(db: Db, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [coupon] = await tx.select({ id: coupons.id }).from(coupons).where(eq(coupons.id, id)).for('update');
    if (!coupon) throw notFound('payment.couponNotFound');
    const [used] = await tx.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id));
    if ((used?.n ?? 0) > 0) throw conflict('payment.couponInUse');
    await tx.delete(coupons).where(eq(coupons.id, id));
  });
}
