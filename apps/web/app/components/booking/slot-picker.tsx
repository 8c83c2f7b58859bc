import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { dateInZone, groupSlotsByDay, isTimeZone, type Slot } from '@oasis/shared/booking-slots';
import { fmt } from '@oasis/shared/i18n/define';
import { LOCALE_INFO, type Locale } from '@oasis/shared/i18n/locales';
import type { PickerTexts } from './slot-texts';

/** How far ahead the picker asks for slots (the owner's window cuts it shorter). */
const AHEAD_DAYS = 62;
const DUBAI = 'Asia/Dubai';

/** The visitor's own zone, as the browser reports it (Dubai when it reports none it knows). */
export function browserTimeZone(): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && isTimeZone(zone) ? zone : DUBAI;
}

/**
 * One formatter per language, zone and kind, made at its first use: making an `Intl.DateTimeFormat`
 * costs far more than formatting with one, and the picker formats every time it shows twice.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: Locale, timeZone: string, kind: 'time' | 'day'): Intl.DateTimeFormat {
  const key = `${locale} ${timeZone} ${kind}`;
  let format = formatters.get(key);
  if (!format) {
    const parts: Intl.DateTimeFormatOptions =
      kind === 'time' ? { hour: 'numeric', minute: '2-digit' } : { weekday: 'long', day: 'numeric', month: 'long' };
    format = new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, { timeZone, ...parts });
    formatters.set(key, format);
  }
  return format;
}

export function formatTime(at: number, locale: Locale, timeZone: string): string {
  return formatter(locale, timeZone, 'time').format(at);
}

export function formatDay(at: number, locale: Locale, timeZone: string): string {
  return formatter(locale, timeZone, 'day').format(at);
}

export type PickerState = 'loading' | 'open' | 'closed' | 'failed';

/** Lets the browser handle what waits (input, painting) before the next step. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve));

const isText = (value: unknown): value is string => typeof value === 'string';

/**
 * The free slots that start between `from` and `to` (`GET /api/booking/slots`), checked by hand to
 * `slotListSchema`'s shape. Plain `fetch`, not the API client: a public page that holds the form
 * loads this at once, and the client's chunk is only needed when the visitor sends the form.
 */
async function getSlots(from: Date, to: Date): Promise<{ open: boolean; slots: Slot[] }> {
  const query = `from=${from.toISOString()}&to=${to.toISOString()}`;
  const response = await fetch(`/api/booking/slots?${query}`, { headers: { accept: 'application/json' } });
  const list = (response.ok ? await response.json() : {}) as {
    open?: unknown;
    slots?: { start?: unknown; end?: unknown }[];
  };
  if (typeof list.open !== 'boolean' || !Array.isArray(list.slots))
    throw new Error(`GET /booking/slots: ${response.status}`);
  const slots = list.slots.map((s) => {
    if (!isText(s?.start) || !isText(s?.end)) throw new Error('GET /booking/slots: a slot without start or end');
    return { start: Date.parse(s.start), end: Date.parse(s.end) };
  });
  return { open: list.open, slots };
}

/**
 * The free consultation slots (docs/product.md#booking), loaded in the browser after the page (the
 * page itself is the same for every visitor): grouped by day in the visitor's time zone (the
 * browser's, with a button that opens a selector of every zone), each time with Dubai's beside it. A change of
 * `refresh` loads the slots again (after a booking, or when the chosen one was taken).
 */
