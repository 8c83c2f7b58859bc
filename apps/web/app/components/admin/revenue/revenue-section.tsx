import { useId, useState } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import toast from 'react-hot-toast';
import {
  type DayRange,
  EXPORT_KINDS,
  type ExportKind,
  presetRange,
  REVENUE_GRANULARITIES,
  REVENUE_PRESETS,
  type RevenueBucket,
  type RevenueGranularity,
  type RevenuePreset,
  type RevenueReport,
  revenueQuerySchema,
} from '@oasis/shared/admin/revenue';
import { filsToAed } from '@oasis/shared/format';
import type { ClientMessages } from '@oasis/shared/i18n/catalogue';
import { type Locale, LOCALE_INFO } from '@oasis/shared/i18n/locales';
import { downloadCsv } from '~/components/admin/download-csv';
import { ErrorState, LoadingState } from '~/components/admin/page';
import { failureToast, type Loaded, loadAdmin } from '~/components/admin/request';
import { getRevenue } from '~/lib/api/revenue';
import { useI18n } from '~/lib/i18n';
import { DashboardCard, FigureText } from '../dashboard-card';
import { FiguresTable } from '../figures-table';
import { RevenueChart } from './revenue-chart';

/** What the dashboard's URL chose: a preset (the last 30 days by default) or a custom range, and the grouping. */
export interface RevenueSelection extends DayRange {
  preset: RevenuePreset;
  by: RevenueGranularity;
}

export function readRevenueSelection(params: URLSearchParams, now: Date): RevenueSelection {
  const preset = REVENUE_PRESETS.find((p) => p === params.get('preset')) ?? 'last30';
  const by = REVENUE_GRANULARITIES.find((g) => g === params.get('by')) ?? 'day';
  const range =
    preset === 'custom' ? { from: params.get('from') ?? '', to: params.get('to') ?? '' } : presetRange(preset, now);
  return { preset, by, ...range };
}

/** The report for the selection; a range the rules refuse is told without asking the server. */
export async function loadRevenue(selection: RevenueSelection, request: Request): Promise<Loaded<RevenueReport>> {
  const query = revenueQuerySchema.safeParse(selection);
  if (!query.success) return { ok: false, message: query.error.issues[0]?.message ?? '', signedOut: false };
  return loadAdmin((signal) => getRevenue(query.data, signal), '', request);
}

const PRESET_TEXT: Record<RevenuePreset, keyof ClientMessages['adminRevenue']> = {
  last7: 'presetLast7',
  last30: 'presetLast30',
  last90: 'presetLast90',
  thisMonth: 'presetThisMonth',
  lastMonth: 'presetLastMonth',
  thisYear: 'presetThisYear',
  custom: 'presetCustom',
};
const BY_TEXT: Record<RevenueGranularity, keyof ClientMessages['adminRevenue']> = {
  day: 'byDay',
  week: 'byWeek',
  month: 'byMonth',
};
const EXPORT_TEXT: Record<ExportKind, keyof ClientMessages['adminRevenue']> = {
  orders: 'exportOrders',
  invoices: 'exportInvoices',
  'credit-notes': 'exportCreditNotes',
};

/**
 * The dashboard's revenue (docs/product.md#revenue): the range and grouping (kept in the URL, so
 * Back and a reload keep them), a chart of net revenue with a table of the same numbers, the
 * totals, coupon use, the top courses and the accountant's CSV exports of the range.
 */
export function RevenueSection({ result, selection }: { result: Loaded<RevenueReport>; selection: RevenueSelection }) {
  const { t } = useI18n();
  const s = t.adminRevenue;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === 'loading' && navigation.location.pathname === pathname;
  return (
    <section aria-labelledby="revenue-heading" className="mt-8">
      <h3 id="revenue-heading" className="font-display text-xl font-semibold text-brand-green">
        {s.heading}
      </h3>
      <p className="mt-0.5 text-sm text-slate-600">{s.lead}</p>
      <RangeForm selection={selection} />
      <div className="mt-4" aria-live="polite" aria-busy={loading}>
        {loading ? (
          <LoadingState label={s.loading} />
        ) : result.ok ? (
          <Report report={result.data} />
        ) : (
          <ErrorState message={result.message || s.failed} signedOut={result.signedOut} />
        )}
      </div>
      {result.ok && <Exports range={{ from: result.data.from, to: result.data.to }} />}
    </section>
  );
}

