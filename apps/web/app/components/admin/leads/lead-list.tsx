import { Link } from 'react-router';
import { formatDateTime } from '@oasis/shared/format';
import type { LeadKind, LeadStatus } from '@oasis/shared/lead-rules';
import { showingRange } from '@oasis/shared/admin/cursor-paging';
import type { LeadList } from '@oasis/shared/leads';
import { CursorPager } from '../list-params';

const KIND_SHORT: Record<LeadKind, string> = { contact: 'Contact', consultation: 'Consultation' };

export function StatusBadge({ status }: { status: LeadStatus }) {
  return status === 'new' ? (
    <span className="rounded-full bg-brand-yellow px-2.5 py-0.5 text-xs font-bold text-slate-900">New</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Handled</span>
  );
}

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
  if (data.total === 0) {
    return (
      <div className="rounded-xl border border-slate-200 bg-white p-8 text-center">
        {filtered ? (
          <>
            <p className="font-semibold text-slate-900">No leads match these filters.</p>
            <button type="button" onClick={onClear} className="mt-3 font-semibold text-brand-green underline">
              Clear filters
            </button>
          </>
        ) : (
          <>
            <p className="font-semibold text-slate-900">No messages yet.</p>
            <p className="mt-1 text-slate-600">Contact messages and consultation requests will appear here.</p>
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
          ? showingRange(data, data.leads.length)
          : `No leads on this page (${data.totalCapped ? `more than ${data.total.toLocaleString('en-US')}` : data.total} in all)`}
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
                  <span className={`truncate text-slate-900 ${lead.status === 'new' ? 'font-bold' : 'font-medium'}`}>
                    {lead.name}
                  </span>
                  <StatusBadge status={lead.status} />
                </span>
                <span className="mt-0.5 flex flex-wrap items-center gap-x-2 text-sm text-slate-600">
                  <span>{KIND_SHORT[lead.kind]}</span>
                  <span aria-hidden="true">·</span>
                  <time dateTime={lead.createdAt}>{formatDateTime(lead.createdAt)}</time>
                </span>
                <span className="mt-0.5 block truncate text-sm text-slate-600">{lead.message || lead.email}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {data.leads.length === 0 ? (
        <button type="button" onClick={() => onCursor(null)} className="mt-3 font-semibold text-brand-green underline">
          Back to the first page
        </button>
      ) : (
        <CursorPager label="Pages" page={data} onCursor={onCursor} />
      )}
    </div>
  );
}
