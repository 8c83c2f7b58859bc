import type { CountryCode } from '@oasis/shared/country-codes';
import type {
  ConsultationField,
  ContactField,
  InvestmentAmount,
  InvestmentInterest,
  PreferredTime,
  QueryType,
} from '@oasis/shared/lead-rules';
import { useCallback, useId, useRef, useState } from 'react';
import { buttonClass } from '~/components/ui/button';
import { type I18n, useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import { type ErrorRefLike, errorText } from '~/lib/error-text';

/*
 * Pieces shared by the contact and consultation forms, beside the site's field kit
 * (components/ui/form.tsx).
 */

/** The country list (United Arab Emirates first); the value is the ISO code, unique even where dial codes repeat. */
export function CountryCodeOptions({ countries }: { countries: readonly CountryCode[] }) {
  const { t, fmt } = useI18n();
  return countries.map((c) => (
    <option key={c.iso} value={c.iso}>
      {fmt(t.leadForm.countryOption, { name: c.name, dial: c.dial })}
    </option>
  ));
}

type LeadFormText = keyof I18n['t']['leadForm'];

/** The name on screen of each choice; the value sent stays the English one the server takes. */
const CHOICES: Record<QueryType | InvestmentInterest | InvestmentAmount | PreferredTime, LeadFormText> = {
  consultation: 'queryConsultation',
  course: 'queryCourse',
  Investment: 'interestInvestment',
  Relocation: 'interestRelocation',
  'Holiday Home': 'interestHolidayHome',
  '1m-2m': 'amount1to2',
  '3m-5m': 'amount3to5',
  '6m+': 'amount6plus',
  'Weekday AM': 'timeWeekdayAm',
  'Weekday PM': 'timeWeekdayPm',
  'Weekend AM': 'timeWeekendAm',
  'Weekend PM': 'timeWeekendPm',
};

/** A select's options for choices, named in the page's language. */
export function useChoices() {
  const { t } = useI18n();
  return (values: readonly (keyof typeof CHOICES)[]) =>
    values.map((value) => ({ value, label: t.leadForm[CHOICES[value]] }));
}

/**
 * A field people never see (moved off screen, hidden from assistive technology, skipped by Tab).
 * Bots that fill every field fill it too; the server then quietly drops the submission.
 */
export function Honeypot({ inputRef, name }: { inputRef: React.Ref<HTMLInputElement>; name: string }) {
  const { t } = useI18n();
  return (
    <div
      aria-hidden="true"
      className="pointer-events-none absolute -start-[10000px] top-auto h-px w-px overflow-hidden"
    >
      <label>
        {t.leadForm.honeypot}
        <input ref={inputRef} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export const submitClass = buttonClass('secondary', 'md', 'px-7');

/** The dial code of the chosen country (the first in the list when the choice is unknown). */
function dialCode(countries: readonly CountryCode[], iso: string): string {
  return (countries.find((c) => c.iso === iso) ?? countries[0])?.dial ?? '';
}

type FormLogic = typeof import('./form-logic');

let pending: Promise<FormLogic> | undefined;

/** The forms' checks and sending (form-logic.ts), fetched once; a failed fetch is tried again next time. */
function loadFormLogic(): Promise<FormLogic> {
  pending ??= import('./form-logic').catch((error: unknown) => {
    pending = undefined;
    throw error;
  });
  return pending;
}

/**
 * A form's access to form-logic.ts: `prepare` starts loading it (call it on the form's first focus
 * or pointer press, so it is there by the time the visitor submits), `get` waits for it, and
 * `logic.current` holds it once loaded (checks while typing run only after a submit loaded it).
 */
function useFormLogic() {
  const logic = useRef<FormLogic | null>(null);
  const prepare = useCallback(() => {
    loadFormLogic().then(
      (loaded) => {
        logic.current = loaded;
      },
      () => {
        // Offline: `get` tries again at submit and the form shows its failure message.
      },
    );
  }, []);
  const get = useCallback(async () => {
    logic.current ??= await loadFormLogic();
    return logic.current;
  }, []);
  return { logic, prepare, get };
}

/** One lead form's kind: where it posts, how its values are checked (with the loaded checks). */
export interface LeadFormKind<V, F extends ContactField | ConsultationField> {
  path: '/contact' | '/consultations' | '/booking';
  /** The body to send and what is wrong with it; `dial` is the chosen country's dial code. */
  check(logic: FormLogic, values: V, dial: string): { payload: object; errors: Partial<Record<F, ErrorRefLike>> };
  /** The field whose message a value belongs to (a country and its number share one). */
  errorKey(field: keyof V): F;
}

/**
 * The state and sending of a lead form, on the forms' submit hook (`useSubmit`): values, field
 * errors (re-checked as the visitor fixes a flagged field), the honeypot, `busy` while posting,
 * `problem` (why the last send failed, in the page's language) and `send`, which checks, focuses
 * the first problem, then posts.
 */
export function useLeadForm<V extends { country: string }, F extends ContactField | ConsultationField>(
  kind: LeadFormKind<V, F>,
  data: { countries: readonly CountryCode[]; honeypot: string; failed: string },
  initial: () => V,
) {
  const uid = useId();
  const { tr, locale } = useI18n();
  const {
    form: formRef,
    busy,
    errors,
    setErrors,
    problem,
    setProblem,
    refuse,
    run,
  } = useSubmit<Partial<Record<F, ErrorRefLike>>>();
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<V>(initial);
  const { logic, prepare, get } = useFormLogic();
  const check = (checks: FormLogic, v: V) => kind.check(checks, v, dialCode(data.countries, v.country));

  const set = (field: keyof V) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    // Once a field has been flagged (which loaded the checks), re-check it as the visitor fixes it.
    const key = kind.errorKey(field);
    if (!errors[key] || !logic.current) return;
    const found = check(logic.current, next).errors;
    setErrors((prev) => ({ ...prev, [key]: found[key] }));
  };

  /**
   * Checks and sends the form; `sent` runs once the lead is stored. A refusal marks the fields
   * (focus on the first); a failure sets `problem`. A send while one is posting is dropped.
   */
  async function send(sent: () => void) {
    setProblem(null);
    let checks: FormLogic;
    try {
      checks = await get();
    } catch {
      setProblem(tr(data.failed));
      return;
    }
    const { payload, errors: found } = check(checks, values);
    if (Object.keys(found).length > 0) return refuse(found);
    setErrors(found);
    await run(async () => {
      const failure = await checks.postLead<F>(
        kind.path,
        { ...payload, [data.honeypot]: honeypotRef.current?.value ?? '' },
        data.failed,
      );
      if (!failure) sent();
      else if (Object.keys(failure.errors).length > 0) refuse(failure.errors, tr(failure.message));
      else setProblem(tr(failure.message));
    });
  }

  /** The id of the control for a field name (unique on the page: a page may hold two forms). */
  const id = (name: string) => `${uid}-${name}`;

  /** The props that tie a control to `values[key]`: id, name, value, change handler and message. */
  const field = (key: keyof V & string) => {
    const name = kind.errorKey(key);
    const error = errors[name];
    return {
      id: id(name),
      name,
      value: String(values[key]),
      onValue: set(key),
      error: error && errorText(error, locale),
    };
  };

  return { formRef, honeypotRef, values, setValues, errors, setErrors, busy, problem, set, id, field, prepare, send };
}
