import { desc, eq, like, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Blog } from '@oasis/shared/api';
import { slugify } from '@oasis/shared/format';
import { MESSAGES } from '@oasis/shared/messages';
import type { Db } from '../../db/client.ts';
import { blogs, media } from '../../db/schema.ts';
import { notFound } from '../../lib/errors.ts';
import { sanitizeRichHtml } from '../../lib/sanitize.ts';
import { nextFreeSlug } from '../courses/service.ts';
import { type MediaRow, toImage } from '../media/service.ts';

export type BlogRow = typeof blogs.$inferSelect;

/** The API shape of a blog row. The body is sanitised again on the way out. */
export function toBlog(row: BlogRow, image: MediaRow | null, authorImage: MediaRow | null): Blog {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: sanitizeRichHtml(row.description),
    author: row.author,
    image: toImage(image),
    authorImage: toImage(authorImage)?.url ?? null,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const authorImages = alias(media, 'author_image');

function selectBlogs(db: Db) {
  return db
    .select({ blog: blogs, image: media, authorImage: authorImages })
    .from(blogs)
    .leftJoin(media, eq(media.id, blogs.imageId))
    .leftJoin(authorImages, eq(authorImages.id, blogs.authorImageId));
}

/** Every blog post, newest first by its date. */
export async function listBlogs(db: Db): Promise<Blog[]> {
  const rows = await selectBlogs(db).orderBy(desc(blogs.date), desc(blogs.createdAt), desc(blogs.id));
  return rows.map((r) => toBlog(r.blog, r.image, r.authorImage));
}

export async function getBlog(db: Db, slug: string): Promise<Blog | null> {
  const [row] = await selectBlogs(db).where(eq(blogs.slug, slug)).limit(1);
  return row ? toBlog(row.blog, row.image, row.authorImage) : null;
}

export async function requireBlog(db: Db, slug: string): Promise<Blog> {
  const blog = await getBlog(db, slug);
  if (!blog) throw notFound(MESSAGES.blogNotFound);
  return blog;
}

/** A slug for `title` that no other blog post has: `title`, then `title-2`, `title-3`… */
export async function uniqueBlogSlug(db: Db, title: string, exceptId?: string): Promise<string> {
  const base = slugify(title);
  const rows = await db
    .select({ id: blogs.id, slug: blogs.slug })
    .from(blogs)
    .where(or(eq(blogs.slug, base), like(blogs.slug, `${base}-%`)));
  return nextFreeSlug(base, new Set(rows.filter((r) => r.id !== exceptId).map((r) => r.slug)));
}
