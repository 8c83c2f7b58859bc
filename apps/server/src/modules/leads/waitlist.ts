import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { filsToAed, formatPrice } from '@oasis/shared/format';
import { fmt, type Locale, messagesFor } from '@oasis/shared/i18n';
import type { CourseWaitlist, WaitlistInput } from '@oasis/shared/leads';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { courses, leads, mailUnsubscribes } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { isPublicCourse } from '../courses/catalogue.ts';
import { composeMail, ltr, siteLink } from '../mail/compose.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe.ts';
import { getSettings } from '../settings/service.ts';
import { isSpam, type LeadMeta, leadOrigin } from './service.ts';

type WaitlistDeps = Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log'>;

/**
 * A visitor asks to hear when a coming-soon course opens. One signup per address and course (a
 * partial unique index): a second signup answers the same and stores nothing. Only a public
 * course marked 'Coming soon' takes signups.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  input: WaitlistInput,
  meta: LeadMeta,
): Promise<{ slug: string }> {
  const [course] = await deps.db
    .select({ id: courses.id, slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.id, input.courseId), eq(courses.comingSoon, true), isPublicCourse()))
    .limit(1);
  if (!course) throw notFound('api.waitlistCourseNotFound');
  if (isSpam(input)) {
    deps.log.info({ ip: meta.ip, form: 'waitlist' }, 'lead dropped: honeypot filled');
    return course;
  }
  await deps.db
    .insert(leads)
    .values({
      kind: 'waitlist',
      name: '',
      email: input.email,
      phone: '',
      courseId: course.id,
      // The form's own language first (a plain form post names it), and the visit's touches.
      ...leadOrigin({ ...meta, locale: input.locale ?? meta.locale }),
    })
    .onConflictDoNothing({
      target: [leads.courseId, leads.email],
      where: sql`${leads.kind} = 'waitlist'`,
    });
  return course;
}

/**
 * The slug of a public course by its id, or null: where a refused form post sends the visitor back
 * to (the form may have been on a page of a course that is no longer coming soon).
 */
export async function publicCourseSlug(db: Db, courseId: unknown): Promise<string | null> {
  if (typeof courseId !== 'string' || courseId.length > 100) return null;
  const [course] = await db
    .select({ slug: courses.slug })
    .from(courses)
    .where(and(eq(courses.id, courseId), isPublicCourse()))
    .limit(1);
  return course?.slug ?? null;
}

/** A course that may be announced: public, no longer 'Coming soon', with a price. */
const onSale = () => and(isPublicCourse(), eq(courses.comingSoon, false), sql`${courses.priceFils} > 0`);

/** The course's signups whose address has not unsubscribed from waitlist e-mails (modules/mail/unsubscribe.ts). */
const subscribed = (courseId: string) =>
  and(
    eq(leads.kind, 'waitlist'),
    eq(leads.courseId, courseId),
    sql`not exists (select 1 from ${mailUnsubscribes} where ${mailUnsubscribes.address} = lower(trim(${leads.email})) and ${mailUnsubscribes.topic} = 'waitlist')`,
  );

export async function getCourseWaitlist(db: Db, courseId: string): Promise<CourseWaitlist> {
  const [course] = await db
    .select({ announcedAt: courses.waitlistAnnouncedAt, onSale: sql<boolean>`coalesce(${onSale()}, false)` })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound('core.courseNotFound');
  const [row] = await db.select({ value: count() }).from(leads).where(subscribed(courseId));
  const waiting = row?.value ?? 0;
  return {
    count: waiting,
    announcedAt: course.announcedAt?.toISOString() ?? null,
    canAnnounce: course.onSale && !course.announcedAt && waiting > 0,
  };
}

/**
 * E-mails the course's waitlist that it is on sale, once: the claim on the course (an UPDATE that
 * only succeeds while `waitlist_announced_at` is empty) and the e-mails are one transaction, so two
 * presses at once queue one set, and a failure leaves the course unclaimed. Unsubscribed signups
 * get nothing.
 */
export async function announceWaitlist(deps: WaitlistDeps, courseId: string): Promise<number> {
  const [course] = await deps.db
    .select({ id: courses.id, onSale: sql<boolean>`coalesce(${onSale()}, false)` })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  if (!course) throw notFound('core.courseNotFound');
  if (!course.onSale) throw badRequest('api.waitlistNotOnSale');
  const settings = await getSettings(deps.db);
  const ids = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(courses)
      .set({ waitlistAnnouncedAt: new Date() })
      .where(and(eq(courses.id, courseId), isNull(courses.waitlistAnnouncedAt), onSale()))
      .returning();
    if (!claimed) throw conflict('api.waitlistAlreadyAnnounced');
    const signups = await tx
      .select({ email: leads.email, locale: leads.locale })
      .from(leads)
      .where(subscribed(courseId));
    const mails = signups.map((signup) =>
      announcementMail(deps.config, settings.brandName, claimed, signup.email, signup.locale),
    );
    return enqueueMail(tx, mails);
  });
  deliverSoon(deps, ids);
  return ids.length;
}

function announcementMail(
  config: WaitlistDeps['config'],
  brand: string,
  course: typeof courses.$inferSelect,
  to: string,
  locale: Locale,
): MailMessage {
  const t = messagesFor(locale).waitlist;
  const title = (locale === 'ar' && course.titleAr) || course.title;
  const link = siteLink(config.siteUrl, locale, `/courses/${course.slug}`);
  const unsubscribe = unsubscribeUrl(config.siteUrl, config.mediaSigningSecret, {
    address: to,
    topic: 'waitlist',
    locale,
  });
  const mail = composeMail({
    to,
    subject: fmt(t.mailSubject, { title }),
    heading: fmt(t.mailHeading, { title }),
    paragraphs: [t.mailText],
    details: [
      [t.mailCourse, title],
      [t.mailPrice, formatPrice(filsToAed(course.priceFils))],
    ],
    closing: [fmt(t.mailLink, { url: ltr(link, locale) }), fmt(t.mailUnsubscribe, { url: ltr(unsubscribe, locale) })],
    footer: brand,
    locale,
  });
  return { ...mail, headers: unsubscribeHeaders(unsubscribe) };
}
