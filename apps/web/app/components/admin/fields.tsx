import { useId } from 'react';

/** Ids and ARIA wiring of one form control: its label, its hint and its error (aria-describedby). */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

interface FieldProps {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  required?: boolean;
  className?: string;
  /** The control, given the props that tie it to the label, hint and error. */
  children: (control: ControlProps) => React.ReactNode;
}

export const CONTROL =
  'block w-full rounded-lg border bg-white px-3.5 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-brand-green focus:outline-none disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500';

export function controlClass(error?: string) {
  return `${CONTROL} ${error ? 'border-red-600' : 'border-slate-300'}`;
}

/** A labelled form control with its hint and error; an error marks it invalid for assistive technology. */
export function Field({ label, error, hint, required, className = '', children }: FieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-slate-800">
        {label}
        {required && <RequiredMark />}
      </label>
      {children({
        id,
        'aria-describedby': describedBy,
        'aria-invalid': error ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hint && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          {hint}
        </p>
      )}
      <FieldError id={errorId} error={error} />
    </div>
  );
}

export function RequiredMark() {
  return (
    <span className="ml-1 text-red-700" aria-hidden="true">
      *
    </span>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <p id={id} className="mt-1.5 text-sm font-medium text-red-700">
      {error}
    </p>
  );
}

type InputProps = Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id'> & {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  ref?: React.Ref<HTMLInputElement>;
};

export function TextInput({ label, error, hint, required, className, ...input }: InputProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <input type="text" {...control} {...input} className={controlClass(error)} />}
    </Field>
  );
}

type TextAreaProps = Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> & {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
};

export function TextArea({ label, error, hint, required, className, rows = 4, ...input }: TextAreaProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => <textarea rows={rows} {...control} {...input} className={controlClass(error)} />}
    </Field>
  );
}

type SelectProps = Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id'> & {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  children: React.ReactNode;
};

export function SelectInput({ label, error, hint, required, className, children, ...select }: SelectProps) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <select {...control} {...select} className={controlClass(error)}>
          {children}
        </select>
      )}
    </Field>
  );
}

/** A price in AED (never ₹: DECISIONS.md); 0 means 'POA'. */
export function PriceInput({ label = 'Price (AED)', error, hint, required, className, ...input }: Partial<InputProps>) {
  return (
    <Field label={label} error={error} hint={hint} required={required} className={className}>
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 left-0 flex items-center pl-3.5 text-sm font-semibold text-slate-600"
          >
            AED
          </span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...control}
            {...input}
            className={`${controlClass(error)} pl-14`}
          />
        </div>
      )}
    </Field>
  );
}

/** An on/off switch that is a real checkbox underneath (Space toggles it; state is announced). */
export function Toggle({
  label,
  hint,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange(checked: boolean): void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3">
      <span className="relative mt-0.5 inline-flex shrink-0">
        <input
          id={id}
          type="checkbox"
          role="switch"
          aria-checked={checked}
          checked={checked}
          disabled={disabled}
          aria-describedby={hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.checked)}
          className="peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors checked:bg-brand-green disabled:cursor-not-allowed disabled:opacity-60 motion-reduce:transition-none"
        />
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-0.5 left-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5 motion-reduce:transition-none"
        />
      </span>
      <span>
        <label htmlFor={id} className="cursor-pointer font-semibold text-slate-800">
          {label}
        </label>
        {hint && (
          <span id={`${id}-hint`} className="block text-sm text-slate-600">
            {hint}
          </span>
        )}
      </span>
    </div>
  );
}
