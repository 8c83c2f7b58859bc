import { and, count, desc, eq, getTableColumns, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type AdminBlog, type AdminBlogPage, checkBlogForm } from '@oasis/shared/admin/blogs';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type AdminListQuery } from '@oasis/shared/admin/common';
import { BLOG_SUMMARY_CHARS, type Blog, type BlogSummary } from '@oasis/shared/api';
import { excerpt } from '@oasis/shared/format';
import type { Db } from '../../db/client.ts';
import { blogs, media } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { notFound } from '../../lib/errors.ts';
import { containsPattern } from '../../lib/like-pattern.ts';
import { assertValid } from '../../lib/form-check.ts';
import { sanitizeArabicRichHtml, sanitizeRichHtml } from '../../lib/sanitize.ts';
import type { ReadFormResult } from '../media/form-input.ts';
import { type MediaRow, releaseMedia, toImage, withUploadedImage } from '../media/service.ts';
import { retryOnSlugClash } from '../users/service.ts';
import { uniqueBlogSlug } from './slug.ts';

export type BlogRow = typeof blogs.$inferSelect;

/** A post's stored bodies: the English and the Arabic (docs/i18n.md#content). */
export interface BlogBody {
  description: string;
  descriptionAr: string;
}

/** A post's fields but its bodies, as listings and the API share them. */
function blogFields(
  row: Omit<BlogRow, keyof BlogBody>,
  image: MediaRow | null,
  authorImage: MediaRow | null,
): Omit<Blog, keyof BlogBody> {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    titleAr: row.titleAr,
    author: row.author,
    authorAr: row.authorAr,
    image: toImage(image),
    authorImage: toImage(authorImage)?.url ?? null,
    date: row.date.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The bodies as the API answers them: sanitised again on the way out. */
export function toBlogBody(stored: BlogBody): BlogBody {
  return { description: sanitizeRichHtml(stored.description), descriptionAr: sanitizeRichHtml(stored.descriptionAr) };
}

/** The API shape of a blog row. The bodies are sanitised again on the way out. */
export function toBlog(row: BlogRow, image: MediaRow | null, authorImage: MediaRow | null): Blog {
  return { ...blogFields(row, image, authorImage), ...toBlogBody(row) };
}

/** The admin's shape of a blog row: the post and whether (since when) it is published. */
export function toAdminBlog(row: BlogRow, image: MediaRow | null, authorImage: MediaRow | null): AdminBlog {
  return { ...toBlog(row, image, authorImage), publishedAt: row.publishedAt?.toISOString() ?? null };
}

/** Only published posts reach public pages, lists, the sitemap and the public API; drafts stay in the admin. */
const isPublished = isNotNull(blogs.publishedAt);

const authorImages = alias(media, 'author_image');

function selectBlogs(db: Db) {
  return db
    .select({ blog: blogs, image: media, authorImage: authorImages })
    .from(blogs)
    .leftJoin(media, eq(media.id, blogs.imageId))
    .leftJoin(authorImages, eq(authorImages.id, blogs.authorImageId));
}

/** Newest first by date; ties by creation, then id, so pages never overlap. */
const NEWEST_FIRST = [desc(blogs.date), desc(blogs.createdAt), desc(blogs.id)];

/** Enough of a body to cut a summary from: the text starts within it unless markup fills it. */
const SUMMARY_SOURCE_CHARS = 4000;

/**
 * Every published blog post without its body, newest first, for the read model's listings: a few hundred
 * bytes a post however long the posts are, so reloading it after a write stays cheap.
 */
export async function listBlogSummaries(db: Db): Promise<BlogSummary[]> {
  const { description: _body, descriptionAr: _bodyAr, ...columns } = getTableColumns(blogs);
  const rows = await db
    .select({
      blog: columns,
      head: sql<string>`left(${blogs.description}, ${SUMMARY_SOURCE_CHARS})`,
      headAr: sql<string>`left(${blogs.descriptionAr}, ${SUMMARY_SOURCE_CHARS})`,
      image: media,
      authorImage: authorImages,
    })
    .from(blogs)
    .leftJoin(media, eq(media.id, blogs.imageId))
    .leftJoin(authorImages, eq(authorImages.id, blogs.authorImageId))
    .where(isPublished)
    .orderBy(...NEWEST_FIRST);
  // The summaries are plain text (rendered as text), so the stored bodies need no sanitising here.
  return rows.map(({ blog, head, headAr, image, authorImage }) => ({
    ...blogFields(blog, image, authorImage),
    summary: excerpt(head, BLOG_SUMMARY_CHARS),
    summaryAr: excerpt(headAr, BLOG_SUMMARY_CHARS),
  }));
}

/** The stored bodies of some published posts, by id (posts deleted or unpublished meanwhile are absent). */
export async function findBlogBodies(db: Db, ids: string[]): Promise<Map<string, BlogBody>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: blogs.id, description: blogs.description, descriptionAr: blogs.descriptionAr })
    .from(blogs)
    .where(and(inArray(blogs.id, ids), isPublished));
  return new Map(rows.map(({ id, ...body }) => [id, body]));
}

/**
 * The admin's list: posts with their bodies, newest first, English or Arabic titles containing `q`,
 * a page at a time.
 */
