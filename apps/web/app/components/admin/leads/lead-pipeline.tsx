import { useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { LEAD_NOTE_MAX, LEAD_STATUSES, type LeadStatus } from '@oasis/shared/lead-rules';
import type { LeadChange, LeadDetail, LeadEvent } from '@oasis/shared/leads';
import { useI18n } from '~/lib/i18n';
import { addLeadNote, updateLead } from '~/lib/api/leads';
import { SelectInput, TextArea, TextInput } from '../fields';
import { useSaving } from '../use-saving';
import { STATUS_LABEL } from './labels';

/*
 * A lead's place in the pipeline (new → contacted → qualified → won / lost): the stage and the
 * follow-up day, saved together by one button (a select that saved on every arrow key would write
 * a history line per option passed), its notes, and the history of changes with who made them.
 */

const buttonClass =
  'rounded-full bg-brand-green px-5 py-2 font-semibold text-white hover:bg-brand-green-light disabled:cursor-not-allowed disabled:opacity-60';

/** The stage and the follow-up day; only what changed is sent, so the history holds real changes. */
export function LeadStageForm({ lead, onChanged }: { lead: LeadDetail; onChanged(): Promise<void> }) {
  const i18n = useI18n();
  const text = i18n.t.adminLeads;
  const [status, setStatus] = useState<LeadStatus>(lead.status);
  const [followUpOn, setFollowUpOn] = useState(lead.followUpOn ?? '');
  const { saving, run } = useSaving(ADMIN_MESSAGES.updateFailed);
  const change: LeadChange = {};
  if (status !== lead.status) change.status = status;
  if (followUpOn !== (lead.followUpOn ?? '')) change.followUpOn = followUpOn || null;
  const changed = Object.keys(change).length > 0;

  async function save(event: React.FormEvent) {
    event.preventDefault();
    if (!changed) return;
    await run(async () => {
      await updateLead(lead._id, change);
      // One toast per lead: a second save replaces the first's.
      toast.success(text.saved, { id: `lead-saved-${lead._id}` });
      await onChanged();
    });
  }

  return (
    <form onSubmit={save} className="mt-6 grid gap-4 rounded-lg border border-slate-200 p-4 sm:grid-cols-2">
      <SelectInput
        label={text.stage}
        value={status}
        onValue={(value) => setStatus(value as LeadStatus)}
        disabled={saving}
        options={LEAD_STATUSES.map((value) => ({ value, label: text[STATUS_LABEL[value]] }))}
      />
      <TextInput
        label={text.followUp}
        type="date"
        value={followUpOn}
        onValue={setFollowUpOn}
        disabled={saving}
        hint={text.followUpHint}
      />
      <div className="sm:col-span-2">
        <button type="submit" disabled={saving || !changed} className={buttonClass}>
          {saving ? i18n.t.adminShell.saving : text.save}
        </button>
      </div>
    </form>
  );
}

/** The owner's notes on a lead, oldest first, and a box to add one. */
export function LeadNotes({ lead, onChanged }: { lead: LeadDetail; onChanged(): Promise<void> }) {
  const { t, fmt, moment } = useI18n();
  const text = t.adminLeads;
  const [body, setBody] = useState('');
  const { saving, run } = useSaving(text.noteFailed);

  async function add(event: React.FormEvent) {
    event.preventDefault();
    if (!body.trim()) return;
    await run(async () => {
      await addLeadNote(lead._id, body.trim());
      setBody('');
      toast.success(text.noteAdded, { id: `lead-note-${lead._id}` });
      await onChanged();
    });
  }

  return (
    <LeadSection
      id="lead-notes"
      title={text.notes}
      emptyText={lead.notes.length === 0 ? text.noNotes : null}
      footer={
        <form onSubmit={add} className="mt-3 grid gap-2">
          <TextArea
            label={text.addNote}
            value={body}
            onValue={setBody}
            rows={3}
            maxLength={LEAD_NOTE_MAX}
            disabled={saving}
            dir="auto"
          />
          <div>
            <button type="submit" disabled={saving || !body.trim()} className={buttonClass}>
              {saving ? t.adminShell.saving : text.addNoteButton}
            </button>
          </div>
        </form>
      }
    >
      <ol className="mt-2 space-y-2">
        {lead.notes.map((note) => (
          <li key={note._id} className="rounded-lg bg-brand-sand p-3">
            <p dir="auto" className="whitespace-pre-wrap break-words text-slate-900">
              {note.body}
            </p>
            <p className="mt-1 text-xs text-slate-600">
              {fmt(text.noteBy, { author: note.author ?? text.someone, time: moment(note.createdAt) })}
            </p>
          </li>
        ))}
      </ol>
    </LeadSection>
  );
}

/** Every change of stage and follow-up day: who, when, from → to. */
export function LeadHistory({ lead }: { lead: LeadDetail }) {
  const { t, fmt, moment, day } = useI18n();
  const text = t.adminLeads;
  const value = (event: LeadEvent, which: string | null) => {
    if (which === null) return text.historyNone;
    if (event.field === 'followUpOn') return day(which);
    return (LEAD_STATUSES as readonly string[]).includes(which) ? text[STATUS_LABEL[which as LeadStatus]] : which;
  };
  return (
    <LeadSection id="lead-history" title={text.history} emptyText={lead.events.length === 0 ? text.noHistory : null}>
      <ol className="mt-2 space-y-1 text-sm text-slate-800">
        {lead.events.map((event) => (
          <li key={event._id}>
            <time dateTime={event.createdAt} className="text-slate-600">
              {moment(event.createdAt)}
            </time>{' '}
            {fmt(event.field === 'status' ? text.historyStage : text.historyFollowUp, {
              actor: event.actor ?? text.someone,
              from: value(event, event.from),
              to: value(event, event.to),
            })}
          </li>
        ))}
      </ol>
    </LeadSection>
  );
}

/** A part of a lead's page under its heading: the list, or `emptyText` when there is nothing to list; then `footer`. */
function LeadSection({
  id,
  title,
  emptyText,
  footer,
  children,
}: {
  id: string;
  title: string;
  emptyText: string | null;
  footer?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="mt-6">
      <h4 id={id} className="font-semibold text-slate-900">
        {title}
      </h4>
      {emptyText === null ? children : <p className="mt-1 text-sm text-slate-600">{emptyText}</p>}
      {footer}
    </section>
  );
}
