import { useState } from 'react';
import toast from 'react-hot-toast';
import type { AdminCourse } from '@oasis/shared/admin/courses';
import type { CourseWaitlist } from '@oasis/shared/leads';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import { announceWaitlist, getCourseWaitlist } from '~/lib/api/leads';
import { ConfirmDialog } from './confirm-dialog';
import { fmtNodes } from './i18n';
import { ItemName } from './page';
import { failureToast } from './request';

/** A course that may have a waitlist to e-mail: published, no longer 'Coming soon', with a price. */
const onSale = (course: AdminCourse) =>
  Boolean(course.publishedAt) && !course.archived && !course.comingSoon && course.price > 0;

/**
 * The waitlists of a page of courses, for the list's loader: only courses on sale are asked about
 * (a coming-soon course cannot be announced yet). A waitlist that cannot be read shows no button.
 */
export async function loadWaitlists(
  courses: AdminCourse[],
  signal?: AbortSignal,
): Promise<Record<string, CourseWaitlist>> {
  const entries = await Promise.all(
    courses.filter(onSale).map(async (course) => {
      try {
        return [course._id, await getCourseWaitlist(course._id, signal)] as const;
      } catch {
        return null;
      }
    }),
  );
  return Object.fromEntries(entries.filter((entry) => entry !== null));
}

/**
 * 'E-mail N people on the waitlist' on a course now on sale, after a confirmation; once sent the
 * card says when (the server sends it once only, whoever presses first).
 */
export function WaitlistAnnounce({
  course,
  waitlist,
  onSent,
}: {
  course: AdminCourse;
  waitlist: CourseWaitlist | undefined;
  onSent(): void;
}) {
  const i18n = useI18n();
  const { t, plural, day, fmt } = i18n;
  const c = t.adminCourses;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!waitlist) return null;
  if (waitlist.announcedAt) {
    return (
      <p className="mt-2 text-sm text-slate-700">{fmt(c.waitlistAnnounced, { date: day(waitlist.announcedAt) })}</p>
    );
  }
  if (!waitlist.canAnnounce) return null;

  async function send() {
    setBusy(true);
    try {
      const queued = await announceWaitlist(course._id);
      toast.success(plural(c.waitlistSent, queued));
      setAsking(false);
      onSent();
    } catch (error) {
      toast.error(failureToast(error, c.waitlistFailed, i18n));
      setAsking(false);
      onSent();
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <button type="button" onClick={() => setAsking(true)} className={buttonClass('primary', 'sm', 'mt-3 self-start')}>
        {plural(c.waitlistAnnounce, waitlist.count)}
        <span className="sr-only"> {fmt(c.ofCourse, { title: course.title })}</span>
      </button>
      <ConfirmDialog
        open={asking}
        title={c.waitlistConfirmTitle}
        confirmLabel={c.waitlistSend}
        busyLabel={c.waitlistSending}
        busy={busy}
        tone="primary"
        onConfirm={send}
        onCancel={() => setAsking(false)}
      >
        <p>{fmtNodes(plural(c.waitlistConfirm, waitlist.count), { title: <ItemName>{course.title}</ItemName> })}</p>
      </ConfirmDialog>
    </>
  );
}
