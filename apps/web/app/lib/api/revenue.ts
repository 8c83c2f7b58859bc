import { type RevenueQuery, revenueReportSchema } from '@oasis/shared/admin/revenue';
import { ADMIN, call } from './client';

export const getRevenue = (query: Required<RevenueQuery>, signal?: AbortSignal) =>
  call('GET /admin/revenue', `/admin/revenue?${new URLSearchParams(query)}`, revenueReportSchema, {
    ...ADMIN,
    signal,
  });
