import { useId } from 'react';
import { Link } from 'react-router';
import { excerpt } from '@oasis/shared/format';
import { inLocale } from '@oasis/shared/i18n/content';
import { LIMITS } from '@oasis/shared/limits';
import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import type { EnrolledCourse } from '@oasis/shared/progress';
import { CourseThumbnail } from '~/components/learner/course-thumbnail';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';

/**
 * One enrolled course (docs/product.md#enrolled-courses): thumbnail, title ('Untitled Course' when empty) and the
 * description as plain text cut to 100 characters plus '…', in Arabic on Arabic pages where the
 * owner wrote it. The whole card opens the course page (the title's link is stretched over it).
 * Under it the learner's progress (a percentage and a bar), the next lesson's title, and
 * 'Continue', which opens the watch page at that lesson ('Review course' once all are done).
 */
export function EnrolledCourseCard({ course }: { course: EnrolledCourse }) {
  const { t, tr, fmt, lp, locale } = useI18n();
  const progressId = useId();
  const named = inLocale(locale, course.title.trim(), course.titleAr);
  const title = named.text ? named : { text: tr(PAYMENT_MESSAGES.untitledCourse), attrs: {} };
  const key = course.slug || course._id;
  const { learning } = course;
  const next = learning.nextVideo;
  const nextTitle = next ? inLocale(locale, next.title, next.titleAr) : null;
  const watchPath = lp(`/watch/${key}`);
  const continueTo = next ? `${watchPath}?lesson=${encodeURIComponent(next._id)}` : watchPath;
  const summaryOf = (html: string) => excerpt(html, LIMITS.enrolledExcerptLength, '…');
  const summary = inLocale(
    locale,
    summaryOf(course.description),
    locale === 'ar' ? summaryOf(course.descriptionAr) : undefined,
  );
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-card transition-shadow hover:shadow-card-hover motion-reduce:transition-none">
      <div className="aspect-video overflow-hidden bg-brand-mist">
        <CourseThumbnail
          course={course}
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 45vw, 92vw"
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h2 className="font-display text-xl font-semibold text-brand-green">
          <Link
            to={lp(`/courses/${key}`)}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline"
            {...title.attrs}
          >
            {title.text}
          </Link>
        </h2>
        {summary.text && (
          <p className="mt-3 flex-1 text-slate-700" {...summary.attrs}>
            {summary.text}
          </p>
        )}
        <div className="mt-5">
          <p className="flex justify-between gap-3 text-sm font-semibold text-slate-700">
            <span id={progressId}>{fmt(t.learning.percentComplete, { percent: learning.percent })}</span>
            <span className="font-normal text-slate-600">
              {fmt(t.learning.lessonsDone, { done: learning.completedVideos, total: learning.totalVideos })}
            </span>
          </p>
          <div
            role="progressbar"
            aria-labelledby={progressId}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={learning.percent}
            className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
          >
            <div className="h-full rounded-full bg-brand-green" style={{ width: `${learning.percent}%` }} />
          </div>
          {nextTitle && (
            <p className="mt-3 text-sm text-slate-700">
              <span className="font-semibold">{t.learning.nextLessonLabel}</span>{' '}
              <span {...nextTitle.attrs}>{nextTitle.text}</span>
            </p>
          )}
        </div>
        <Link
          to={continueTo}
          // The course's title in the link's name: every card has one (the visible words stay first).
          aria-label={`${learning.completed ? t.learning.reviewCourse : t.learning.continue}: ${title.text}`}
          className={buttonClass('secondary', 'sm', 'relative z-10 mt-5 self-start')}
        >
          {learning.completed ? t.learning.reviewCourse : t.learning.continue}
          <Icon name="arrow-right" />
        </Link>
      </div>
    </article>
  );
}
