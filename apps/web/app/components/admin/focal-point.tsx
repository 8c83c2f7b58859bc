import { useId } from 'react';
import { CENTRE, type FocalPoint } from '@oasis/shared/selling';
import { useI18n } from '~/lib/i18n';
import { TextInput } from './fields';
import { clampPercent, focusAfterKey } from './focal-point-keys';
import { useObjectUrl } from './use-object-url';

/**
 * Where the subject of an image is (a face, a building), so that every crop of it keeps it in
 * view: the owner clicks or taps it on the whole picture; keyboard users move the point with the
 * arrow keys (Shift: by 10 %, Home: centre) or type it in the two fields. Two small crops show the
 * effect. Nothing shows until there is an image (the chosen file, or the stored one).
 */
export function FocalPointPicker({
  file,
  currentUrl,
  value,
  onChange,
  errorX,
  errorY,
  disabled,
}: {
  file: File | null;
  currentUrl?: string | null;
  value: FocalPoint;
  onChange(focus: FocalPoint): void;
  errorX?: string;
  errorY?: string;
  disabled?: boolean;
}) {
  const { t, fmt } = useI18n();
  const copy = t.adminMentor;
  const id = useId();
  // The chosen file while it is chosen, else the stored image.
  const shown = useObjectUrl(file) ?? currentUrl ?? null;
  if (!shown) return null;
  const position = `${value.x}% ${value.y}%`;
  const label = fmt(copy.focusPicker, { x: value.x, y: value.y });

  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" disabled={disabled}>
      <legend className="px-1 text-sm font-semibold text-slate-800">{copy.focusTitle}</legend>
      <p id={`${id}-hint`} className="mb-3 text-sm text-slate-600">
        {copy.focusHint}
      </p>
      <div className="flex flex-col gap-4 md:flex-row md:items-start">
        <button
          type="button"
          aria-label={label}
          aria-describedby={`${id}-hint`}
          data-focus-picker=""
          className="relative block w-full max-w-md shrink-0 cursor-crosshair overflow-hidden rounded-lg border border-slate-300 bg-slate-100 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-green"
          onClick={(event) => {
            // A keyboard "click" (Enter, Space) has no position: the arrow keys move the point.
            if (event.detail === 0) return;
            const box = event.currentTarget.getBoundingClientRect();
            if (!box.width || !box.height) return;
            onChange({
              x: clampPercent(((event.clientX - box.left) / box.width) * 100),
              y: clampPercent(((event.clientY - box.top) / box.height) * 100),
            });
          }}
          onKeyDown={(event) => {
            const next = focusAfterKey(value, event.key, event.shiftKey);
            if (!next) return;
            event.preventDefault();
            onChange(next);
          }}
        >
          <img src={shown} alt="" className="block h-auto w-full select-none" draggable={false} />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute h-6 w-6 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-brand-green/60 shadow-[0_0_0_2px_rgba(0,0,0,0.6)]"
            style={{ left: `${value.x}%`, top: `${value.y}%` }}
          />
        </button>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <div className="grid grid-cols-2 gap-3">
            {(
              [
                ['x', 'focusX', copy.focusX, errorX],
                ['y', 'focusY', copy.focusY, errorY],
              ] as const
            ).map(([axis, name, label, error]) => (
              <TextInput
                key={axis}
                label={label}
                name={name}
                type="number"
                inputMode="decimal"
                min={0}
                max={100}
                step={1}
                value={String(value[axis])}
                onValue={(text) => onChange({ ...value, [axis]: clampPercent(Number(text)) })}
                error={error}
              />
            ))}
          </div>
          <div aria-hidden="true" className="flex items-end gap-3">
            <img
              src={shown}
              alt=""
              className="h-20 w-20 rounded-md object-cover"
              style={{ objectPosition: position }}
            />
            <img
              src={shown}
              alt=""
              className="h-20 w-36 rounded-md object-cover"
              style={{ objectPosition: position }}
            />
            <img
              src={shown}
              alt=""
              className="h-24 w-14 rounded-md object-cover"
              style={{ objectPosition: position }}
            />
          </div>
          <div>
            <button
              type="button"
              className="rounded-md text-sm font-semibold text-brand-green underline underline-offset-2 hover:text-brand-green-light"
              onClick={() => onChange(CENTRE)}
            >
              {copy.focusReset}
            </button>
          </div>
        </div>
      </div>
    </fieldset>
  );
}
