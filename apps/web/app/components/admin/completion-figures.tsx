import type { CourseCompletionFigures } from '@oasis/shared/progress';
import { useI18n } from '~/lib/i18n';

/**
 * Completion by course on the dashboard: enrolled, started, completed and the median days from
 * enrolment to completion, one row per course with learners. A table: the figures compare by
 * column.
 */
export function CompletionFigures({ figures }: { figures: CourseCompletionFigures }) {
  const { t, locale } = useI18n();
  const c = t.completion;
  const number = (n: number) => n.toLocaleString(locale === 'ar' ? 'ar-AE' : 'en-GB');
  return (
    <section
      aria-labelledby="completion-figures-heading"
      className="mt-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h4 id="completion-figures-heading" className="font-display text-lg font-semibold text-brand-green">
        {c.figuresTitle}
      </h4>
      {figures.courses.length === 0 ? (
        <p className="mt-3 text-slate-600">{c.figuresNone}</p>
      ) : (
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[32rem] text-sm">
            <thead>
              <tr className="border-b border-slate-200 text-start text-slate-600">
                <th scope="col" className="py-2 pe-3 text-start font-semibold">
                  {c.figuresCourse}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {c.figuresEnrolled}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {c.figuresStarted}
                </th>
                <th scope="col" className="px-3 py-2 text-end font-semibold">
                  {c.figuresCompleted}
                </th>
                <th scope="col" className="ps-3 py-2 text-end font-semibold">
                  {c.figuresMedianDays}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {figures.courses.map((row) => (
                <tr key={row.courseId}>
                  <th scope="row" className="py-2.5 pe-3 text-start font-semibold text-slate-900">
                    {(locale === 'ar' && row.titleAr) || row.title}
                  </th>
                  <td className="px-3 py-2.5 text-end tabular-nums">{number(row.enrolled)}</td>
                  <td className="px-3 py-2.5 text-end tabular-nums">{number(row.started)}</td>
                  <td className="px-3 py-2.5 text-end tabular-nums">{number(row.completed)}</td>
                  <td className="ps-3 py-2.5 text-end tabular-nums">
                    {row.medianDays === null ? c.figuresNoMedian : number(row.medianDays)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
