import { type AttributionQuery, attributionReportSchema } from '@oasis/shared/attribution';
import { ADMIN, call } from './client';

export const getAttributionReport = (query: Required<AttributionQuery>, signal?: AbortSignal) =>
  call('GET /admin/attribution', `/admin/attribution?${new URLSearchParams(query)}`, attributionReportSchema, {
    ...ADMIN,
    signal,
  });
