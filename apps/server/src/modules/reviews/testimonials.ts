import { and, asc, eq, or, sql } from 'drizzle-orm';
import type { Testimonial, testimonialInputSchema } from '@oasis/shared/reviews';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { courses, media, testimonials } from '../../db/schema.ts';
import { notFound, validationError } from '../../lib/errors.ts';
import { type MediaRow, toImage } from '../media/service.ts';
import { requireWholeOrder } from '../course-modules/service.ts';

type TestimonialValues = z.output<typeof testimonialInputSchema>;
type Row = typeof testimonials.$inferSelect;

const IN_ORDER = [asc(testimonials.position), asc(testimonials.createdAt), asc(testimonials.id)];

function toTestimonial(row: Row, photo: MediaRow | null): Testimonial {
  return {
    _id: row.id,
    name: row.name,
    nameAr: row.nameAr,
    role: row.role,
    roleAr: row.roleAr,
    quote: row.quote,
    quoteAr: row.quoteAr,
    photo: toImage(photo),
    courseId: row.courseId,
    onHome: row.onHome,
    onAbout: row.onAbout,
    onCourse: row.onCourse,
    position: row.position,
  };
}

/** Every testimonial in the owner's order (the admin list). */
export async function listTestimonials(db: Db): Promise<Testimonial[]> {
  const found = await db
    .select({ row: testimonials, photo: media })
    .from(testimonials)
    .leftJoin(media, eq(media.id, testimonials.photoId))
    .orderBy(...IN_ORDER);
  return found.map(({ row, photo }) => toTestimonial(row, photo));
}

/**
 * The read model's 'testimonials' part: those shown somewhere, in the owner's order; a course page
 * shows only the ones linked to it.
 */
export async function listPublicTestimonials(db: Db): Promise<Testimonial[]> {
  const found = await db
    .select({ row: testimonials, photo: media })
    .from(testimonials)
    .leftJoin(media, eq(media.id, testimonials.photoId))
    .where(or(eq(testimonials.onHome, true), eq(testimonials.onAbout, true), eq(testimonials.onCourse, true)))
    .orderBy(...IN_ORDER);
  return found.map(({ row, photo }) => toTestimonial(row, photo));
}

/** The stored columns for checked input: the photo is an uploaded image named by its `base` path. */
async function columns(db: Db, input: TestimonialValues) {
  let photoId: string | null = null;
  if (input.photo) {
    const key = input.photo.startsWith('/media/') ? input.photo.slice('/media/'.length) : '';
    const [row] = key
      ? await db
          .select({ id: media.id })
          .from(media)
          .where(and(eq(media.key, key), eq(media.kind, 'image')))
          .limit(1)
      : [];
    if (!row) throw validationError({ photo: 'reviewRules.testimonialPhotoInvalid' });
    photoId = row.id;
  }
  if (input.courseId) {
    const [course] = await db.select({ id: courses.id }).from(courses).where(eq(courses.id, input.courseId)).limit(1);
    if (!course) throw validationError({ courseId: 'reviewRules.testimonialCourseInvalid' });
  }
  return {
    name: input.name,
    nameAr: input.nameAr,
    role: input.role,
    roleAr: input.roleAr,
    quote: input.quote,
    quoteAr: input.quoteAr,
    photoId,
    courseId: input.courseId,
    onHome: input.onHome,
    onAbout: input.onAbout,
    // Shown on a course page only when linked to a course.
    onCourse: input.onCourse && input.courseId !== null,
  };
}

async function findTestimonial(db: Db, id: string): Promise<Testimonial> {
  const [found] = await db
    .select({ row: testimonials, photo: media })
    .from(testimonials)
    .leftJoin(media, eq(media.id, testimonials.photoId))
    .where(eq(testimonials.id, id))
    .limit(1);
  if (!found) throw notFound('reviewRules.testimonialNotFound');
  return toTestimonial(found.row, found.photo);
}

/** `POST /admin/testimonials`: a new one at the end of the list. */
export async function createTestimonial(db: Db, input: TestimonialValues): Promise<Testimonial> {
  const [row] = await db
    .insert(testimonials)
    .values({
      ...(await columns(db, input)),
      position: sql`(select coalesce(max(${testimonials.position}), -1) + 1 from ${testimonials})`,
    })
    .returning({ id: testimonials.id });
  if (!row) throw new Error('testimonial insert returned no row');
  return findTestimonial(db, row.id);
}

/** `PUT /admin/testimonials/{id}`: every field replaced. */
export async function updateTestimonial(db: Db, id: string, input: TestimonialValues): Promise<Testimonial> {
  const [row] = await db
    .update(testimonials)
    .set({ ...(await columns(db, input)), updatedAt: new Date() })
    .where(eq(testimonials.id, id))
    .returning({ id: testimonials.id });
  if (!row) throw notFound('reviewRules.testimonialNotFound');
  return findTestimonial(db, row.id);
}

/** `DELETE /admin/testimonials/{id}`. */
export async function deleteTestimonial(db: Db, id: string): Promise<{ message: string }> {
  const deleted = await db.delete(testimonials).where(eq(testimonials.id, id)).returning({ id: testimonials.id });
  if (!deleted.length) throw notFound('reviewRules.testimonialNotFound');
  return { message: 'deleted' };
}

/** `PUT /admin/testimonials/reorder`: every testimonial in its new order; positions become 0..n-1. */
export async function reorderTestimonials(db: Db, ids: readonly string[]): Promise<Testimonial[]> {
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: testimonials.id }).from(testimonials).for('update');
    requireWholeOrder(ids, current, { ids: 'reviewRules.testimonialOrderInvalid' });
    for (const [position, id] of ids.entries()) {
      await tx.update(testimonials).set({ position }).where(eq(testimonials.id, id));
    }
  });
  return listTestimonials(db);
}
