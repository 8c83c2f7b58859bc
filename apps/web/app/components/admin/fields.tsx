import { useId } from 'react';
import { Field, type FieldFrameProps, inputClass, SelectField, TextAreaField, TextField } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';

/*
 * The admin area's fields: the site's field kit (components/ui/form.tsx) where `required` also
 * marks the label with an asterisk, since admin forms mix required and optional fields. An error
 * may be a rules' English text (a shared check's, the server's): it is shown in the page's language.
 */

export { Field, FieldError, inputClass, RequiredMark } from '~/components/ui/form';

export function TextInput(props: React.ComponentProps<typeof TextField>) {
  const { tr } = useI18n();
  return <TextField requiredMark={props.required} {...props} error={props.error && tr(props.error)} />;
}

export function TextArea(props: React.ComponentProps<typeof TextAreaField>) {
  const { tr } = useI18n();
  return <TextAreaField requiredMark={props.required} {...props} error={props.error && tr(props.error)} />;
}

export function SelectInput(props: React.ComponentProps<typeof SelectField>) {
  const { tr } = useI18n();
  return <SelectField requiredMark={props.required} {...props} error={props.error && tr(props.error)} />;
}

/** A price in AED (AED everywhere, docs/product.md#money); 0 means 'POA'. */
export function PriceInput({
  label,
  error,
  hint,
  className,
  onValue,
  ...input
}: Partial<FieldFrameProps> &
  Omit<React.InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> & { onValue?: (value: string) => void }) {
  const { t, tr } = useI18n();
  return (
    <Field
      label={label ?? t.adminUi.priceAed}
      error={error && tr(error)}
      hint={hint}
      requiredMark={input.required}
      className={className}
    >
      {(control) => (
        <div className="relative">
          <span
            aria-hidden="true"
            className="pointer-events-none absolute inset-y-0 start-0 flex items-center ps-3.5 text-sm font-semibold text-slate-600"
          >
            {t.adminUi.aed}
          </span>
          <input
            type="number"
            inputMode="decimal"
            min={0}
            step="0.01"
            {...input}
            {...control}
            onChange={onValue ? (e) => onValue(e.target.value) : input.onChange}
            className={`${inputClass} ps-14`}
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
          className="pointer-events-none absolute top-0.5 start-0.5 h-5 w-5 rounded-full bg-white shadow transition-transform peer-checked:translate-x-5 rtl:peer-checked:-translate-x-5 motion-reduce:transition-none"
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
