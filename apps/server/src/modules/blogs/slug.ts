import { eq, like, or } from 'drizzle-orm';
import { slugify } from '@oasis/shared/format';
import type { Db } from '../../db/client.ts';
import { blogs } from '../../db/schema.ts';
import { nextFreeSlug } from '../courses/slugs.ts';

/** A slug for `title` that no other blog post has: `title`, then `title-2`, `title-3`… */
export async function uniqueBlogSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ id: blogs.id, slug: blogs.slug })
    .from(blogs)
    .where(or(eq(blogs.slug, base), like(blogs.slug, `${base}-%`)));
  return nextFreeSlug(base, new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug)));
}
