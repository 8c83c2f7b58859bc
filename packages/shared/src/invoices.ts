import { z } from 'zod';
import { ORDER_STATUSES } from './payments.ts';

/** The learner's orders and their tax invoices (docs/product.md#tax-invoices). */

/** An order's invoice as lists show it: its number, downloaded at `/api/orders/{id}/invoice.pdf`. */
export const orderInvoiceSchema = z.object({ number: z.string() }).nullable();

/** `GET /api/orders`: the signed-in learner's orders, newest first. */
export const myOrderSchema = z.object({
  _id: z.string(),
  reference: z.string(),
  course: z.object({ _id: z.string(), slug: z.string(), title: z.string(), titleAr: z.string() }),
  createdAt: z.string(),
  /** AED: what was charged, the price before the discount and the discount. */
  amount: z.number(),
  listPrice: z.number(),
  discount: z.number(),
  status: z.enum(ORDER_STATUSES),
  invoice: orderInvoiceSchema,
});
export type MyOrder = z.infer<typeof myOrderSchema>;
export const myOrdersSchema = z.object({ orders: z.array(myOrderSchema) });
export type MyOrders = z.infer<typeof myOrdersSchema>;

/** Where an order's invoice is downloaded. */
export function invoicePath(orderId: string): string {
  return `/api/orders/${encodeURIComponent(orderId)}/invoice.pdf`;
}
