import type { CourseCompletionFigures } from '@oasis/shared/progress';
import { useI18n } from '~/lib/i18n';
import { DashboardCard } from './dashboard-card';

/**
 * Completion by course on the dashboard: enrolled, started, completed and the median days from
 * enrolment to completion, one row per course with learners. A table: the figures compare by
 * column.
 */
export function CompletionFigures({ figures }: { figures: CourseCompletionFigures }) {
  const { t, locale } = useI18n();
  const c = t.completion;
  const number = (n: number) => n.toLocaleString(locale === 'ar' ? 'ar-AE' : 'en-GB');
  const columns = [c.figuresEnrolled, c.figuresStarted, c.figuresCompleted, c.figuresMedianDays];
  return (
    <DashboardCard id="completion-figures-heading" title={c.figuresTitle}>
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
                {columns.map((column, i) => (
                  <th key={column} scope="col" className={`${edge(i, columns.length)} py-2 text-end font-semibold`}>
                    {column}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {figures.courses.map((row) => {
                const cells = [
                  number(row.enrolled),
                  number(row.started),
                  number(row.completed),
                  row.medianDays === null ? c.figuresNoMedian : number(row.medianDays),
                ];
                return (
                  <tr key={row.courseId}>
                    <th scope="row" className="py-2.5 pe-3 text-start font-semibold text-slate-900">
                      {(locale === 'ar' && row.titleAr) || row.title}
                    </th>
                    {cells.map((cell, i) => (
                      <td key={i} className={`${edge(i, cells.length)} py-2.5 text-end tabular-nums`}>
                        {cell}
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </DashboardCard>
  );
}

/** The inner columns pad both sides; the last one only its start. */
function edge(index: number, count: number): string {
  return index === count - 1 ? 'ps-3' : 'px-3';
}
