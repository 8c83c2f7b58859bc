import { and, asc, count, desc, type SQL, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { LIST_TOTAL_CAP } from '@oasis/shared/admin/cursor-paging';
import type { Db } from '../db/client.ts';
import { validationError } from './errors.ts';

/**
 * Newest-first lists read by keyset: each page (or export batch) is the rows after the last one
 * seen in (created_at, id) order, an index range on the `(created_at, id)` and
 * `(status, created_at, id)` indexes (migration 0003) however deep into the list it is. Used by the
 * leads CSV export and the admin lists of orders and leads.
 */

/** The two columns of the order: created_at, with the id as tie-break. */
export interface KeysetColumns {
  createdAt: PgColumn;
  id: PgColumn;
}

/**
 * A row's place in the order: created_at as the database writes it, to the microsecond, in UTC
 * (a JS Date would drop the microseconds and skip rows), and the id.
 */
export interface RowKey {
  at: string;
  id: string;
}

/** Select this as `at` beside a row to get its RowKey: ISO 8601 in UTC, read back the same whatever DateStyle. */
export const keyText = (column: PgColumn) =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The rows after `key` newest first (older ones). */
export const olderThan = (t: KeysetColumns, key: RowKey) =>
  sql`(${t.createdAt}, ${t.id}) < (${key.at}::timestamptz, ${key.id})`;

/** The rows before `key` newest first (newer ones). */
export const newerThan = (t: KeysetColumns, key: RowKey) =>
  sql`(${t.createdAt}, ${t.id}) > (${key.at}::timestamptz, ${key.id})`;

export const newestFirst = (t: KeysetColumns) => [desc(t.createdAt), desc(t.id)];
const oldestFirst = (t: KeysetColumns) => [asc(t.createdAt), asc(t.id)];

// ---------------------------------------------------------------------------------------------
// Cursors of the admin lists.

/**
 * `after`: the page of rows older than the key, its first row at `offset`. `before`: the page of
 * rows newer than the key, which itself sat at `offset`. The offset only numbers the rows on screen
 * ('Showing 21–40'); the key alone says where the page is.
 */
export interface Cursor extends RowKey {
  dir: 'after' | 'before';
  offset: number;
}

const AT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{6})Z$/;
const MAX_OFFSET = 1_000_000_000;

/** An opaque, URL-safe cursor: base64url of a small JSON array. */
export function encodeCursor(cursor: Cursor): string {
  const tuple = [cursor.dir === 'after' ? 'a' : 'b', cursor.at, cursor.id, cursor.offset];
  return Buffer.from(JSON.stringify(tuple)).toString('base64url');
}

/** A real moment PostgreSQL accepts: the parts must survive a round trip through a Date. */
function isTimestamp(at: string): boolean {
  const m = AT.exec(at);
  if (!m) return false;
  const date = new Date(`${at.slice(0, 23)}Z`);
  return Number(m[1]) >= 1 && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 19) === at.slice(0, 19);
}

/** The cursor of `?cursor=`, or a 400 `{ message, errors: { cursor } }` for anything not made by encodeCursor. */
export function decodeCursor(text: string): Cursor {
  const invalid = () => validationError({ cursor: 'cursor.cursorInvalid' });
  if (!/^[A-Za-z0-9_-]{1,400}$/.test(text)) throw invalid();
  let tuple: unknown;
  try {
    tuple = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    throw invalid();
  }
  if (!Array.isArray(tuple) || tuple.length !== 4) throw invalid();
  const [dir, at, id, offset] = tuple as unknown[];
  if (dir !== 'a' && dir !== 'b') throw invalid();
  if (typeof at !== 'string' || !isTimestamp(at)) throw invalid();
  if (typeof id !== 'string' || id.length < 1 || id.length > 64) throw invalid();
  if (typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET) throw invalid();
  return { dir: dir === 'a' ? 'after' : 'before', at, id, offset };
}

/** What a page query reads: its rows, each with its RowKey (select `keyText(createdAt)` as `at`). */
export type ReadPage<R> = (where: SQL | undefined, orderBy: SQL[], limit: number) => Promise<(R & RowKey)[]>;

export interface KeysetPage<R> {
  rows: R[];
  offset: number;
  next: string | null;
  prev: string | null;
}

/**
 * One page of a newest-first list: the first page without a cursor, else the page the cursor
 * points at. `read` runs the query with the condition, order and limit it is given; one more row
 * than the page is asked for to know whether another page follows.
 */
export async function keysetPage<R>(options: {
  columns: KeysetColumns;
  where: SQL | undefined;
  cursor: string | undefined;
  pageSize: number;
  read: ReadPage<R>;
}): Promise<KeysetPage<R>> {
  const { columns, where, pageSize, read } = options;
  const cursor = options.cursor ? decodeCursor(options.cursor) : null;
  const page = (rows: (R & RowKey)[], offset: number, hasNewer: boolean, hasOlder: boolean): KeysetPage<R> => {
    const first = rows[0];
    const last = rows[rows.length - 1];
    return {
      rows,
      offset,
      next:
        hasOlder && last
          ? encodeCursor({ dir: 'after', at: last.at, id: last.id, offset: offset + rows.length })
          : null,
      prev: hasNewer && first ? encodeCursor({ dir: 'before', at: first.at, id: first.id, offset }) : null,
    };
  };
  const firstPage = async () => {
    const rows = await read(where, newestFirst(columns), pageSize + 1);
    return page(rows.slice(0, pageSize), 0, false, rows.length > pageSize);
  };

  if (!cursor) return firstPage();
  if (cursor.dir === 'after') {
    const rows = await read(and(where, olderThan(columns, cursor)), newestFirst(columns), pageSize + 1);
    return page(rows.slice(0, pageSize), cursor.offset, true, rows.length > pageSize);
  }
  // The page before: the rows just newer than the key, read oldest first and turned around.
  const rows = await read(and(where, newerThan(columns, cursor)), oldestFirst(columns), pageSize + 1);
  // Back at the top (rows came or went since): the first page, full, numbered from 1 again.
  if (rows.length <= pageSize) return firstPage();
  const shown = rows.slice(0, pageSize).reverse();
  return page(shown, Math.max(1, cursor.offset - pageSize), true, true);
}

/**
 * The rows of `table` matching `where`, counted up to `cap`: a count over a subquery that stops
 * after cap + 1 rows, so a million matches cost what 10,001 do.
 */
export async function cappedCount(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  cap: number = LIST_TOTAL_CAP,
): Promise<{ total: number; totalCapped: boolean }> {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const n = Number(row?.n ?? 0);
  return { total: Math.min(n, cap), totalCapped: n > cap };
}
