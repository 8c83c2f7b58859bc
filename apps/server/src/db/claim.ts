import { type AnyColumn, asc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * The id of the first row that is `due`, by `order`, locked for the claiming statement; rows another
 * instance holds are skipped. Claim with `id = (subquery)`, not `id IN (subquery)`: a scalar subquery
 * runs once, while IN may be re-run per row and, skipping the row it just locked, claim another.
 */
export function nextDueId(db: Db, id: PgColumn, due: SQL | undefined, order: AnyColumn) {
  return db.select({ id }).from(id.table).where(due).orderBy(asc(order)).limit(1).for('update', { skipLocked: true });
}
