import { Link } from 'react-router';
import type { AdminDashboard } from '@oasis/shared/admin/dashboard';
import { filsToAed } from '@oasis/shared/format';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { adminLinkGroups } from '~/components/admin/admin-nav';
import { SETTINGS_SCREEN } from '~/components/admin/features';
import { DashboardCard, FigureText } from '~/components/admin/dashboard-card';
import { failureIn, LoadFailed } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/home';
import { getDashboard } from '~/lib/api/site';
import { getCompletionFigures } from '~/lib/api/progress';
import { CompletionFigures } from '~/components/admin/completion-figures';
import { PipelineFigures } from '~/components/admin/leads/pipeline-figures';
import { getLeadPipeline } from '~/lib/api/leads';
import { loadRevenue, readRevenueSelection, RevenueSection } from '~/components/admin/revenue/revenue-section';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminShell.panel);

/** The figures (docs/product.md#admin-dashboard); a failure is shown in place of the figures only. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const selection = readRevenueSelection(new URL(request.url).searchParams, new Date());
  const [figures, revenue, completions, pipeline] = await Promise.all([
    loadAdmin(getDashboard, 'Failed to load the dashboard', request),
    loadRevenue(selection, request),
    loadAdmin(getCompletionFigures, '', request),
    loadAdmin(getLeadPipeline, '', request),
  ]);
  return { figures, revenue, selection, completions, pipeline };
}

/**
 * /admin/dashboard: the owner's figures (revenue this month and last, new learners, leads awaiting
 * an answer, the month's best sellers), each leading to its list, then a map of the admin screens.
 */
export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const s = i18n.t.adminShell;
  const { figures, revenue, selection, completions, pipeline } = loaderData;
  return (
    <div>
      <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">{s.dashboard}</h2>
      <p className="mt-1 text-slate-600">{s.dashboardLead}</p>

      <section aria-labelledby="figures-heading" className="mt-6">
        <h3 id="figures-heading" className="font-display text-xl font-semibold text-brand-green">
          {s.figuresHeading}
        </h3>
        <p className="mt-0.5 text-sm text-slate-600">{s.figuresLead}</p>
        {figures.ok ? (
          <Figures figures={figures.data} />
        ) : (
          <div className="mt-4">
            <LoadFailed failure={failureIn(figures, s.figuresFailed)} loadingLabel={s.loadingFigures} />
          </div>
        )}
      </section>

      {pipeline.ok && <PipelineFigures pipeline={pipeline.data} />}

      {completions.ok && <CompletionFigures figures={completions.data} />}

      <RevenueSection result={revenue} selection={selection} />

      <QuickLinks />
    </div>
  );
}

function Figures({ figures }: { figures: AdminDashboard }) {
  const { t, locale, money, number, plural, fmt } = useI18n();
  const s = t.adminShell;
  const aed = (fils: number) => money(filsToAed(fils));
  const { revenue } = figures;
  const cards: { label: string; value: string; note: string; to?: string }[] = [
    {
      label: s.revenueThisMonth,
      value: aed(revenue.thisMonthFils),
      note: plural(s.paidOrders, revenue.paidOrdersThisMonth),
      to: 'orders?status=paid',
    },
    {
      label: s.revenueLastMonth,
      value: aed(revenue.lastMonthFils),
      note: plural(s.paidOrders, revenue.paidOrdersLastMonth),
      to: 'orders?status=paid',
    },
    // No list of learners exists in the admin: this figure leads nowhere.
    { label: s.newLearners, value: number(figures.newLearners), note: s.newLearnersNote },
    {
      label: s.leadsAwaiting,
      value: number(figures.newLeads),
      note: s.leadsAwaitingNote,
      to: 'leads?status=new',
    },
  ];
  const card = 'flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
  return (
    <>
      <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        {cards.map((figure) => {
          const body = (
            <>
              <FigureText label={figure.label} value={figure.value} note={figure.note} large />
            </>
          );
          return (
            <li key={figure.label}>
              {figure.to ? (
                <Link
                  to={figure.to}
                  className={`${card} transition-colors hover:border-brand-green focus-visible:border-brand-green`}
                >
                  {body}
                </Link>
              ) : (
                <div className={card}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>

      <DashboardCard
        id="top-courses-heading"
        title={s.topCourses}
        action={
          <Link to="orders?status=paid" className="text-sm font-semibold text-brand-green underline underline-offset-2">
            {s.seeAllOrders}
          </Link>
        }
      >
        {figures.topCourses.length === 0 ? (
          <p className="mt-3 text-slate-600">{s.topCoursesEmpty}</p>
        ) : (
          <ol className="mt-3 divide-y divide-slate-100">
            {figures.topCourses.map((course, index) => {
              const title = (locale === 'ar' && course.titleAr) || course.title;
              return (
                <li key={course.courseId} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 py-2.5">
                  <span aria-hidden="true" className="w-5 shrink-0 font-semibold text-slate-500 tabular-nums">
                    {number(index + 1)}
                  </span>
                  <Link
                    to={`list?q=${encodeURIComponent(course.title)}`}
                    className="min-w-0 flex-1 font-semibold text-slate-900 underline-offset-2 hover:underline"
                  >
                    {title}
                  </Link>
                  <span className="text-sm text-slate-600 tabular-nums">
                    {fmt(s.topCourseSales, {
                      orders: plural(s.paidOrders, course.paidOrders),
                      revenue: aed(course.revenueFils),
                    })}
                  </span>
                </li>
              );
            })}
          </ol>
        )}
      </DashboardCard>
    </>
  );
}

/** Every admin screen by group: the sidebar's own list, so a new screen shows here too. */
function QuickLinks() {
  const i18n = useI18n();
  const s = i18n.t.adminShell;
  // The badge belongs to the sidebar; here the figures above say how many leads are new.
  const groups = adminLinkGroups({ newLeads: null, settings: SETTINGS_SCREEN, i18n });
  return (
    <section aria-labelledby="quick-links-heading" className="mt-10">
      <h3 id="quick-links-heading" className="font-display text-xl font-semibold text-brand-green">
        {s.quickLinks}
      </h3>
      <ul className="mt-4 grid gap-5 sm:grid-cols-2 xl:grid-cols-3">
        {groups.map((group) => (
          <li key={group.label} className="flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
            <h4 className="font-display text-lg font-semibold text-brand-green">{group.label}</h4>
            {group.text && <p className="mt-2 flex-1 text-slate-600">{group.text}</p>}
            <ul className="mt-4 flex flex-wrap gap-2">
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link
                    to={link.to}
                    className="inline-block rounded-full bg-brand-mist px-4 py-1.5 text-sm font-semibold text-brand-green hover:bg-brand-green hover:text-white"
                  >
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}
