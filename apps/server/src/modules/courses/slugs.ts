import { eq, like, or } from 'drizzle-orm';
import { slugify } from '@oasis/shared/format';
import type { Db } from '../../db/client.ts';
import { type blogs, courses } from '../../db/schema.ts';

/* Slugs of courses and blog posts: made from the English title, unique within their table. */

/**
 * A slug for `title` that no other row of `table` has (the row `exceptId` being renamed aside):
 * `title`, then `title-2`, `title-3`…
 */
export async function uniqueSlug(
  db: Db,
  table: typeof courses | typeof blogs,
  title: string,
  exceptId?: string,
): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ id: table.id, slug: table.slug })
    .from(table)
    .where(or(eq(table.slug, base), like(table.slug, `${base}-%`)));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  return nextFreeSlug(base, taken);
}

/** A slug for `title` that no other course has. */
export const uniqueCourseSlug = (db: Db, title: string, exceptId?: string) => uniqueSlug(db, courses, title, exceptId);

export function nextFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
