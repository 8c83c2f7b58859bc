import { Link } from 'react-router';
import type { LeadStatus } from '@oasis/shared/lead-rules';
import type { Lead, LeadList } from '@oasis/shared/leads';
import { useI18n } from '~/lib/i18n';
import { CursorPager, showingRange } from '../list-params';
import { KIND_TEXT, STATUS_LABEL } from './labels';

export function StatusBadge({ status }: { status: LeadStatus }) {
  const { t } = useI18n();
  const label = t.adminLeads[STATUS_LABEL[status]];
  return status === 'new' ? (
    <span className="rounded-full bg-brand-yellow px-2.5 py-0.5 text-xs font-bold text-slate-900">{label}</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">{label}</span>
  );
}

/** What names a lead: the sender's name; a waitlist signup has only its address. */
export const leadTitle = (lead: Pick<Lead, 'name' | 'email'>) => lead.name || lead.email;

/** One page of leads, newest first, each a link that opens it; or what to do when none match. */
export function LeadListView({
  data,
  selectedId,
  filtered,
  search,
  onClear,
  onCursor,
}: {
  data: LeadList;
  selectedId: string | null;
  filtered: boolean;
  search: URLSearchParams;
  onClear: () => void;
  onCursor: (cursor: string | null) => void;
}) {
  const i18n = useI18n();
  const { t, fmt, number, moment, day } = i18n;
  const text = t.adminLeads;
  if (data.total === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
        {filtered ? (
          <>
            <p className="font-semibold text-slate-900">{text.noMatch}</p>
            <button type="button" onClick={onClear} className="mt-3 font-semibold text-brand-green underline">
              {text.clearFilters}
            </button>
          </>
        ) : (
          <>
            <p className="font-semibold text-slate-900">{text.empty}</p>
            <p className="mt-1 text-slate-600">{text.emptyText}</p>
          </>
        )}
      </div>
    );
  }
  const linkTo = (id: string) => {
    const next = new URLSearchParams(search);
    next.set('id', id);
    return `?${next.toString()}`;
  };
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {data.leads.length > 0
          ? showingRange(i18n, data, data.leads.length)
          : data.totalCapped
            ? fmt(text.noLeadsOnPageCapped, { total: number(data.total) })
            : fmt(text.noLeadsOnPage, { total: data.total })}
      </p>
      <ul className="divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
        {data.leads.map((lead) => {
          const current = lead._id === selectedId;
          return (
            <li key={lead._id}>
              <Link
                to={linkTo(lead._id)}
                preventScrollReset
                aria-current={current ? 'true' : undefined}
                className={`block px-4 py-3 hover:bg-brand-sand ${current ? 'bg-brand-sand' : ''}`}
              >
                <span className="flex items-center justify-between gap-3">
                  <span
                    dir="auto"
                    className={`truncate text-slate-900 ${lead.status === 'new' ? 'font-bold' : 'font-medium'}`}
                  >
                    {leadTitle(lead)}
                  </span>
                  <StatusBadge status={lead.status} />
                </span>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                  <span>{text[KIND_TEXT[lead.kind].short]}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={lead.createdAt}>{moment(lead.createdAt)}</time>
                  {lead.followUpOn && (
                    <>
                      <span aria-hidden="true">·</span>
                      <span>{fmt(text.followUpShort, { date: day(lead.followUpOn) })}</span>
                    </>
                  )}
                </span>
                <span dir="auto" className="mt-0.5 block truncate text-sm text-slate-600">
                  {lead.message || lead.email}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
      {data.leads.length === 0 ? (
        <button type="button" onClick={() => onCursor(null)} className="mt-3 font-semibold text-brand-green underline">
          {t.adminShell.firstPage}
        </button>
      ) : (
        <CursorPager label={t.adminShell.pages} page={data} onCursor={onCursor} />
      )}
    </div>
  );
}
