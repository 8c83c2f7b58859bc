import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import type { Availability, DateOverride, TimeRange, WeeklyRange } from '@oasis/shared/booking-slots';
import type { Booking } from '@oasis/shared/booking';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { privateMeta } from '~/components/auth/meta';
import { TextArea, TextInput } from '~/components/admin/fields';
import { AdminPageHeader, Panel, WhenReady } from '~/components/admin/page';
import { PageForm } from '~/components/admin/page-form';
import { loadAdmin } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import { errorMessage } from '~/lib/api';
import { cancelBooking, getAvailability, listUpcomingBookings, saveAvailability } from '~/lib/api/booking';
import { type I18nValue, useI18n } from '~/lib/i18n';
import type { Route } from './+types/calendar';

export const meta: Route.MetaFunction = ({ matches }) => {
  const root = matches.find((match) => match?.id === 'root')?.loaderData as { i18n?: I18nValue } | undefined;
  return privateMeta(matches, root?.i18n?.messages.adminBooking?.title ?? '');
};

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(
    async (signal) => {
      const [availability, bookings] = await Promise.all([getAvailability(signal), listUpcomingBookings(signal)]);
      return { availability, bookings };
    },
    '',
    request,
  );

const WEEKDAYS = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] as const;

/** `10:00-13:00, 14:00-18:00` as ranges; null when a piece cannot be read. */
function readRanges(text: string): TimeRange[] | null {
  const pieces = text
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const ranges = pieces.map((p) => /^(\d{1,2}:\d{2})\s*-\s*(\d{1,2}:\d{2})$/.exec(p));
  if (ranges.some((r) => !r)) return null;
  const pad = (t: string) => t.padStart(5, '0');
  return ranges.map((r) => ({ start: pad(r![1]!), end: pad(r![2]!) }));
}

const writeRanges = (ranges: readonly TimeRange[]) => ranges.map((r) => `${r.start}-${r.end}`).join(', ');

