import { eq, like, or } from 'drizzle-orm';
import { slugify } from '@oasis/shared/format';
import type { Db } from '../../db/client.ts';
import { courses } from '../../db/schema.ts';

/** A slug for `title` that no other course has: `title`, then `title-2`, `title-3`… */
export async function uniqueCourseSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(or(eq(courses.slug, base), like(courses.slug, `${base}-%`)));
  const taken = new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug));
  return nextFreeSlug(base, taken);
}

export function nextFreeSlug(base: string, taken: Set<string>): string {
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}
