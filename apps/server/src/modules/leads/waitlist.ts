import { createHmac } from 'node:crypto';
import { and, count, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { filsToAed, formatPrice } from '@oasis/shared/format';
import { DEFAULT_LOCALE, fmt, type Locale, messagesFor } from '@oasis/shared/i18n';
import type { CourseWaitlist, WaitlistInput } from '@oasis/shared/leads';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { courses, leads } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { badRequest, conflict, notFound } from '../../lib/errors.ts';
import { safeEqual } from '../../lib/tokens.ts';
import { isPublicCourse } from '../courses/catalogue.ts';
import { composeMail, ltr, siteLink } from '../mail/compose.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';
import { isSpam } from './service.ts';

type WaitlistDeps = Pick<Deps, 'db' | 'config' | 'mailTransport' | 'log'>;

/**
 * A visitor asks to hear when a coming-soon course opens. One signup per address and course (a
 * partial unique index): a second signup answers the same and stores nothing. Only a public
 * course marked 'Coming soon' takes signups.
 */
export async function joinWaitlist(
  deps: WaitlistDeps,
  input: WaitlistInput,
  meta: { ip: string; locale?: Locale },
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
      ip: meta.ip,
      locale: input.locale ?? meta.locale ?? DEFAULT_LOCALE,
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

const subscribed = (courseId: string) =>
  and(eq(leads.kind, 'waitlist'), eq(leads.courseId, courseId), isNull(leads.unsubscribedAt));

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
      .select({ id: leads.id, email: leads.email, locale: leads.locale })
      .from(leads)
      .where(subscribed(courseId));
    const mails = signups.map((signup) =>
      announcementMail(deps.config, settings.brandName, claimed, signup.id, signup.email, signup.locale),
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
  leadId: string,
  to: string,
  locale: Locale,
): MailMessage {
  const t = messagesFor(locale).waitlist;
  const title = (locale === 'ar' && course.titleAr) || course.title;
  const link = siteLink(config.siteUrl, locale, `/courses/${course.slug}`);
  const unsubscribe = unsubscribeUrl(config, leadId);
  return composeMail({
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
}

/*
 * The unsubscribe link: the signup's id and an HMAC of it, so it works without signing in and
 * cannot be made for another signup. It does not expire: an old announcement's link still works.
 */
const TOKEN_PURPOSE = 'waitlist-unsubscribe:';

function sign(secret: string, leadId: string): string {
  return createHmac('sha256', secret)
    .update(TOKEN_PURPOSE + leadId)
    .digest('base64url');
}

export function unsubscribeToken(secret: string, leadId: string): string {
  return `${leadId}.${sign(secret, leadId)}`;
}

/** The signup a token names, or null when the token is malformed or its signature is wrong. */
export function verifyUnsubscribeToken(secret: string, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0) return null;
  const leadId = token.slice(0, dot);
  return safeEqual(token.slice(dot + 1), sign(secret, leadId)) ? leadId : null;
}

export function unsubscribeUrl(config: WaitlistDeps['config'], leadId: string): string {
  return `${config.siteUrl}/api/waitlist/unsubscribe?token=${unsubscribeToken(config.mediaSigningSecret, leadId)}`;
}

/** The signup behind a valid token (its language for the page), or null. */
export async function findUnsubscribeSignup(
  deps: WaitlistDeps,
  token: string,
): Promise<{ id: string; locale: Locale; unsubscribed: boolean } | null> {
  const leadId = verifyUnsubscribeToken(deps.config.mediaSigningSecret, token);
  if (!leadId) return null;
  const [row] = await deps.db
    .select({ id: leads.id, locale: leads.locale, unsubscribedAt: leads.unsubscribedAt })
    .from(leads)
    .where(and(eq(leads.id, leadId), eq(leads.kind, 'waitlist')))
    .limit(1);
  return row ? { id: row.id, locale: row.locale, unsubscribed: row.unsubscribedAt !== null } : null;
}

export async function unsubscribeSignup(db: Db, leadId: string): Promise<void> {
  await db
    .update(leads)
    .set({ unsubscribedAt: new Date() })
    .where(and(eq(leads.id, leadId), isNull(leads.unsubscribedAt), isNotNull(leads.courseId)));
}
