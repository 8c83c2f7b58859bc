import { useState } from 'react';
import { useI18n } from '~/lib/i18n';
import { Field, frame, type InputProps, inputClass, TextField } from './form';

/*
 * The sign-in fields, apart from the field kit so public pages (whose lead forms use the kit) do
 * not carry them.
 */

/** A password input with a Show/Hide toggle (a button, so it works from the keyboard). */
export function PasswordField(props: Omit<InputProps, 'type' | 'label'> & { label: string }) {
  const { frame: f, control } = frame(props);
  const { onValue, onChange, ...input } = control;
  const [visible, setVisible] = useState(false);
  const { t, fmt } = useI18n();
  const field = props.label.toLowerCase();
  return (
    <Field {...f}>
      {(tie) => (
        <div className="relative">
          <input
            {...input}
            {...tie}
            type={visible ? 'text' : 'password'}
            onChange={onValue ? (e) => onValue(e.target.value) : onChange}
            className={`${inputClass} pe-20`}
          />
          <button
            type="button"
            onClick={() => setVisible((v) => !v)}
            aria-pressed={visible}
            aria-label={fmt(visible ? t.account.hideField : t.account.showField, { field })}
            className="absolute inset-y-1.5 end-1.5 rounded-md px-3 text-sm font-semibold text-brand-green hover:bg-brand-mist"
          >
            {visible ? t.account.hide : t.account.show}
          </button>
        </div>
      )}
    </Field>
  );
}

/** An e-mail address field: its label, name, keyboard and autofill set (override any of them). */
export function EmailField(props: Omit<InputProps, 'label' | 'type'> & { label?: string }) {
  const { t } = useI18n();
  return (
    <TextField
      label={t.account.email}
      name="email"
      type="email"
      inputMode="email"
      autoComplete="email"
      dir="ltr"
      {...props}
    />
  );
}