export function SlotPicker({
  texts,
  locale,
  value,
  onChange,
  onState,
  refresh,
  error,
}: {
  texts: PickerTexts;
  locale: Locale;
  value: string | null;
  onChange: (start: string | null, timeZone: string) => void;
  onState?: (state: PickerState) => void;
  refresh: number;
  error?: string;
}) {
  const uid = useId();
  // Asked of the browser once the slots are in: a page's first use of Intl is a long step.
  const [zone, setZone] = useState<string | null>(null);
  const [choosingZone, setChoosingZone] = useState(false);
  const zoneSelect = useRef<HTMLSelectElement>(null);
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [state, setState] = useState<PickerState>('loading');
  const [day, setDay] = useState('');
  const [retry, setRetry] = useState(0);

  useEffect(() => {
    let live = true;
    setState('loading');
    const now = new Date();
    // refresh and retry are what this effect runs again for.
    void refresh;
    void retry;
    getSlots(now, new Date(now.getTime() + AHEAD_DAYS * 86_400_000)).then(
      async (list) => {
        if (!live) return;
        // The visitor's zone in a task of its own, the slots drawn in the next: no one long task.
        await nextTask();
        const visitorZone = browserTimeZone();
        await nextTask();
        if (!live) return;
        setZone((chosen) => chosen ?? visitorZone);
        setSlots(list.slots);
        setState(list.open && list.slots.length > 0 ? 'open' : 'closed');
      },
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [refresh, retry]);

  useEffect(() => onState?.(state), [state, onState]);

  const days = useMemo(() => (zone ? groupSlotsByDay(slots ?? [], zone) : []), [slots, zone]);
  const shown = days.find((d) => d.date === day) ?? days[0];
  // A chosen slot that is no longer free is let go (taken meanwhile, or gone after a refresh).
  useEffect(() => {
    if (value && zone && slots && !slots.some((s) => new Date(s.start).toISOString() === value)) onChange(null, zone);
  }, [slots, value, zone, onChange]);

  // Some four hundred options: made only once the visitor asks to change the zone, then once per zone.
  const zoneOptions = useMemo(() => {
    if (!choosingZone || !zone) return null;
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    return (all.includes(zone) ? all : [zone, ...all]).map((z) => (
      <option key={z} value={z}>
        {z}
      </option>
    ));
  }, [choosingZone, zone]);
  useEffect(() => {
    if (choosingZone) zoneSelect.current?.focus();
  }, [choosingZone]);

  if (state === 'loading')
    return (
      <p className="text-sm text-slate-600" role="status">
        {texts.loadingSlots}
      </p>
    );
  if (state === 'failed')
    return (
      <div role="alert" className="text-sm text-red-700">
        {texts.slotsFailed}{' '}
        <button type="button" className="underline" onClick={() => setRetry((n) => n + 1)}>
          {texts.retry}
        </button>
      </div>
    );
  if (state === 'closed' || !shown || !zone) return <p className="text-sm text-slate-600">{texts.noSlots}</p>;

  const errorId = `${uid}-error`;
  return (
    <fieldset className="grid gap-3" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1 text-sm font-semibold text-slate-800">{texts.pickSlot}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {choosingZone ? (
          <label className="grid gap-1 text-sm text-slate-700">
            {texts.timeZone}
            <select
              ref={zoneSelect}
              value={zone}
              onChange={(e) => setZone(e.target.value)}
              className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
              dir="ltr"
            >
              {zoneOptions}
            </select>
          </label>
        ) : (
          <div className="grid gap-1 text-sm text-slate-700">
            {texts.timeZone}
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
              <bdi dir="ltr" className="font-semibold text-slate-900">
                {zone}
              </bdi>
              <button type="button" className="underline" onClick={() => setChoosingZone(true)}>
                {texts.changeZone}
              </button>
            </div>
          </div>
        )}
        <label className="grid gap-1 text-sm text-slate-700">
          {texts.day}
          <select
            value={shown.date}
            onChange={(e) => setDay(e.target.value)}
            className="rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          >
            {days.map((d) => (
              <option key={d.date} value={d.date}>
                {formatDay(d.slots[0]!.start, locale, zone)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div
        className="grid grid-cols-2 gap-2"
        role="radiogroup"
        aria-label={formatDay(shown.slots[0]!.start, locale, zone)}
      >
        {shown.slots.map((slot) => {
          const iso = new Date(slot.start).toISOString();
          const chosen = iso === value;
          const dubai = zone === DUBAI ? null : formatTime(slot.start, locale, DUBAI);
          const dubaiDay =
            dubai && dateInZone(slot.start, DUBAI) !== shown.date ? formatDay(slot.start, locale, DUBAI) : null;
          return (
            <label
              key={iso}
              className={`flex cursor-pointer flex-col rounded-lg border px-3 py-2 text-sm focus-within:outline focus-within:outline-2 focus-within:outline-brand-green ${chosen ? 'border-brand-green bg-brand-green text-white' : 'border-slate-300 bg-white text-slate-900 hover:border-brand-green'}`}
            >
              <input
                type="radio"
                name={`${uid}-slot`}
                value={iso}
                checked={chosen}
                onChange={() => onChange(iso, zone)}
                className="sr-only"
              />
              <span className="font-semibold">{formatTime(slot.start, locale, zone)}</span>
              {dubai && (
                <span className={chosen ? 'text-white/90' : 'text-slate-600'}>
                  {fmt(texts.dubaiBeside, { time: dubaiDay ? `${dubaiDay} ${dubai}` : dubai })}
                </span>
              )}
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The thanks' sentence for a booked slot, as the visitor reads the time in their own zone. */
export function bookedSentence(start: string, locale: Locale, texts: PickerTexts): string {
  const time = new Intl.DateTimeFormat(LOCALE_INFO[locale].intl, { dateStyle: 'full', timeStyle: 'short' }).format(
    new Date(start),
  );
  return fmt(texts.booked, { time });
}
