import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import {
  LEAD_KIND_LABELS,
  LEAD_KINDS,
  LEAD_STATUS_LABELS,
  LEAD_STATUSES,
  type LeadKind,
  type LeadStatus,
  QUERY_TYPE_LABELS,
  type QueryType,
} from '@oasis/shared/lead-rules';
import type { Lead, LeadList } from '@oasis/shared/leads';
import { notifyLeadsChanged, useNewLeadCount } from '~/components/leads/use-new-lead-count';
import { ApiRequestError, api, errorMessage, readToken } from '~/lib/api';

export function meta() {
  return [{ title: 'Leads | Admin' }, { name: 'robots', content: 'noindex' }];
}

const dateTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Asia/Dubai',
});
const formatWhen = (iso: string) => dateTime.format(new Date(iso));

const KIND_SHORT: Record<LeadKind, string> = { contact: 'Contact', consultation: 'Consultation' };
const LOAD_FAILED = 'Failed to load leads';

function pick<T extends string>(value: string | null, options: readonly T[]): T | '' {
  return value && (options as readonly string[]).includes(value) ? (value as T) : '';
}

/** The filter part of the query (kind, status, q): shared by the list and the CSV export. */
function filterQuery(filter: { kind: string; status: string; q: string }) {
  const query = new URLSearchParams();
  if (filter.kind) query.set('kind', filter.kind);
  if (filter.status) query.set('status', filter.status);
  if (filter.q) query.set('q', filter.q);
  return query;
}

/** 401/403 mean the admin session is gone; everything else is a plain failure. */
function describeError(error: unknown, fallback: string) {
  const signedOut = error instanceof ApiRequestError && (error.status === 401 || error.status === 403);
  return {
    signedOut,
    message: signedOut ? 'Your admin session has ended. Please log in again.' : errorMessage(error, fallback),
  };
}

type ListState =
  | { status: 'loading' }
  | { status: 'error'; message: string; signedOut: boolean }
  | { status: 'ready'; data: LeadList };

/**
 * /admin/dashboard/leads: contact messages and consultation requests, newest first, with filters,
 * search, a detail view, mark as handled and CSV export. The filters and the open lead live in the
 * URL, so a view can be bookmarked and the back button works.
 */
