import { z } from 'zod';

/**
 * Paging of the admin lists that grow without bound (orders, leads): newest first, a page at a time
 * after an opaque cursor instead of a page number, with a total counted up to a cap. A deep page
 * costs what the first one does, and no answer counts a million rows (docs/benchmarks.md, bench:scale).
 */

/** Rows a list counts at most: beyond it the screen says 'more than 10,000'. */
export const LIST_TOTAL_CAP = 10_000;

/**
 * Matches a text search counts at most ('more than 100'): a common word ('example.org', '+971 50')
 * matches a fifth of a million leads, and finding each match costs row reads and four ILIKEs (on
 * PGlite, 10,000 of them took 0.3–0.5 s; 200 matches of '971512' 90 ms on PostgreSQL). Five pages
 * are enough to say the search should be narrower.
 */
export const LIST_SEARCH_TOTAL_CAP = 100;

export const CURSOR_MESSAGES = {
  cursorInvalid: 'This page link is not valid any more. Please start again from the first page.',
} as const;

/**
 * `?cursor=`: the `next` or `prev` of an earlier answer, as it came; empty or missing is the first
 * page. The server reads it (apps/server/src/lib/keyset.ts): to the browser it is only text.
 */
export const cursorQueryField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.string().max(400, { error: 'cursor.cursorInvalid' }).optional(),
);

/** The paging part of such a list's answer. */
export const cursorPageFields = {
  /** The rows matching the filter, counted up to LIST_TOTAL_CAP. */
  total: z.number().int(),
  /** True when there are more than `total` (the count stopped at the cap). */
  totalCapped: z.boolean(),
  /** How many rows come before this page (0 on the first): for 'Showing 21–40'. */
  offset: z.number().int(),
  pageSize: z.number().int(),
  /** The cursor of the following (older) page; null on the last. */
  next: z.string().nullable(),
  /** The cursor of the preceding (newer) page; null on the first. */
  prev: z.string().nullable(),
};

export interface CursorPage {
  total: number;
  totalCapped: boolean;
  offset: number;
  next: string | null;
  prev: string | null;
}

/**
 * The numbers of 'Showing 21–40 of 1,234' for a page of `shown` rows: the rows' positions and the
 * total, which `capped` says is a floor ('of more than 10,000'). The screens put them in their
 * language's sentence (the `adminShell` catalogue).
 */
export function pageRange(page: CursorPage, shown: number) {
  const from = page.offset + 1;
  const to = page.offset + shown;
  return { from, to, total: page.totalCapped ? page.total : Math.max(page.total, to), capped: page.totalCapped };
}

const count = (n: number) => n.toLocaleString('en-US');

/** 'Showing 21–40 of 1,234' or 'Showing 1–20 of more than 10,000' (in English) for a page of `shown` rows. */
export function showingRange(page: CursorPage, shown: number): string {
  const { from, to, total, capped } = pageRange(page, shown);
  return `Showing ${count(from)}–${count(to)} of ${capped ? `more than ${count(total)}` : count(total)}`;
}
