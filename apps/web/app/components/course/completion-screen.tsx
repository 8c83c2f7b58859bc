import { Link } from 'react-router';
import type { InLocaleAttrs } from '@oasis/shared/i18n/content';
import type { CourseCompletion } from '@oasis/shared/progress';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';

/**
 * The finish line: shown on the watch page once the server says the course is complete (every
 * lesson, and the quiz passed where there is one). The course, the day it was completed, what was
 * done, and the certificate's download once one has been issued (`certificateId`).
 */
export function CompletionScreen({
  completion,
  courseTitle,
  onReview,
}: {
  completion: CourseCompletion;
  courseTitle: { text: string; attrs: InLocaleAttrs };
  onReview: () => void;
}) {
  const { t, fmt, lp, day } = useI18n();
  const c = t.completion;
  const [before, after = ''] = c.completedCourse.split('{course}');
  return (
    <section
      aria-labelledby="completion-heading"
      data-testid="completion-screen"
      className="rounded-2xl bg-white p-6 text-center shadow-card sm:p-10"
    >
      <span className="mx-auto flex h-16 w-16 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
        <Icon name="graduation" className="h-8 w-8" />
      </span>
      <p className="eyebrow mt-4 text-brand-gold">{c.eyebrow}</p>
      <h2
        id="completion-heading"
        tabIndex={-1}
        className="mt-2 font-display text-3xl font-semibold text-brand-green sm:text-4xl"
      >
        {c.congratulations}
      </h2>
      <p className="mx-auto mt-3 max-w-lg text-lg text-slate-800">
        {before}
        <strong {...courseTitle.attrs}>{courseTitle.text}</strong>
        {after}
      </p>
      {completion.completedAt && (
        <p className="mt-2 text-slate-700">{fmt(c.completedOn, { date: day(completion.completedAt) })}</p>
      )}
      <ul className="mx-auto mt-5 flex max-w-md flex-wrap justify-center gap-2 text-sm font-semibold">
        <li className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-emerald-900">
          <Icon name="check" className="h-4 w-4" />
          {fmt(c.lessonsDone, { done: completion.lessonsDone, total: completion.lessonsTotal })}
        </li>
        {completion.hasQuiz && completion.quizPassed && (
          <li className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1 text-emerald-900">
            <Icon name="check" className="h-4 w-4" />
            {c.quizPassed}
          </li>
        )}
      </ul>
      <div className="mt-8 flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center">
        {completion.certificateId && (
          <a
            href={`/api/certificates/${encodeURIComponent(completion.certificateId)}/certificate.pdf`}
            download
            className={buttonClass('secondary')}
          >
            {c.downloadCertificate}
          </a>
        )}
        <button type="button" onClick={onReview} className={buttonClass('outline')}>
          {c.reviewLessons}
        </button>
        <Link to={lp('/enrolledCourse')} className={buttonClass('outline')}>
          {t.learning.myCourses}
        </Link>
      </div>
    </section>
  );
}
