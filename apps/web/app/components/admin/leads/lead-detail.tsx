import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { LeadStatus } from '@oasis/shared/lead-rules';
import type { Lead } from '@oasis/shared/leads';
import { useI18n } from '~/lib/i18n';
import { updateLead } from '~/lib/api/leads';
import { failureToast } from '../request';
import { amountLabel, interestLabel, KIND_LABEL, queryTypeLabel, timeLabel } from './labels';
import { StatusBadge } from './lead-list';
import { EmailText } from '~/components/ui/email-text';

/** Back to the list: phones show the list or one lead, not both. */
export function BackToList({ onBack }: { onBack(): void }) {
  const { t } = useI18n();
  return (
    <button type="button" onClick={onBack} className="mb-3 font-semibold text-brand-green underline lg:hidden">
      {t.adminLeads.allLeads}
    </button>
  );
}

/**
 * One lead in full, with 'Mark as handled' (or 'Mark as new') and a reply by e-mail. Opening it moves
 * focus to its name, so keyboard and screen-reader users land on what they chose. `onChanged` runs
 * after a status change was saved (the screen reloads its data).
 */
export function LeadDetail({ lead, onBack, onChanged }: { lead: Lead; onBack(): void; onChanged(): Promise<void> }) {
  const i18n = useI18n();
  const { t, fmt, moment } = i18n;
  const text = t.adminLeads;
  const [saving, setSaving] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The screen keys this view by the lead's id: it mounts once per lead opened.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: window.matchMedia('(min-width: 1024px)').matches });
  }, []);

  async function setStatus(status: LeadStatus) {
    setSaving(true);
    try {
      await updateLead(lead._id, { status });
      toast.success(status !== 'new' ? text.markedHandled : text.markedNew);
      await onChanged();
    } catch (error) {
      toast.error(failureToast(error, ADMIN_MESSAGES.updateFailed, i18n));
    } finally {
      setSaving(false);
    }
  }

  const d = lead.details;
  const rows: [string, React.ReactNode][] = [
    [
      text.email,
      <a key="email" href={`mailto:${lead.email}`} className="text-brand-green underline">
        <EmailText email={lead.email} />
      </a>,
    ],
    [
      text.phone,
      <a key="phone" href={`tel:${lead.phone}`} dir="ltr" className="text-brand-green underline">
        {lead.phone}
      </a>,
    ],
  ];
  if (lead.kind === 'contact' && d.query_type) {
    rows.push([text.queryType, queryTypeLabel(d.query_type, text)]);
  }
  if (lead.kind === 'consultation') {
    rows.push([text.investmentInterest, interestLabel(d.investmentInterest, text)]);
    rows.push([text.investmentAmount, amountLabel(d.investmentAmount, text)]);
    rows.push([text.preferredTime, timeLabel(d.preferredTime, text)]);
  }
  rows.push([
    text.received,
    <time key="received" dateTime={lead.createdAt}>
      {fmt(text.dubaiTime, { time: moment(lead.createdAt) })}
    </time>,
  ]);
  if (lead.handledAt) {
    rows.push([
      text.handled,
      <time key="handled" dateTime={lead.handledAt}>
        {fmt(text.dubaiTime, { time: moment(lead.handledAt) })}
      </time>,
    ]);
  }
  const next: LeadStatus = lead.status === 'new' ? 'contacted' : 'new';
  // The reply's subject is in the language of the page the admin replies from.
  const replySubject = encodeURIComponent(
    lead.kind === 'consultation' ? text.replySubjectConsultation : text.replySubjectContact,
  );

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="lead-heading">
      <BackToList onBack={onBack} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-slate-600">{text[KIND_LABEL[lead.kind]]}</p>
          <h3 id="lead-heading" ref={headingRef} tabIndex={-1} dir="auto" className="text-xl font-bold text-slate-900">
            {lead.name}
          </h3>
        </div>
        <StatusBadge status={lead.status} />
      </div>
      <dl className="mt-5 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold text-slate-600">{label}</dt>
            <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      {lead.message && (
        <div className="mt-5">
          <h4 className="text-sm font-semibold text-slate-600">{text.message}</h4>
          <p dir="auto" className="mt-1 whitespace-pre-wrap break-words rounded-lg bg-brand-sand p-4 text-slate-900">
            {lead.message}
          </p>
        </div>
      )}
      <div className="mt-6 flex flex-wrap gap-3">
        <button
          type="button"
          disabled={saving}
          onClick={() => setStatus(next)}
          className={`rounded-full border-2 border-brand-green px-5 py-2 font-semibold disabled:opacity-70 ${next !== 'new' ? 'bg-brand-green text-white hover:bg-brand-green-light' : 'text-brand-green hover:bg-brand-sand'}`}
        >
          {saving ? t.adminShell.saving : next !== 'new' ? text.markHandled : text.markNew}
        </button>
        <a
          href={`mailto:${lead.email}?subject=${replySubject}`}
          className="rounded-full border-2 border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {text.reply}
        </a>
      </div>
    </article>
  );
}
