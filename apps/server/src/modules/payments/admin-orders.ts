import { eq } from 'drizzle-orm';
import { filsToAed } from '@oasis/shared/format';
import { type AdminOrders, type AdminOrdersQuery, orderReference } from '@oasis/shared/payments';
import { courses, orders, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { cappedCount, keysetPage, keyText } from '../../lib/keyset.ts';
import { invoiceNumbers } from '../tax-documents/service.ts';

/**
 * Every order for the admin screen, newest first, a page at a time after the cursor of the page
 * before (lib/keyset.ts), with the orders counted up to LIST_TOTAL_CAP.
 */
export async function listOrders(deps: Pick<Deps, 'db'>, query: AdminOrdersQuery): Promise<AdminOrders> {
  const where = query.status ? eq(orders.status, query.status) : undefined;
  const [page, total] = await Promise.all([
    keysetPage({
      columns: orders,
      where,
      cursor: query.cursor,
      pageSize: query.pageSize,
      read: async (condition, orderBy, limit) => {
        const rows = await deps.db
          .select({
            order: orders,
            at: keyText(orders.createdAt),
            learner: { _id: users.id, name: users.name, email: users.email },
            learnerVerifiedAt: users.emailVerifiedAt,
            course: { _id: courses.id, slug: courses.slug, title: courses.title },
          })
          .from(orders)
          .innerJoin(users, eq(users.id, orders.userId))
          .innerJoin(courses, eq(courses.id, orders.courseId))
          .where(condition)
          .orderBy(...orderBy)
          .limit(limit);
        return rows.map((row) => ({ ...row, id: row.order.id }));
      },
    }),
    cappedCount(deps.db, orders, where),
  ]);
  const invoices = await invoiceNumbers(
    deps.db,
    page.rows.map(({ order }) => order.id),
  );
  return {
    orders: page.rows.map(({ order, learner, learnerVerifiedAt, course }) => ({
      _id: order.id,
      reference: orderReference(order.id),
      learner: { ...learner, emailVerified: learnerVerifiedAt !== null },
      email: order.email,
      course,
      amount: filsToAed(order.amountFils),
      listPrice: filsToAed(order.listPriceFils ?? order.amountFils + order.discountFils),
      discount: filsToAed(order.discountFils),
      coupon: order.couponCode,
      currency: order.currency,
      provider: order.provider,
      providerRef: order.providerRef,
      status: order.status,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
      invoice: invoices.has(order.id) ? { number: invoices.get(order.id) ?? '' } : null,
    })),
    ...total,
    offset: page.offset,
    pageSize: query.pageSize,
    next: page.next,
    prev: page.prev,
  };
}
