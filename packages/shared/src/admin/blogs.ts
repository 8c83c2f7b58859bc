import { z } from 'zod';
import { blogSchema } from '../api.ts';
import {
  ADMIN_LIMITS,
  adminPageFields,
  checkArabicField,
  checkArabicTitleAndBody,
  type FieldErrors,
  type FormCheck,
  type FormFields,
  fail,
} from './common.ts';

/**
 * A post as the admin sees it: with `publishedAt`, null while it is a draft (docs/product.md#admin-blogs).
 * Drafts reach no public page, list, sitemap or API; the admin previews them.
 */
export const adminBlogSchema = blogSchema.extend({ publishedAt: z.string().nullable() });
export type AdminBlog = z.infer<typeof adminBlogSchema>;

/** `GET /admin/blogs?page=&q=`: a page of posts with their bodies, newest first, titles containing `q`. */
export const adminBlogPageSchema = z.object({ blogs: z.array(adminBlogSchema), ...adminPageFields });
export type AdminBlogPage = z.infer<typeof adminBlogPageSchema>;

/** `PUT /blogs/blogs/{slug}/publish`: publish a draft (`true`) or take a post back to draft (`false`). */
export const publishBlogInputSchema = z.object({ published: z.boolean() });
export type PublishBlogInput = z.infer<typeof publishBlogInputSchema>;

/** Blog posts (docs/product.md#admin-blogs): the form's check and its date rule. */

export interface BlogFormValues {
  title: string;
  /** Arabic twins (docs/i18n.md#content): absent keeps the stored value, '' clears it. */
  titleAr?: string;
  author: string;
  /** The author's name in Arabic: never required. */
  authorAr?: string;
  description?: string;
  descriptionAr?: string;
  /** ISO date-time; absent keeps the current one (today for a new post). */
  date?: string;
}

/**
 * Blog create and edit: title and author are required (docs/product.md#admin-blogs); description is
 * rich text. The Arabic title and description (`titleAr`, `descriptionAr`) are never required.
 */
export function checkBlogForm(fields: FormFields): FormCheck<BlogFormValues> {
  const errors: FieldErrors = {};
  const title = fields.title?.trim() ?? '';
  const author = fields.author?.trim() ?? '';
  if (!title) errors.title = 'admin.blogFieldsRequired';
  if (!author) errors.author = 'admin.blogFieldsRequired';
  if (Object.keys(errors).length) return fail(errors, 'admin.blogFieldsRequired');
  if (title.length > ADMIN_LIMITS.titleMax) errors.title = 'admin.titleTooLong';
  if (author.length > ADMIN_LIMITS.authorMax) errors.author = 'admin.authorTooLong';
  const value: BlogFormValues = { title, author };
  if (fields.description !== undefined) {
    if (fields.description.length > ADMIN_LIMITS.richHtmlMax) errors.description = 'admin.htmlTooLong';
    value.description = fields.description;
  }
  Object.assign(value, checkArabicTitleAndBody(fields, errors));
  const authorAr = checkArabicField(fields, 'authorAr', errors, {
    max: ADMIN_LIMITS.authorMax,
    message: 'admin.authorTooLong',
  });
  if (authorAr !== undefined) value.authorAr = authorAr;
  const date = fields.date?.trim();
  if (date) {
    const parsed = parseAdminDate(date);
    if (!parsed) errors.date = 'admin.dateInvalid';
    else if (!isAllowedYear(parsed)) errors.date = 'admin.dateOutOfRange';
    else value.date = parsed;
  }
  return Object.keys(errors).length ? fail(errors) : { ok: true, value };
}

/** Whether an ISO date-time (from `parseAdminDate`) falls in the years ADMIN_LIMITS allows. */
export function isAllowedYear(iso: string): boolean {
  const year = new Date(iso).getUTCFullYear();
  return year >= ADMIN_LIMITS.yearMin && year <= ADMIN_LIMITS.yearMax;
}

/** 'YYYY-MM-DD' (noon in Dubai, so the day never shifts) or a full ISO date-time. */
export function parseAdminDate(input: string): string | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(input);
  if (day) {
    const date = new Date(`${input}T12:00:00+04:00`);
    return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== input ? null : date.toISOString();
  }
  if (!/^\d{4}-\d{2}-\d{2}T/.test(input)) return null;
  const date = new Date(input);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}
