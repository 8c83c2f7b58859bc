import { and, eq, sql } from 'drizzle-orm';
import { fmt, inLocale, type Locale, messagesFor } from '@oasis/shared/i18n';
import type { MailMessage } from '../../adapters/mail/index.ts';
import type { Db } from '../../db/client.ts';
import { courseReminders, siteSettings } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { type Repeating, startRepeating } from '../../lib/repeating.ts';
import { escapeHtml, htmlInLocale, siteLink } from '../mail/compose.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { unsubscribeHeaders, unsubscribeUrl } from '../mail/unsubscribe.ts';
import { getSettings } from '../settings/service.ts';
import { getCourseCompletion } from './completion.ts';

/**
 * The coming-back reminder: one e-mail to a learner who started a course (a lesson completed or
 * watched), has not finished it, and has made no progress in it for `idleDays`. Once per learner and
 * course, ever: a `course_reminders` row is taken with INSERT … ON CONFLICT DO NOTHING RETURNING
 * before the mail is queued (in the same transaction), so two instances running a round at once
 * send it once. Not sent when the owner turned reminders off or the address unsubscribed from them.
 */
export const REMINDERS = {
  idleDays: 14,
  /** Reminders looked at per round; the next round takes the rest. */
  perRound: 100,
  pollMs: 60 * 60_000,
} as const;

const TOPIC = 'course-reminders';

export type ReminderDeps = Pick<Deps, 'db' | 'mailTransport' | 'config' | 'log'>;

interface Candidate {
  userId: string;
  courseId: string;
  email: string;
  name: string;
  locale: Locale;
  title: string;
  titleAr: string;
  slug: string;
}

/** Whether the owner has reminders on (the default). */
export async function remindersEnabled(db: Db): Promise<boolean> {
  const [row] = await db.select({ on: siteSettings.comebackReminders }).from(siteSettings).limit(1);
  return row?.on ?? true;
}

/** `PUT /admin/settings/reminders`: turns the reminders on or off (the settings row made if need be). */
export async function setRemindersEnabled(db: Db, on: boolean): Promise<boolean> {
  const updated = await db
    .update(siteSettings)
    .set({ comebackReminders: on, updatedAt: new Date() })
    .returning({ on: siteSettings.comebackReminders });
  if (updated.length === 0) {
    const settings = await getSettings(db);
    await db
      .insert(siteSettings)
      .values({ id: 'main', ...settings, comebackReminders: on })
      .onConflictDoUpdate({ target: siteSettings.id, set: { comebackReminders: on } });
  }
  return remindersEnabled(db);
}

/** Learners and courses due a reminder: started, idle since `cutoff`, not reminded, not unsubscribed. */
async function findDue(db: Db, cutoff: Date, limit: number): Promise<Candidate[]> {
  const result = await db.execute(sql`
    select e.user_id as "userId", e.course_id as "courseId", u.email, u.name, u.locale,
           c.title, c.title_ar as "titleAr", c.slug
    from enrolments e
    join users u on u.id = e.user_id
    join courses c on c.id = e.course_id
    join lateral (
      select max(at) as last_at from (
        select vp.created_at as at from video_progress vp
          join videos v on v.id = vp.video_id join modules m on m.id = v.module_id
          where m.course_id = e.course_id and vp.user_id = e.user_id
        union all
        select w.updated_at from video_watch_time w
          join videos v on v.id = w.video_id join modules m on m.id = v.module_id
          where m.course_id = e.course_id and w.user_id = e.user_id
      ) activity
    ) act on true
    where act.last_at is not null and act.last_at < ${cutoff.toISOString()}
      and c.archived_at is null
      and not exists (select 1 from course_completions cc where cc.user_id = e.user_id and cc.course_id = e.course_id)
      and not exists (select 1 from course_reminders r where r.user_id = e.user_id and r.course_id = e.course_id)
      and not exists (select 1 from mail_unsubscribes mu where mu.address = lower(u.email) and mu.topic = ${TOPIC})
    order by act.last_at
    limit ${limit}
  `);
  return (result as unknown as { rows: Candidate[] }).rows;
}

function reminderMail(deps: ReminderDeps, to: Candidate, brand: string): MailMessage {
  const t = messagesFor(to.locale).finishMail;
  const hello = fmt(messagesFor(to.locale).mail.hello, { name: to.name });
  const course = inLocale(to.locale, to.title, to.titleAr).text;
  const intro = fmt(t.reminderIntro, { course });
  const why = fmt(t.reminderWhy, { brand });
  const link = siteLink(deps.config.siteUrl, to.locale, `/watch/${to.slug}`);
  const stop = unsubscribeUrl(deps.config.siteUrl, deps.config.mediaSigningSecret, {
    address: to.email,
    topic: TOPIC,
    locale: to.locale,
  });
  const a = (href: string, text: string) => `<a href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;
  return {
    to: to.email,
    headers: unsubscribeHeaders(stop),
    subject: fmt(t.reminderSubject, { course }),
    text: [
      hello,
      '',
      intro,
      '',
      `${t.reminderLink}: ${link}`,
      '',
      why,
      `${t.unsubscribeLine} ${stop}`,
      '',
      '—',
      brand,
    ].join('\n'),
    html: htmlInLocale(
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p>${a(link, t.reminderLink)}</p>` +
        `<p>${escapeHtml(why)} ${escapeHtml(t.unsubscribeLine)} ${a(stop, t.unsubscribeButton)}</p><p>${escapeHtml(brand)}</p>`,
      to.locale,
    ),
  };
}

/**
 * One round: the reminders due now, each claimed and queued in one transaction. Answers how many
 * were queued by this round.
 */
export async function sendComebackReminders(deps: ReminderDeps, now = new Date()): Promise<number> {
  if (!(await remindersEnabled(deps.db))) return 0;
  const cutoff = new Date(now.getTime() - REMINDERS.idleDays * 86_400_000);
  const due = await findDue(deps.db, cutoff, REMINDERS.perRound);
  if (due.length === 0) return 0;
  const { brandName } = await getSettings(deps.db);
  let queued = 0;
  for (const candidate of due) {
    // All lessons done and a quiz passed before completions were recorded: finished, no reminder.
    if ((await getCourseCompletion(deps.db, candidate.userId, candidate.courseId)).complete) continue;
    const ids = await deps.db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(courseReminders)
        .values({ userId: candidate.userId, courseId: candidate.courseId, sentAt: now })
        .onConflictDoNothing()
        .returning();
      if (!claimed) return [];
      return enqueueMail(tx, [reminderMail(deps, candidate, brandName)], now);
    });
    if (ids.length > 0) queued++;
    deliverSoon(deps, ids);
  }
  return queued;
}

/** Whether a reminder was recorded for the learner and course. */
export async function wasReminded(db: Db, userId: string, courseId: string): Promise<boolean> {
  const [row] = await db
    .select({ userId: courseReminders.userId })
    .from(courseReminders)
    .where(and(eq(courseReminders.userId, userId), eq(courseReminders.courseId, courseId)))
    .limit(1);
  return Boolean(row);
}

/** Runs `sendComebackReminders` every `pollMs` (first a minute after start). Timers are unref'd. */
export function startComebackReminders(deps: ReminderDeps, options: { pollMs?: number } = {}): Repeating {
  const pollMs = options.pollMs ?? REMINDERS.pollMs;
  return startRepeating(
    async () => {
      await sendComebackReminders(deps);
    },
    {
      firstDelayMs: Math.min(60_000, pollMs),
      everyMs: pollMs,
      onError: (error) => deps.log.error({ err: error }, 'coming-back reminders failed; will try again'),
    },
  );
}
