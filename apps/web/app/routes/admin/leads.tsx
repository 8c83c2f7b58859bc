import { useState } from 'react';
import { useOutletContext, useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_SCREEN_MESSAGES } from '@oasis/shared/admin/screen-messages';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { downloadLeadsCsv } from '~/components/admin/leads/export-csv';
import { BackToList, LeadDetail } from '~/components/admin/leads/lead-detail';
import { LeadFilters } from '~/components/admin/leads/lead-filters';
import { LeadListView } from '~/components/admin/leads/lead-list';
import { filterQuery, readLeadQuery } from '~/components/admin/leads/query';
import { useListParams } from '~/components/admin/list-params';
import { LoadFailed, LoadingState } from '~/components/admin/page';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { notifyLeadsChanged } from '~/components/leads/use-new-lead-count';
import { useI18n } from '~/lib/i18n';
import type { AdminOutletContext } from './dashboard';
import type { Route } from './+types/leads';
import { getLead, listLeads } from '~/lib/api/leads';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminLeads.title);

/** One page of the filtered list and, when one is open, the lead itself (it may be on another page). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const { cursor, id, ...filter } = readLeadQuery(new URL(request.url).searchParams);
  const query = filterQuery(filter);
  if (cursor) query.set('cursor', cursor);
  const [list, lead] = await Promise.all([
    loadAdmin((signal) => listLeads(String(query), signal), ADMIN_SCREEN_MESSAGES.failedToLoadLeads, request),
    id
      ? loadAdmin((signal) => getLead(id, signal), ADMIN_SCREEN_MESSAGES.failedToLoadLead, request, {
          notFound: ADMIN_SCREEN_MESSAGES.leadGone,
        })
      : null,
  ]);
  return { list, lead };
}

/**
 * /admin/dashboard/leads: contact messages, consultation requests and waitlist signups, newest
 * first, with filters (kind, stage, due today), search, a detail view with the lead's stage,
 * follow-up day, notes and history, and CSV export. The filters and the open lead live in the URL,
 * so a view can be bookmarked and the back button works.
 */
export default function LeadsInbox({ loaderData: { list, lead } }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, fmt } = i18n;
  const text = t.adminLeads;
  const { params, chosen, update } = useListParams();
  const query = readLeadQuery(params);
  const next = readLeadQuery(chosen);
  const { newLeads } = useOutletContext<AdminOutletContext>();
  const { revalidate } = useRevalidator();
  const [exporting, setExporting] = useState(false);

  async function exportCsv() {
    setExporting(true);
    try {
      await downloadLeadsCsv(filterQuery(query));
      toast.success(text.exported);
    } catch (error) {
      toast.error(failureToast(error, text.exportFailed, i18n));
    } finally {
      setExporting(false);
    }
  }

  const back = () => update({ id: null }, { keepPage: true });

  return (
    <div>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">{text.title}</h2>
          <p className="mt-1 text-slate-600">
            {text.lead}
            {newLeads !== null && (
              <>
                {' · '}
                <strong className="font-semibold text-slate-900">{fmt(text.newCount, { count: newLeads })}</strong>
              </>
            )}
          </p>
        </div>
        <button
          type="button"
          onClick={exportCsv}
          disabled={exporting}
          className="inline-flex items-center gap-2 rounded-full border-2 border-brand-green px-5 py-2 font-semibold text-brand-green hover:bg-brand-green hover:text-white disabled:cursor-not-allowed disabled:opacity-70"
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-5 w-5">
            <path d="M12 4v11m0 0 4-4m-4 4-4-4M5 19h14" fill="none" stroke="currentColor" strokeWidth="2" />
          </svg>
          {exporting ? text.exporting : text.exportCsv}
        </button>
      </header>

      <LeadFilters chosen={next} onChange={update} />

      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={text.title} className={next.id ? 'hidden lg:block' : ''}>
          {list.ok ? (
            <LeadListView
              data={list.data}
              selectedId={query.id}
              filtered={Boolean(query.kind || query.status || query.due || query.q)}
              search={params}
              onClear={() => update({ kind: null, status: null, due: null, q: null, id: null })}
              onCursor={(cursor) => update({ cursor }, { keepPage: true })}
            />
          ) : (
            <LoadFailed failure={list} loadingLabel={text.loading} />
          )}
        </section>

        <section aria-label={text.details}>
          {next.id !== query.id && next.id ? (
            <LoadingState label={text.loadingLead} />
          ) : lead?.ok ? (
            <LeadDetail
              key={lead.data._id}
              lead={lead.data}
              onBack={back}
              onChanged={async () => {
                notifyLeadsChanged();
                await revalidate();
              }}
            />
          ) : lead ? (
            <div>
              <BackToList onBack={back} />
              <LoadFailed failure={lead} loadingLabel={text.loadingLead} />
            </div>
          ) : (
            <div className="hidden rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600 lg:block">
              {text.selectLead}
            </div>
          )}
        </section>
      </div>
    </div>
  );
}