export async function listAdminBlogPage(db: Db, query: AdminListQuery): Promise<AdminBlogPage> {
  const pattern = query.q ? containsPattern(query.q) : null;
  const where = pattern ? or(ilike(blogs.title, pattern), ilike(blogs.titleAr, pattern)) : undefined;
  const pageSize = ADMIN_LIMITS.listPageSize;
  const [rows, [total]] = await Promise.all([
    selectBlogs(db)
      .where(where)
      .orderBy(...NEWEST_FIRST)
      .limit(pageSize)
      .offset((query.page - 1) * pageSize),
    db.select({ value: count() }).from(blogs).where(where),
  ]);
  return {
    blogs: rows.map((r) => toAdminBlog(r.blog, r.image, r.authorImage)),
    total: total?.value ?? 0,
    page: query.page,
    pageSize,
  };
}

// ---------------------------------------------------------------------------------------------
// Admin writes (docs/product.md#admin-blogs). The body is sanitised on save (and again on every read).

type ContentDeps = Pick<Deps, 'db' | 'storage' | 'pageCache'>;
type BlogForm = Pick<ReadFormResult, 'fields' | 'image'>;

/** A blog row by slug or by id (the slug wins when both could match). */
async function findBlogRow(db: Db, slugOrId: string): Promise<BlogRow | null> {
  const [row] = await db
    .select()
    .from(blogs)
    .where(or(eq(blogs.slug, slugOrId), eq(blogs.id, slugOrId)))
    .orderBy(sql`case when ${blogs.slug} = ${slugOrId} then 0 else 1 end`)
    .limit(1);
  return row ?? null;
}

async function blogAnswer(db: Db, id: string): Promise<AdminBlog> {
  const [row] = await selectBlogs(db).where(eq(blogs.id, id)).limit(1);
  if (!row) throw notFound('core.blogNotFound');
  return toAdminBlog(row.blog, row.image, row.authorImage);
}

/** `GET /admin/blogs/{slug}`: any post, drafts included, for the admin's preview. */
export async function getAdminBlog(db: Db, slugOrId: string): Promise<AdminBlog> {
  const current = await findBlogRow(db, slugOrId);
  if (!current) throw notFound('core.blogNotFound');
  return blogAnswer(db, current.id);
}

/**
 * `PUT /blogs/blogs/{slug}/publish`: a draft goes public now (a published post keeps its first
 * publication time), or a post goes back to draft and leaves every public page.
 */
export async function setBlogPublished(deps: ContentDeps, slugOrId: string, published: boolean): Promise<AdminBlog> {
  const current = await findBlogRow(deps.db, slugOrId);
  if (!current) throw notFound('core.blogNotFound');
  await deps.db
    .update(blogs)
    .set({ publishedAt: published ? (current.publishedAt ?? new Date()) : null, updatedAt: new Date() })
    .where(eq(blogs.id, current.id));
  return blogAnswer(deps.db, current.id);
}

/** `POST /blogs/blogs`: title and author required, rich-text body, optional image and date. A new post is a draft. */
export async function createBlog(deps: ContentDeps, form: BlogForm): Promise<AdminBlog> {
  const value = assertValid(checkBlogForm(form.fields));
  const id = await withUploadedImage(deps, form.image, (image) =>
    retryOnSlugClash(async () => {
      const [row] = await deps.db
        .insert(blogs)
        .values({
          slug: await uniqueBlogSlug(deps.db, value.title),
          title: value.title,
          titleAr: value.titleAr ?? '',
          author: value.author,
          authorAr: value.authorAr ?? '',
          description: sanitizeRichHtml(value.description),
          descriptionAr: sanitizeArabicRichHtml(value.descriptionAr),
          imageId: image?.id ?? null,
          ...(value.date && { date: new Date(value.date) }),
        })
        .returning({ id: blogs.id });
      if (!row) throw new Error('blog insert returned no row');
      return row.id;
    }),
  );
  return blogAnswer(deps.db, id);
}

/**
 * `PUT /blogs/blogs/{slug}`: title, author, body and optionally a new image or date; the Arabic title
 * and body when given (left out, they keep their value; '' clears them). The slug stays,
 * so shared links keep working; a replaced image's files are deleted.
 */
export async function updateBlog(deps: ContentDeps, slugOrId: string, form: BlogForm): Promise<AdminBlog> {
  const current = await findBlogRow(deps.db, slugOrId);
  if (!current) throw notFound('core.blogNotFound');
  const value = assertValid(checkBlogForm(form.fields));
  await withUploadedImage(
    deps,
    form.image,
    (image) =>
      deps.db
        .update(blogs)
        .set({
          title: value.title,
          ...(value.titleAr !== undefined && { titleAr: value.titleAr }),
          author: value.author,
          ...(value.authorAr !== undefined && { authorAr: value.authorAr }),
          ...(value.description !== undefined && { description: sanitizeRichHtml(value.description) }),
          ...(value.descriptionAr !== undefined && { descriptionAr: sanitizeArabicRichHtml(value.descriptionAr) }),
          ...(value.date && { date: new Date(value.date) }),
          ...(image && { imageId: image.id }),
          updatedAt: new Date(),
        })
        .where(eq(blogs.id, current.id)),
    current.imageId,
  );
  return blogAnswer(deps.db, current.id);
}

/** `DELETE /blogs/blogs/{slug}`: the post and its image files. */
export async function deleteBlog(deps: ContentDeps, slugOrId: string): Promise<{ message: string }> {
  const current = await findBlogRow(deps.db, slugOrId);
  if (!current) throw notFound('core.blogNotFound');
  await deps.db.delete(blogs).where(eq(blogs.id, current.id));
  await releaseMedia(deps, [current.imageId, current.authorImageId]);
  return { message: ADMIN_MESSAGES.blogDeleted };
}