/** One override per line: `2026-12-02` (a blocked day) or `2026-12-03 10:00-12:00, 14:00-15:00`. */
function readOverrides(text: string): { overrides: DateOverride[]; badLine: number | null } {
  const overrides: DateOverride[] = [];
  const lines = text.split('\n');
  for (const [i, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^(\d{4}-\d{2}-\d{2})\s*(.*)$/.exec(line);
    const ranges = match ? readRanges(match[2]!) : null;
    if (!match || !ranges) return { overrides, badLine: i + 1 };
    overrides.push({ date: match[1]!, ranges });
  }
  return { overrides, badLine: null };
}

/** /admin/dashboard/calendar (docs/product.md#booking): hours for consultations and the bookings ahead. */
export default function Calendar({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const { t, tr } = useI18n();
  const result = loaderData.ok ? loaderData : { ...loaderData, message: tr(loaderData.message) };
  return (
    <WhenReady result={result} loadingLabel={t.adminBooking.loading}>
      {({ availability, bookings }) => (
        <>
          <AvailabilityForm availability={availability} onSaved={revalidate} />
          <Upcoming bookings={bookings} onChanged={revalidate} />
        </>
      )}
    </WhenReady>
  );
}

function AvailabilityForm({ availability, onSaved }: { availability: Availability; onSaved(): Promise<void> }) {
  const { t, tr, fmt } = useI18n();
  const texts = t.adminBooking;
  const [days, setDays] = useState(() =>
    WEEKDAYS.map((_, day) => writeRanges(availability.weeklyHours.filter((r) => r.day === day))),
  );
  const [overrides, setOverrides] = useState(() =>
    availability.dateOverrides.map((o) => `${o.date} ${writeRanges(o.ranges)}`.trim()).join('\n'),
  );
  const [numbers, setNumbers] = useState({
    slotMinutes: String(availability.slotMinutes),
    bufferBeforeMinutes: String(availability.bufferBeforeMinutes),
    bufferAfterMinutes: String(availability.bufferAfterMinutes),
    minimumNoticeMinutes: String(availability.minimumNoticeMinutes),
    windowDays: String(availability.windowDays),
    dailyCap: availability.dailyCap === null ? '' : String(availability.dailyCap),
  });
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit() {
    setProblem(null);
    const weeklyHours: WeeklyRange[] = [];
    for (const [day, text] of days.entries()) {
      const ranges = readRanges(text);
      if (!ranges) return setProblem(fmt(texts.badLine, { line: t.adminBooking[WEEKDAYS[day]!] }));
      weeklyHours.push(...ranges.map((r) => ({ ...r, day })));
    }
    const read = readOverrides(overrides);
    if (read.badLine !== null) return setProblem(fmt(texts.badLine, { line: read.badLine }));
    const n = (value: string) => Number(value.trim());
    setSaving(true);
    try {
      await saveAvailability({
        weeklyHours,
        dateOverrides: read.overrides,
        slotMinutes: n(numbers.slotMinutes),
        bufferBeforeMinutes: n(numbers.bufferBeforeMinutes),
        bufferAfterMinutes: n(numbers.bufferAfterMinutes),
        minimumNoticeMinutes: n(numbers.minimumNoticeMinutes),
        windowDays: n(numbers.windowDays),
        dailyCap: numbers.dailyCap.trim() === '' ? null : n(numbers.dailyCap),
      });
      toast.success(texts.saved);
      await onSaved();
    } catch (error) {
      setProblem(tr(errorMessage(error, ADMIN_MESSAGES.saveFailed)));
    } finally {
      setSaving(false);
    }
  }

  const number = (key: keyof typeof numbers, label: string) => (
    <TextInput
      label={label}
      name={key}
      inputMode="numeric"
      value={numbers[key]}
      onValue={(value) => setNumbers((all) => ({ ...all, [key]: value }))}
      disabled={saving}
    />
  );

  return (
    <div>
      <AdminPageHeader title={texts.title} lead={texts.lead} />
      <PageForm
        label={texts.title}
        onSubmit={() => void submit()}
        problem={problem}
        busy={saving}
        submitLabel={texts.save}
      >
        <Panel>
          <h3 className="mb-2 font-display text-lg font-semibold text-brand-green">{texts.hours}</h3>
          <p className="mb-5 text-sm text-slate-600">{texts.hoursHint}</p>
          <div className="grid gap-4 md:grid-cols-2">
            {WEEKDAYS.map((name, day) => (
              <TextInput
                key={name}
                label={texts[name]}
                name={`day-${day}`}
                dir="ltr"
                value={days[day]!}
                onValue={(value) => setDays((all) => all.map((v, i) => (i === day ? value : v)))}
                disabled={saving}
              />
            ))}
          </div>
        </Panel>
        <Panel>
          <TextArea
            label={texts.overrides}
            name="overrides"
            dir="ltr"
            rows={4}
            hint={texts.overridesHint}
            value={overrides}
            onValue={setOverrides}
            disabled={saving}
          />
        </Panel>
        <Panel>
          <div className="grid gap-4 md:grid-cols-3">
            {number('slotMinutes', texts.slotMinutes)}
            {number('bufferBeforeMinutes', texts.bufferBefore)}
            {number('bufferAfterMinutes', texts.bufferAfter)}
            {number('minimumNoticeMinutes', texts.notice)}
            {number('windowDays', texts.windowDays)}
            {number('dailyCap', texts.dailyCap)}
          </div>
        </Panel>
      </PageForm>
    </div>
  );
}

function Upcoming({ bookings, onChanged }: { bookings: Booking[]; onChanged(): Promise<void> }) {
  const { t, tr, locale } = useI18n();
  const texts = t.adminBooking;
  const [note, setNote] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState<string | null>(null);
  const when = (iso: string) =>
    new Intl.DateTimeFormat(locale === 'ar' ? 'ar-AE' : 'en-GB', {
      dateStyle: 'medium',
      timeStyle: 'short',
      timeZone: 'Asia/Dubai',
    }).format(new Date(iso));

  async function cancel(id: string) {
    setBusy(id);
    try {
      await cancelBooking(id, note[id] ?? '');
      toast.success(texts.cancelled);
      await onChanged();
    } catch (error) {
      toast.error(tr(errorMessage(error, texts.none)));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section aria-labelledby="upcoming-title" className="mt-10">
      <h2 id="upcoming-title" className="mb-4 font-display text-xl font-semibold text-brand-green">
        {texts.upcoming}
      </h2>
      {bookings.length === 0 ? (
        <p className="text-slate-600">{texts.none}</p>
      ) : (
        <ul className="grid gap-3">
          {bookings.map((b) => (
            <li key={b._id}>
              <Panel>
                <p className="font-semibold text-slate-900">{when(b.startsAt)}</p>
                <p className="text-slate-700">
                  {b.name} · <span dir="ltr">{b.email}</span> · <span dir="ltr">{b.phone}</span> ·{' '}
                  <span dir="ltr">{b.timeZone}</span>
                </p>
                <div className="mt-3 flex flex-wrap items-end gap-3">
                  <TextInput
                    label={texts.cancelWith}
                    name={`note-${b._id}`}
                    value={note[b._id] ?? ''}
                    onValue={(value) => setNote((all) => ({ ...all, [b._id]: value }))}
                    disabled={busy !== null}
                  />
                  <button
                    type="button"
                    className={buttonClass('outline')}
                    disabled={busy !== null}
                    onClick={() => void cancel(b._id)}
                    aria-label={`${texts.confirmCancel}: ${b.name}, ${when(b.startsAt)}`}
                  >
                    {texts.cancel}
                  </button>
                </div>
              </Panel>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
