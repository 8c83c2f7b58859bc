import { z } from 'zod';
import type { ContentPart } from '../lib/page-cache.ts';

/**
 * The config of an admin route that writes public content: admin-only (the auth plugin), and the
 * parts it changes refreshed once it succeeds (the cache-effects plugin). A fresh object a route.
 */
export function adminWrite(...parts: ContentPart[]): { auth: 'admin'; changes: ContentPart[] } {
  return { auth: 'admin', changes: parts };
}

/** `/…/:id` of the row an admin route reads or writes (ids are at most 64 characters). */
export const idParams = z.object({ id: z.string().min(1).max(64) });
