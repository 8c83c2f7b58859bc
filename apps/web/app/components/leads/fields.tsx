import { COUNTRY_CODES } from '@oasis/shared/country-codes';
import { HONEYPOT_FIELD } from '@oasis/shared/lead-rules';

/*
 * Small form pieces shared by the contact and consultation forms. Every control has a visible
 * label; hints and errors are tied to it with aria-describedby, and errors set aria-invalid.
 */

export const inputClass =
  'block w-full rounded-lg border border-slate-300 bg-white px-3.5 py-2.5 text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-green focus:outline-none aria-[invalid=true]:border-red-700 aria-[invalid=true]:bg-red-50/40 disabled:bg-slate-100';
export const labelClass = 'mb-1.5 block text-sm font-semibold text-slate-800';

export const hintId = (id: string) => `${id}-hint`;
export const errorId = (id: string) => `${id}-error`;

/** aria-describedby for a control: its hint (if any), then its error (if any). Pass hint=false when the error repeats it. */
export function describedBy(id: string, hint: boolean, error: string | undefined): string | undefined {
  const ids = [hint ? hintId(id) : null, error ? errorId(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

export function FieldHint({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={hintId(id)} className="mt-1.5 text-sm text-slate-600">
      {children}
    </p>
  );
}

export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <svg aria-hidden="true" focusable="false" viewBox="0 0 20 20" className="mt-0.5 h-4 w-4 shrink-0 fill-current">
        <path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.2H9.1V6Zm0 6.8h1.8v1.8H9.1v-1.8Z" />
      </svg>
      <span>{error}</span>
    </p>
  );
}

interface TextFieldProps extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string;
  hint?: React.ReactNode;
}

export function TextField({ id, label, value, onValue, error, hint, className, ...rest }: TextFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input
        {...rest}
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint) && hint !== error, error)}
        className={inputClass}
      />
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} error={error} />
    </div>
  );
}

interface SelectFieldProps extends Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  options: readonly (string | { value: string; label: string })[];
  /** A first, empty choice ('Select…') so nothing is chosen for the visitor. */
  placeholder?: string;
  error?: string;
  hint?: React.ReactNode;
}

export function SelectField({
  id,
  label,
  value,
  onValue,
  options,
  placeholder,
  error,
  hint,
  className,
  ...rest
}: SelectFieldProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        {...rest}
        id={id}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, Boolean(hint) && hint !== error, error)}
        className={`${inputClass} pr-8`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => {
          const { value: v, label: l } = typeof option === 'string' ? { value: option, label: option } : option;
          return (
            <option key={v} value={v}>
              {l}
            </option>
          );
        })}
      </select>
      {hint && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** The country list (United Arab Emirates first); the value is the ISO code, unique even where dial codes repeat. */
export function CountryCodeOptions() {
  return COUNTRY_CODES.map((c) => (
    <option key={c.iso} value={c.iso}>
      {`${c.name} (${c.dial})`}
    </option>
  ));
}

/**
 * A field people never see (moved off screen, hidden from assistive technology, skipped by Tab).
 * Bots that fill every field fill it too; the server then quietly drops the submission.
 */
export function Honeypot({ inputRef }: { inputRef: React.Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Website
        <input ref={inputRef} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function Spinner() {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-4 w-4 animate-spin motion-reduce:hidden">
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeOpacity="0.3" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export const submitClass =
  'inline-flex items-center justify-center gap-2 rounded-full bg-brand-green px-7 py-3 font-semibold text-white shadow-sm transition-colors hover:bg-brand-green-light disabled:cursor-not-allowed disabled:opacity-70 motion-reduce:transition-none';

/** Moves focus to the first field with an error, so keyboard and screen-reader users land on it. */
export function focusFirstError(form: HTMLFormElement | null) {
  const first = form?.querySelector<HTMLElement>('[aria-invalid="true"]');
  first?.focus();
}
