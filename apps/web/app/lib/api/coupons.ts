import { z } from 'zod';
import { adminCouponListSchema, adminCouponSchema, type CouponInput } from '@oasis/shared/coupons';
import { ADMIN, call, seg } from './client';

/** The admin's coupons, by code, with their uses. */
export const listCoupons = (signal?: AbortSignal) =>
  call('GET /admin/coupons', '/admin/coupons', adminCouponListSchema, { ...ADMIN, signal }).then(
    ({ coupons }) => coupons,
  );

export const createCoupon = (body: CouponInput) =>
  call('POST /admin/coupons', '/admin/coupons', adminCouponSchema, { ...ADMIN, method: 'POST', body });

export const updateCoupon = (id: string, body: CouponInput) =>
  call('PUT /admin/coupons/{id}', `/admin/coupons/${seg(id)}`, adminCouponSchema, { ...ADMIN, method: 'PUT', body });

/** Deletes a coupon nobody has used (a used one is refused: deactivate it instead). */
export const deleteCoupon = (id: string) =>
  call('DELETE /admin/coupons/{id}', `/admin/coupons/${seg(id)}`, z.unknown(), { ...ADMIN, method: 'DELETE' });