/** A select's options: each value with its text. */
function Options<T extends string>({ values, text }: { values: readonly T[]; text(value: T): string }) {
  return values.map((value) => (
    <option key={value} value={value}>
      {text(value)}
    </option>
  ));
}

function RangeForm({ selection }: { selection: RevenueSelection }) {
  const { t } = useI18n();
  const s = t.adminRevenue;
  const navigate = useNavigate();
  const id = useId();
  const [preset, setPreset] = useState(selection.preset);
  const field = 'mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900';

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const params = new URLSearchParams({ preset: String(form.get('preset')), by: String(form.get('by')) });
    if (form.get('preset') === 'custom') {
      params.set('from', String(form.get('from') ?? ''));
      params.set('to', String(form.get('to') ?? ''));
    }
    void navigate(`?${params}`, { preventScrollReset: true });
  }

  return (
    <form
      onSubmit={submit}
      aria-label={s.range}
      className="mt-4 grid grid-cols-2 items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:grid-cols-3 lg:grid-cols-5"
    >
      <label htmlFor={`${id}-preset`} className="col-span-2 text-sm font-semibold text-slate-700 sm:col-span-1">
        {s.range}
        <select
          id={`${id}-preset`}
          name="preset"
          value={preset}
          onChange={(e) => setPreset(e.target.value as RevenuePreset)}
          className={field}
        >
          <Options values={REVENUE_PRESETS} text={(p) => s[PRESET_TEXT[p]]} />
        </select>
      </label>
      {(['from', 'to'] as const).map((end) => (
        <label key={end} htmlFor={`${id}-${end}`} className="text-sm font-semibold text-slate-700">
          {s[end]}
          <input
            id={`${id}-${end}`}
            name={end}
            type="date"
            defaultValue={selection[end]}
            disabled={preset !== 'custom'}
            className={`${field} disabled:bg-slate-100`}
          />
        </label>
      ))}
      <label htmlFor={`${id}-by`} className="text-sm font-semibold text-slate-700">
        {s.groupBy}
        <select id={`${id}-by`} name="by" defaultValue={selection.by} className={field}>
          <Options values={REVENUE_GRANULARITIES} text={(g) => s[BY_TEXT[g]]} />
        </select>
      </label>
      <button type="submit" className="btn btn-md bg-brand-green text-white hover:bg-brand-green-light">
        {s.show}
      </button>
    </form>
  );
}

function Report({ report }: { report: RevenueReport }) {
  const i18n = useI18n();
  const { t, money, number, fmt, locale } = i18n;
  const s = t.adminRevenue;
  const aed = (fils: number) => money(filsToAed(fils));
  const { totals } = report;
  if (totals.orders === 0 && totals.refunds === 0) {
    return (
      <p className="rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center text-slate-700">{s.empty}</p>
    );
  }
  const period = (bucket: RevenueBucket) =>
    periodLabel(bucket.start, report.by, locale, i18n.day, (day) => fmt(s.weekOf, { day }));
  const cells = (b: Omit<RevenueBucket, 'start'>) => [
    number(b.orders),
    aed(b.grossFils),
    aed(b.vatFils),
    aed(b.refundsFils),
    aed(b.netFils),
  ];
  const card = 'rounded-2xl border border-slate-200 bg-white p-5 shadow-sm';
  return (
    <>
      <ul className="grid gap-4 sm:grid-cols-3">
        {[
          { label: s.net, value: aed(totals.netFils), note: `${s.vat}: ${aed(totals.vatFils)}` },
          { label: s.orders, value: number(totals.orders), note: `${s.gross}: ${aed(totals.grossFils)}` },
          {
            label: s.refunds,
            value: aed(totals.refundsFils),
            note: fmt(s.refundCount, { count: number(totals.refunds) }),
          },
        ].map((figure) => (
          <li key={figure.label} className={`${card} flex flex-col`}>
            <FigureText {...figure} />
          </li>
        ))}
      </ul>

      <div className={`${card} mt-4`}>
        <RevenueChart
          buckets={report.buckets}
          label={fmt(s.chartLabel, { from: i18n.day(dayAt(report.from)), to: i18n.day(dayAt(report.to)) })}
          formatAmount={(value) => number(value)}
        />
      </div>

      {/* The table may scroll sideways within itself on a phone; the page does not. */}
      <div className={`${card} mt-4 max-w-full overflow-x-auto p-0`}>
        <FiguresTable
          className="w-full min-w-[36rem] text-sm"
          data-testid="revenue-table"
          caption={s.tableCaption}
          captionClassName="px-4 pt-4 text-start font-semibold text-slate-700"
          headings={[s.period, s.orders, s.gross, s.vat, s.refunds, s.net]}
          headClassName=" font-semibold text-slate-600"
          pad="px-4"
          rowName="font-normal text-slate-900"
          figureClassName=" text-slate-900"
          rows={report.buckets.map((bucket) => ({ key: bucket.start, name: period(bucket), figures: cells(bucket) }))}
          total={{ name: s.total, figures: cells(totals) }}
        />
      </div>

      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <DashboardCard id="revenue-coupons" title={s.couponsHeading} className="">
          <p className="mt-2 text-slate-700">
            {fmt(s.couponOrders, { count: number(report.coupons.orders) })}
            <br />
            {fmt(s.couponDiscounts, { amount: aed(report.coupons.discountFils) })}
          </p>
          <RankedList
            none={s.noCodes}
            rows={report.coupons.topCodes.map((code) => ({
              key: code.code,
              name: (
                <span dir="ltr" className="font-mono font-semibold text-slate-900">
                  {code.code}
                </span>
              ),
              figures: fmt(s.codeUse, { orders: number(code.orders), amount: aed(code.discountFils) }),
            }))}
          />
        </DashboardCard>
        <DashboardCard id="revenue-courses" title={s.topCourses} className="">
          <RankedList
            none={s.noCourses}
            rows={report.topCourses.map((course) => ({
              key: course.courseId,
              name: (
                <span className="font-semibold text-slate-900">
                  {(locale === 'ar' && course.titleAr) || course.title}
                </span>
              ),
              figures: fmt(s.courseNet, { orders: number(course.orders), amount: aed(course.netFils) }),
            }))}
          />
        </DashboardCard>
      </div>
    </>
  );
}

