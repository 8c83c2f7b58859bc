import { useId } from 'react';
import { buttonClass } from './button';
import { Icon } from './core';

/*
 * The form kit of the site: labelled fields, form messages, the spinner and the busy button.
 * One labelled-field kit (public lead forms, sign-in, the learner's profile and the
 * admin area). Every control has a visible label; its hint and error are tied to it with
 * aria-describedby, and an error sets aria-invalid (which also turns the border red: `.field-input`
 * in app.css, where the class lists live so they stay out of the JavaScript).
 */

export const inputClass = 'field-input';
export const labelClass = 'field-label';

const hintId = (id: string) => `${id}-hint`;
const errorId = (id: string) => `${id}-error`;

/** aria-describedby for control `id`: its error (if any), then its hint (unless it says the same). */
export function describedBy(id: string, { hint, error }: { hint?: React.ReactNode; error?: string }) {
  const ids = [error ? errorId(id) : null, hint && hint !== error ? hintId(id) : null].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}

/** The props that tie a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

export function controlProps(id: string, hint?: React.ReactNode, error?: string): ControlProps {
  return { id, 'aria-describedby': describedBy(id, { hint, error }), 'aria-invalid': error ? true : undefined };
}

export function FieldHint({ id, children }: { id: string; children: React.ReactNode }) {
  return (
    <p id={hintId(id)} className="mt-1.5 text-sm text-slate-600">
      {children}
    </p>
  );
}

/** The error under control `id` (nothing when there is none); the icon means colour is not the only cue. */
export function FieldError({ id, error }: { id: string; error: string | undefined | null }) {
  if (!error) return null;
  return (
    <p id={errorId(id)} className="mt-1.5 flex items-start gap-1.5 text-sm font-medium text-red-700">
      <Icon name="alert" className="mt-0.5 h-4 w-4 shrink-0" />
      <span>{error}</span>
    </p>
  );
}

/** A red asterisk after a label (decorative: the control itself says it is required). */
export function RequiredMark() {
  return (
    <span className="ms-1 text-red-700" aria-hidden="true">
      *
    </span>
  );
}

export interface FieldFrameProps {
  label: React.ReactNode;
  error?: string;
  hint?: React.ReactNode;
  /** A fixed id for the control (the forms that build ids from field names); otherwise one is made. */
  id?: string;
  /** Shows a red asterisk after the label (forms that mix required and optional fields). */
  requiredMark?: boolean;
  className?: string;
}

/** A label, a control (given the props that tie it to the rest), then its hint and error. */
export function Field({
  label,
  error,
  hint,
  id: fixedId,
  requiredMark,
  className,
  children,
}: FieldFrameProps & { children: (control: ControlProps) => React.ReactNode }) {
  const madeId = useId();
  const id = fixedId ?? madeId;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {requiredMark && <RequiredMark />}
      </label>
      {children(controlProps(id, hint, error))}
      {/* An error that says what the hint says replaces it: the words show once, as the error. */}
      {hint && hint !== error && <FieldHint id={id}>{hint}</FieldHint>}
      <FieldError id={id} error={error} />
    </div>
  );
}

export type InputProps = FieldFrameProps &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & {
    /** Called with the new value (a shorthand for onChange). */
    onValue?: (value: string) => void;
    ref?: React.Ref<HTMLInputElement>;
  };

/** Splits a field's own props from those of its control. */
export function frame<T extends FieldFrameProps>({ label, error, hint, id, requiredMark, className, ...control }: T) {
  return { frame: { label, error, hint, id, requiredMark, className }, control };
}

export function TextField(props: InputProps) {
  const { frame: f, control } = frame(props);
  const { onValue, onChange, ...input } = control;
  return (
    <Field {...f}>
      {(tie) => (
        <input
          type="text"
          {...input}
          {...tie}
          onChange={onValue ? (e) => onValue(e.target.value) : onChange}
          className={inputClass}
        />
      )}
    </Field>
  );
}

type TextAreaProps = FieldFrameProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> & {
    onValue?: (value: string) => void;
  };

export function TextAreaField(props: TextAreaProps) {
  const { frame: f, control } = frame(props);
  const { onValue, onChange, rows = 4, ...textarea } = control;
  return (
    <Field {...f}>
      {(tie) => (
        <textarea
          rows={rows}
          {...textarea}
          {...tie}
          onChange={onValue ? (e) => onValue(e.target.value) : onChange}
          className={`${inputClass} resize-y`}
        />
      )}
    </Field>
  );
}

type Option = string | { value: string; label: string };

type SelectProps = FieldFrameProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    onValue?: (value: string) => void;
    /** The choices; or pass <option>s as children. */
    options?: readonly Option[];
    /** A first, empty choice ('Select…') so nothing is chosen for the visitor. */
    placeholder?: string;
  };

export function SelectField(props: SelectProps) {
  const { frame: f, control } = frame(props);
  const { onValue, onChange, options, placeholder, children, ...select } = control;
  return (
    <Field {...f}>
      {(tie) => (
        <select
          {...select}
          {...tie}
          onChange={onValue ? (e) => onValue(e.target.value) : onChange}
          className={`${inputClass} pe-8`}
        >
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options?.map((option) => {
            const { value, label } = typeof option === 'string' ? { value: option, label: option } : option;
            return (
              <option key={value} value={value}>
                {label}
              </option>
            );
          })}
          {children}
        </select>
      )}
    </Field>
  );
}

/** A form-level message: an error (alert) or a notice (status), announced when it appears. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success' | 'info'; children: React.ReactNode }) {
  const styles = {
    error: 'border-red-200 bg-red-50 text-red-800',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-brand-yellow/60 bg-brand-sand text-slate-800',
  }[tone];
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg border px-4 py-3 text-sm font-medium ${styles}`}
    >
      {children}
    </div>
  );
}

/**
 * A turning ring for work under way (`.spinner` in app.css: CSS, so public pages carry no SVG for
 * it). Decorative: the text beside it says what is happening. Size it with classes, e.g. `h-7 w-7`.
 */
export function Spinner({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`spinner ${className}`} />;
}

/**
 * A button whose action takes a while (save, delete, upload): disabled meanwhile, with a spinner
 * and a label that says what is happening ('Saving...').
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  type = 'submit',
  onClick,
  disabled = false,
  className = buttonClass('secondary', 'md'),
}: {
  busy: boolean;
  busyLabel: string;
  children: React.ReactNode;
  type?: 'submit' | 'button';
  onClick?: () => void;
  /** Disabled for another reason too (an empty form, say). */
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type={type}
      onClick={onClick}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner className="h-4 w-4" />}
      {busy ? busyLabel : children}
    </button>
  );
}