export default function LeadsInbox() {
  const [params, setParams] = useSearchParams();
  const kind = pick(params.get('kind'), LEAD_KINDS);
  const status = pick(params.get('status'), LEAD_STATUSES);
  const q = params.get('q') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const selectedId = params.get('id');

  const [list, setList] = useState<ListState>({ status: 'loading' });
  const [reloads, setReloads] = useState(0);
  const [search, setSearch] = useState(q);
  const [exporting, setExporting] = useState(false);
  const { count: newCount } = useNewLeadCount();

  useEffect(() => setSearch(q), [q]);

  const filters = filterQuery({ kind, status, q });
  const listQuery = new URLSearchParams(filters);
  if (page > 1) listQuery.set('page', String(page));
  const listKey = listQuery.toString();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `reloads` is the retry trigger.
  useEffect(() => {
    const controller = new AbortController();
    setList((prev) => (prev.status === 'ready' ? prev : { status: 'loading' }));
    api<LeadList>(`/leads${listKey ? `?${listKey}` : ''}`, { auth: 'adminToken', signal: controller.signal })
      .then((data) => setList({ status: 'ready', data }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setList({ status: 'error', ...describeError(error, LOAD_FAILED) });
      });
    return () => controller.abort();
  }, [listKey, reloads]);

  /** Changes some parameters; any filter change goes back to page 1 and closes the open lead. */
  function update(changes: Record<string, string | null>, { keepPage = false } = {}) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!keepPage) next.delete('page');
    setParams(next, { preventScrollReset: true });
  }

  function onLeadChanged(lead: Lead) {
    setList((prev) =>
      prev.status === 'ready'
        ? { ...prev, data: { ...prev.data, leads: prev.data.leads.map((l) => (l._id === lead._id ? lead : l)) } }
        : prev,
    );
    notifyLeadsChanged();
  }

  async function exportCsv() {
    setExporting(true);
    try {
      const token = readToken('adminToken');
      const query = filters.toString();
      const response = await fetch(`/api/leads/export.csv${query ? `?${query}` : ''}`, {
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw new ApiRequestError(response.status, 'Export failed');
      const blob = await response.blob();
      const name = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '')?.[1] ?? 'leads.csv';
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = name;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      toast.success('CSV exported');
    } catch (error) {
      toast.error(describeError(error, 'Export failed. Please try again.').message);
    } finally {
      setExporting(false);
    }
  }

  const filtered = Boolean(kind || status || q);
  const selected = list.status === 'ready' ? list.data.leads.find((l) => l._id === selectedId) : undefined;

  return (
    <div>
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">Leads</h2>
          <p className="mt-1 text-slate-600">
            Contact messages and consultation requests
            {newCount !== null && (
              <>
                {' · '}
                <strong className="font-semibold text-slate-900">{newCount} new</strong>
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
          {exporting ? 'Exporting...' : 'Export CSV'}
        </button>
      </header>

      <search aria-label="Filter leads" className="mt-6 block">
        <form
          className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-[auto_auto_1fr]"
          onSubmit={(event) => {
            event.preventDefault();
            update({ q: search.trim() || null, id: null });
          }}
        >
          <label className="text-sm font-semibold text-slate-700">
            Kind
            <select
              value={kind}
              onChange={(e) => update({ kind: e.target.value || null, id: null })}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal text-slate-900"
            >
              <option value="">All kinds</option>
              {LEAD_KINDS.map((k) => (
                <option key={k} value={k}>
                  {LEAD_KIND_LABELS[k]}s
                </option>
              ))}
            </select>
          </label>
          <label className="text-sm font-semibold text-slate-700">
            Status
            <select
              value={status}
              onChange={(e) => update({ status: e.target.value || null, id: null })}
              className="mt-1 block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 font-normal text-slate-900"
            >
              <option value="">Any status</option>
              {LEAD_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {LEAD_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </label>
          <div className="text-sm font-semibold text-slate-700">
            <label htmlFor="leads-search">Search</label>
            <div className="mt-1 flex gap-2">
              <input
                id="leads-search"
                type="search"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
                placeholder="Name, e-mail, phone or message"
                maxLength={200}
                className="block w-full min-w-0 rounded-lg border border-slate-300 px-3 py-2 font-normal text-slate-900"
              />
              <button
                type="submit"
                className="rounded-lg bg-brand-green px-4 py-2 font-semibold text-white hover:bg-brand-green-light"
              >
                Search
              </button>
            </div>
          </div>
        </form>
      </search>

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label="Leads" className={selectedId ? 'hidden lg:block' : ''}>
          {list.status === 'loading' && (
            <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
              Loading leads...
            </p>
          )}
          {list.status === 'error' && (
            <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-800">
              <p className="font-semibold">{list.message}</p>
              {list.signedOut ? (
                <Link to="/admin/login" className="mt-3 inline-block font-semibold underline">
                  Go to admin login
                </Link>
              ) : (
                <button
                  type="button"
                  onClick={() => setReloads((n) => n + 1)}
                  className="mt-3 rounded-lg bg-red-700 px-4 py-2 font-semibold text-white hover:bg-red-800"
                >
                  Try again
                </button>
              )}
            </div>
          )}
          {list.status === 'ready' && (
            <LeadListView
              data={list.data}
              selectedId={selectedId}
              filtered={filtered}
              search={params}
              onClear={() => {
                setSearch('');
                update({ kind: null, status: null, q: null, id: null });
              }}
              onPage={(p) => update({ page: p > 1 ? String(p) : null }, { keepPage: true })}
            />
          )}
        </section>

        <section aria-label="Lead details">
          {selectedId ? (
            <LeadDetail
              key={selectedId}
              id={selectedId}
              initial={selected}
              onBack={() => update({ id: null }, { keepPage: true })}
              onChanged={onLeadChanged}
            />
          ) : (
            <div className="hidden rounded-xl border border-dashed border-slate-300 bg-white p-10 text-center text-slate-600 lg:block">
              Select a lead to read it.
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

function StatusBadge({ status }: { status: LeadStatus }) {
  return status === 'new' ? (
    <span className="rounded-full bg-brand-yellow px-2.5 py-0.5 text-xs font-bold text-slate-900">New</span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">Handled</span>
  );
}

function LeadListView({
  data,
  selectedId,
  filtered,
  search,
  onClear,
  onPage,
}: {
  data: LeadList;
  selectedId: string | null;
  filtered: boolean;
  search: URLSearchParams;
  onClear: () => void;
  onPage: (page: number) => void;
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
  const from = (data.page - 1) * data.pageSize + 1;
  const to = from + data.leads.length - 1;
  const pages = Math.max(1, Math.ceil(data.total / data.pageSize));
  const linkTo = (id: string) => {
    const next = new URLSearchParams(search);
    next.set('id', id);
    return `?${next.toString()}`;
  };
  return (
    <div>
      <p className="mb-2 text-sm text-slate-600" aria-live="polite">
        {data.leads.length > 0
          ? `Showing ${from}–${to} of ${data.total}`
          : `No leads on this page (${data.total} in all)`}
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
                  <time dateTime={lead.createdAt}>{formatWhen(lead.createdAt)}</time>
                </span>
                <span className="mt-0.5 block truncate text-sm text-slate-600">{lead.message || lead.email}</span>
              </Link>
            </li>
          );
        })}
      </ul>
      {pages > 1 && (
        <nav aria-label="Pages" className="mt-3 flex items-center justify-between gap-2 text-sm">
          <button
            type="button"
            disabled={data.page <= 1}
            onClick={() => onPage(data.page - 1)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-50"
          >
            Previous
          </button>
          <span>
            Page {data.page} of {pages}
          </span>
          <button
            type="button"
            disabled={data.page >= pages}
            onClick={() => onPage(data.page + 1)}
            className="rounded-lg border border-slate-300 px-3 py-1.5 font-semibold disabled:opacity-50"
          >
            Next
          </button>
        </nav>
      )}
    </div>
  );
}

type DetailState =
  | { status: 'loading' }
  | { status: 'error'; message: string; signedOut: boolean }
  | { status: 'ready'; lead: Lead };

function LeadDetail({
  id,
  initial,
  onBack,
  onChanged,
}: {
  id: string;
  initial: Lead | undefined;
  onBack: () => void;
  onChanged: (lead: Lead) => void;
}) {
  const [state, setState] = useState<DetailState>(initial ? { status: 'ready', lead: initial } : { status: 'loading' });
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: load once per lead (the component is keyed by id).
  useEffect(() => {
    const controller = new AbortController();
    api<Lead>(`/leads/${encodeURIComponent(id)}`, { auth: 'adminToken', signal: controller.signal })
      .then((lead) => setState({ status: 'ready', lead }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        const described = describeError(error, 'Failed to load this lead');
        if (error instanceof ApiRequestError && error.status === 404) described.message = 'This lead no longer exists.';
        setState({ status: 'error', ...described });
      });
    return () => controller.abort();
  }, []);

  // Opening a lead moves focus to it, so keyboard and screen-reader users land on what they chose.
  const ready = state.status === 'ready';
  useEffect(() => {
    if (ready) headingRef.current?.focus({ preventScroll: window.matchMedia('(min-width: 1024px)').matches });
  }, [ready]);

  async function setStatus(lead: Lead, status: LeadStatus) {
    setSaving(true);
    try {
      const updated = await api<Lead>(`/leads/${encodeURIComponent(lead._id)}`, {
        method: 'PATCH',
        auth: 'adminToken',
        body: { status },
      });
      setState({ status: 'ready', lead: updated });
      onChanged(updated);
      toast.success(status === 'handled' ? 'Marked as handled' : 'Marked as new');
    } catch (error) {
      toast.error(describeError(error, 'Update failed').message);
    } finally {
      setSaving(false);
    }
  }

  const back = (
    <button type="button" onClick={onBack} className="mb-3 font-semibold text-brand-green underline lg:hidden">
      ← All leads
    </button>
  );

  if (state.status === 'loading') {
    return (
      <div>
        {back}
        <p role="status" className="rounded-xl border border-slate-200 bg-white p-6 text-slate-600">
          Loading lead...
        </p>
      </div>
    );
  }
  if (state.status === 'error') {
    return (
      <div>
        {back}
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 font-semibold text-red-800">
          {state.message}
          {state.signedOut && (
            <Link to="/admin/login" className="mt-3 block underline">
              Go to admin login
            </Link>
          )}
        </div>
      </div>
    );
  }

  const { lead } = state;
  const d = lead.details;
  const rows: [string, React.ReactNode][] = [
    [
      'Email',
      <a key="email" href={`mailto:${lead.email}`} className="text-brand-green underline">
        {lead.email}
      </a>,
    ],
    [
      'Phone',
      <a key="phone" href={`tel:${lead.phone}`} className="text-brand-green underline">
        {lead.phone}
      </a>,
    ],
  ];
  if (lead.kind === 'contact' && d.query_type) {
    rows.push(['Query type', QUERY_TYPE_LABELS[d.query_type as QueryType] ?? d.query_type]);
  }
  if (lead.kind === 'consultation') {
    rows.push(['Investment interest', d.investmentInterest ?? '']);
    rows.push(['Investment amount (AED)', d.investmentAmount ?? '']);
    rows.push(['Preferred time', d.preferredTime ?? '']);
  }
  rows.push([
    'Received',
    <time key="received" dateTime={lead.createdAt}>
      {formatWhen(lead.createdAt)} (Dubai)
    </time>,
  ]);
  if (lead.handledAt) {
    rows.push([
      'Handled',
      <time key="handled" dateTime={lead.handledAt}>
        {formatWhen(lead.handledAt)} (Dubai)
      </time>,
    ]);
  }
  const replySubject = encodeURIComponent(
    lead.kind === 'consultation' ? 'Your free consultation request' : 'Re: your message',
  );

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="lead-heading">
      {back}
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-slate-600">{LEAD_KIND_LABELS[lead.kind]}</p>
          <h3 id="lead-heading" ref={headingRef} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {lead.name}
          </h3>
        </div>
        <StatusBadge status={lead.status} />
      </div>
      <dl className="mt-5 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600">{label}</dt>
            <dd className="break-words text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {lead.message && (
        <div className="mt-5">
          <h4 className="text-sm font-semibold text-slate-600">Message</h4>
          <p className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-brand-sand p-4 text-slate-900">
            {lead.message}
          </p>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        {lead.status === 'new' ? (
          <button
            type="button"
            disabled={saving}
            onClick={() => setStatus(lead, 'handled')}
            className="rounded-full bg-brand-green px-5 py-2 font-semibold text-white hover:bg-brand-green-light disabled:opacity-70"
          >
            {saving ? 'Saving...' : 'Mark as handled'}
          </button>
        ) : (
          <button
            type="button"
            disabled={saving}
            onClick={() => setStatus(lead, 'new')}
            className="rounded-full border-2 border-brand-green px-5 py-2 font-semibold text-brand-green hover:bg-brand-sand disabled:opacity-70"
          >
            {saving ? 'Saving...' : 'Mark as new'}
          </button>
        )}
        <a
          href={`mailto:${lead.email}?subject=${replySubject}`}
          className="rounded-full border-2 border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          Reply by e-mail
        </a>
      </div>
    </article>
  );
}
