import { useId } from 'react';
import { Form } from 'react-router';
import toast from 'react-hot-toast';
import { presetRange } from '@oasis/shared/admin/revenue';
import {
  ATTRIBUTION_DIMENSIONS,
  ATTRIBUTION_MODELS,
  type AttributionReport,
  attributionQuerySchema,
} from '@oasis/shared/attribution';
import { filsToAed } from '@oasis/shared/format';
import { privateMeta } from '~/components/auth/meta';
import { downloadCsv } from '~/components/admin/download-csv';
import { metaTexts } from '~/components/admin/i18n';
import { FiguresTable } from '~/components/admin/figures-table';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import { getAttributionReport } from '~/lib/api/attribution';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/attribution';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).attribution.heading);

/** The selection from the URL (the last 30 Dubai days, first touch, by channel, unless it says otherwise). */
function selectionOf(request: Request) {
  const params = new URL(request.url).searchParams;
  const range = presetRange('last30', new Date());
  return {
    from: params.get('from') || range.from,
    to: params.get('to') || range.to,
    touch: ATTRIBUTION_MODELS.find((m) => m === params.get('touch')) ?? 'first',
    by: ATTRIBUTION_DIMENSIONS.find((d) => d === params.get('by')) ?? 'channel',
  };
}

export const clientLoader = async ({ request }: Route.ClientLoaderArgs) => {
  const selection = selectionOf(request);
  const query = attributionQuerySchema.safeParse(selection);
  if (!query.success)
    return {
      selection,
      result: { ok: false as const, message: query.error.issues[0]?.message ?? '', signedOut: false },
    };
  return { selection, result: await loadAdmin((signal) => getAttributionReport(query.data, signal), '', request) };
};

/**
 * /admin/dashboard/attribution (docs/product.md#attribution): leads, consultations, registrations,
 * sales and net revenue by the channel, source or campaign of the first or the last campaign visit,
 * for a range of Dubai days (kept in the URL), with the WhatsApp button's presses and a CSV.
 */
export default function Attribution({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, tr } = i18n;
  const s = t.attribution;
  const { selection, result } = loaderData;
  const id = useId();
  const shown = result.ok ? result : { ...result, message: result.message ? tr(result.message) : s.failed };
  const touchText = { first: s.firstTouch, last: s.lastTouch } as const;
  const byText = { channel: s.byChannel, source: s.bySource, campaign: s.byCampaign } as const;

  async function exportCsv() {
    try {
      await downloadCsv(`/admin/exports/attribution.csv?${new URLSearchParams(selection)}`, 'attribution.csv');
    } catch (error) {
      toast.error(failureToast(error, s.failed, i18n));
    }
  }

  return (
    <div>
      <AdminPageHeader title={s.heading} lead={s.lead} />
      <Panel>
        <Form method="get" className="flex flex-wrap items-end gap-4">
          <Choice id={`${id}-from`} name="from" label={s.from} value={selection.from} />
          <Choice id={`${id}-to`} name="to" label={s.to} value={selection.to} />
          <Choice id={`${id}-touch`} name="touch" label={s.touch} value={selection.touch} options={touchText} />
          <Choice id={`${id}-by`} name="by" label={s.groupBy} value={selection.by} options={byText} />
          <button type="submit" className={buttonClass('primary')}>
            {s.show}
          </button>
          <button type="button" className={buttonClass('outline')} onClick={() => void exportCsv()}>
            {s.exportCsv}
          </button>
        </Form>
      </Panel>
      <WhenReady result={shown} loadingLabel={s.loading}>
        {(report) => (
          <ReportTables
            report={report}
            dimension={byText[report.by]}
            caption={i18n.fmt(s.tableCaption, { by: byText[report.by], touch: touchText[report.touch] })}
          />
        )}
      </WhenReady>
    </div>
  );
}

function ReportTables({
  report,
  caption,
  dimension,
}: {
  report: AttributionReport;
  caption: string;
  dimension: string;
}) {
  const { t } = useI18n();
  const s = t.attribution;
  const cell = 'px-3 py-2 text-end tabular-nums';
  return (
    <>
      <Panel className="mt-6 overflow-x-auto">
        {report.rows.length === 0 ? (
          <p>{s.empty}</p>
        ) : (
          <FiguresTable
            className="w-full text-sm"
            data-attribution-report=""
            caption={caption}
            captionClassName="mb-3 text-start font-semibold"
            headings={[dimension, s.leads, s.bookings, s.registrations, s.sales, s.net]}
            pad="px-3"
            rowName="font-medium"
            rowNameDir="auto"
            rows={report.rows.map((row) => ({
              key: row.value ?? '',
              name: row.value ?? s.notRecorded,
              figures: figures(row),
            }))}
            total={{ name: s.total, figures: figures(report.totals) }}
          />
        )}
      </Panel>
      <Panel className="mt-6">
        <h3 className="mb-3 font-display text-lg font-semibold text-brand-green">{s.whatsappHeading}</h3>
        {report.whatsapp.length === 0 ? (
          <p>{s.whatsappNone}</p>
        ) : (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th scope="col" className="px-3 py-2 text-start">
                  {s.whatsappPage}
                </th>
                <th scope="col" className={cell}>
                  {s.whatsappClicks}
                </th>
              </tr>
            </thead>
            <tbody>
              {report.whatsapp.map((row) => (
                <tr key={row.page} className="border-b border-slate-100">
                  <td className="px-3 py-2" dir="ltr">
                    {row.page}
                  </td>
                  <td className={cell}>{row.clicks}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Panel>
    </>
  );
}

/**
 * One of the report's choices, labelled: a select of `options` (value → text), or without
 * options a day of the range.
 */
function Choice<V extends string>(props: {
  id: string;
  name: string;
  label: string;
  value: V;
  options?: Record<V, string>;
}) {
  const control = {
    id: props.id,
    name: props.name,
    defaultValue: props.value,
    className: 'rounded-md border border-slate-300 px-3 py-2',
  };
  return (
    <label className="grid gap-1 text-sm font-medium" htmlFor={props.id}>
      {props.label}
      {props.options ? (
        <select {...control}>
          {(Object.entries(props.options) as [V, string][]).map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      ) : (
        <input type="date" {...control} />
      )}
    </label>
  );
}

/** A row's figures, in the columns' order: leads, consultations, registrations, sales, net AED. */
function figures(counts: AttributionReport['totals']): React.ReactNode[] {
  return [counts.leads, counts.bookings, counts.registrations, counts.sales, filsToAed(counts.netFils).toFixed(2)];
}
