import { useEffect, useRef } from 'react';
import type { LeadDetail as Lead } from '@oasis/shared/leads';
import { useI18n } from '~/lib/i18n';
import { amountLabel, interestLabel, KIND_TEXT, queryTypeLabel, timeLabel } from './labels';
import { LeadHistory, LeadNotes, LeadStageForm } from './lead-pipeline';
import { leadTitle, StatusBadge } from './lead-list';
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
 * One lead in full: what was sent, its stage and follow-up day (lead-pipeline.tsx), a reply by
 * e-mail, its notes and its history. Opening it moves focus to its name, so keyboard and
 * screen-reader users land on what they chose. `onChanged` runs after a change or a note was saved
 * (the screen reloads its data).
 */
export function LeadDetail({ lead, onBack, onChanged }: { lead: Lead; onBack(): void; onChanged(): Promise<void> }) {
  const i18n = useI18n();
  const { t, fmt, moment } = i18n;
  const text = t.adminLeads;
  const headingRef = useRef<HTMLHeadingElement>(null);

  // The screen keys this view by the lead's id: it mounts once per lead opened.
  useEffect(() => {
    headingRef.current?.focus({ preventScroll: window.matchMedia('(min-width: 1024px)').matches });
  }, []);

  const d = lead.details;
  const rows: [string, React.ReactNode][] = [
    [
      text.email,
      <a key="email" href={`mailto:${lead.email}`} className="text-brand-green underline">
        <EmailText email={lead.email} />
      </a>,
    ],
  ];
  // A waitlist signup leaves only an address.
  if (lead.phone) {
    rows.push([
      text.phone,
      <a key="phone" href={`tel:${lead.phone}`} dir="ltr" className="text-brand-green underline">
        {lead.phone}
      </a>,
    ]);
  }
  if (lead.kind === 'contact' && d.query_type) {
    rows.push([text.queryType, queryTypeLabel(d.query_type, text)]);
  }
  if (lead.kind === 'consultation') {
    rows.push([text.investmentInterest, interestLabel(d.investmentInterest, text)]);
    rows.push([text.investmentAmount, amountLabel(d.investmentAmount, text)]);
    rows.push([text.preferredTime, timeLabel(d.preferredTime, text)]);
  }
  // The first touch as the attribution report groups it (channel, source, campaign).
  if (lead.firstTouch) {
    const { channel, source, campaign } = lead.firstTouch;
    rows.push([text.firstTouch, [channel, source, campaign].filter(Boolean).join(' / ')]);
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
  // The reply's subject is in the language of the page the admin replies from.
  const replySubject = encodeURIComponent(
    lead.kind === 'consultation' ? text.replySubjectConsultation : text.replySubjectContact,
  );

  return (
    <article className="rounded-xl border border-slate-200 bg-white p-6" aria-labelledby="lead-heading">
      <BackToList onBack={onBack} />
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-semibold text-slate-600">{text[KIND_TEXT[lead.kind].label]}</p>
          <h3 id="lead-heading" ref={headingRef} tabIndex={-1} dir="auto" className="text-xl font-bold text-slate-900">
            {leadTitle(lead)}
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
      <LeadStageForm lead={lead} onChanged={onChanged} />
      <div className="mt-4 flex flex-wrap gap-3">
        <a
          href={`mailto:${lead.email}?subject=${replySubject}`}
          className="rounded-full border-2 border-slate-300 px-5 py-2 font-semibold text-slate-800 hover:bg-slate-50"
        >
          {text.reply}
        </a>
      </div>
      <LeadNotes lead={lead} onChanged={onChanged} />
      <LeadHistory lead={lead} />
    </article>
  );
}