/** The coupon codes or courses that did most, best first; `none` when there are none. */
function RankedList({ rows, none }: { rows: { key: string; name: React.ReactNode; figures: string }[]; none: string }) {
  if (rows.length === 0) return <p className="mt-2 text-slate-600">{none}</p>;
  return (
    <ol className="mt-2 divide-y divide-slate-100">
      {rows.map((row) => (
        <li key={row.key} className="flex flex-wrap justify-between gap-x-3 py-2">
          {row.name}
          <span className="text-sm text-slate-600 tabular-nums">{row.figures}</span>
        </li>
      ))}
    </ol>
  );
}

function Exports({ range }: { range: DayRange }) {
  const i18n = useI18n();
  const s = i18n.t.adminRevenue;
  const [busy, setBusy] = useState<ExportKind | null>(null);
  async function download(kind: ExportKind) {
    setBusy(kind);
    try {
      await downloadCsv(`/admin/exports/${kind}.csv?${new URLSearchParams({ ...range })}`, `${kind}.csv`);
      toast.success(s.exported);
    } catch (error) {
      toast.error(failureToast(error, s.exportFailed, i18n));
    } finally {
      setBusy(null);
    }
  }
  return (
    <DashboardCard id="revenue-exports" title={s.exportsHeading} className="mt-4">
      <p className="mt-1 text-sm text-slate-600">{s.exportsLead}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        {EXPORT_KINDS.map((kind) => (
          <button
            key={kind}
            type="button"
            disabled={busy !== null}
            aria-busy={busy === kind}
            onClick={() => void download(kind)}
            className="btn btn-md border border-brand-green bg-white text-brand-green hover:bg-brand-mist disabled:opacity-60"
          >
            {s[EXPORT_TEXT[kind]]}
          </button>
        ))}
      </div>
    </DashboardCard>
  );
}

/** Midnight of a Dubai day, for the day formatter (which writes Dubai days). */
function dayAt(day: string): string {
  return `${day}T00:00:00+04:00`;
}

/** A bucket's name: its day, 'Week of' its Monday, or its month and year. */
function periodLabel(
  start: string,
  by: RevenueGranularity,
  locale: Locale,
  day: (iso: string) => string,
  weekOf: (day: string) => string,
): string {
  if (by === 'day') return day(dayAt(start));
  if (by === 'week') return weekOf(day(dayAt(start)));
  return new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, {
    month: 'long',
    year: 'numeric',
    timeZone: 'Asia/Dubai',
  }).format(new Date(dayAt(start)));
}
