import { eq } from 'drizzle-orm';
import { fmt, inLocale, messagesFor } from '@oasis/shared/i18n';
import type { Db } from '../../db/client.ts';
import { courses, users } from '../../db/schema.ts';
import type { Deps } from '../../deps.ts';
import { escapeHtml, htmlInLocale, siteLink } from '../mail/compose.ts';
import { deliverSoon, enqueueMail } from '../mail/outbox.ts';
import { getSettings } from '../settings/service.ts';

export interface CourseCompleted {
  userId: string;
  courseId: string;
  /** The `course_completions` row just recorded. */
  completionId: string;
}

/**
 * What follows a learner's completion of a course, called once per completion (by whoever inserted
 * its row): the completion e-mail, in the learner's language, with a link to the course's
 * completion screen.
 */
export async function onCourseCompleted(
  deps: Pick<Deps, 'db' | 'mailTransport' | 'config' | 'log'>,
  completed: CourseCompleted,
): Promise<void> {
  const ids = await queueCompletionMail(deps.db, deps.config.siteUrl, completed);
  deliverSoon(deps, ids);
}

async function queueCompletionMail(db: Db, siteUrl: string, { userId, courseId }: CourseCompleted) {
  const [row] = await db
    .select({
      email: users.email,
      name: users.name,
      locale: users.locale,
      title: courses.title,
      titleAr: courses.titleAr,
      slug: courses.slug,
    })
    .from(users)
    .innerJoin(courses, eq(courses.id, courseId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return [];
  const { brandName } = await getSettings(db);
  const t = messagesFor(row.locale).finishMail;
  const hello = fmt(messagesFor(row.locale).mail.hello, { name: row.name });
  const course = inLocale(row.locale, row.title, row.titleAr).text;
  const intro = fmt(t.completedIntro, { course });
  const link = siteLink(siteUrl, row.locale, `/watch/${row.slug}`);
  return enqueueMail(db, [
    {
      to: row.email,
      subject: fmt(t.completedSubject, { course }),
      text: [hello, '', intro, '', `${t.completedLink}: ${link}`, '', '—', brandName].join('\n'),
      html: htmlInLocale(
        `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t.completedLink)}</a></p><p>${escapeHtml(brandName)}</p>`,
        row.locale,
      ),
    },
  ]);
}
