import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_COUNTRY, findCountry } from '@oasis/shared/country-codes';
import {
  type ConsultationField,
  HONEYPOT_FIELD,
  INVESTMENT_AMOUNTS,
  INVESTMENT_INTERESTS,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  normalizePhone,
  PREFERRED_TIMES,
  validateConsultationForm,
} from '@oasis/shared/lead-rules';
import { LIMITS } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import { ApiRequestError, api } from '~/lib/api';
import {
  CountryCodeOptions,
  describedBy,
  FieldError,
  focusFirstError,
  Honeypot,
  inputClass,
  labelClass,
  SelectField,
  Spinner,
  submitClass,
  TextField,
} from './fields';

interface Values {
  fullName: string;
  email: string;
  /** ISO code of the chosen country; the phone sent is its dial code followed by the number. */
  country: string;
  phoneNumber: string;
  investmentInterest: string;
  investmentAmount: string;
  preferredTime: string;
}

const EMPTY: Values = {
  fullName: '',
  email: '',
  country: DEFAULT_COUNTRY.iso,
  phoneNumber: '',
  investmentInterest: '',
  investmentAmount: '',
  preferredTime: '',
};

const toPayload = (values: Values) => ({
  fullName: values.fullName,
  email: values.email,
  phone: `${(findCountry(values.country) ?? DEFAULT_COUNTRY).dial}${normalizePhone(values.phoneNumber)}`,
  investmentInterest: values.investmentInterest,
  investmentAmount: values.investmentAmount,
  preferredTime: values.preferredTime,
});

type Status = 'idle' | 'sending' | 'thanks' | 'failure';

/**
 * The consultation booking form (spec §2, §5, §8, §9): inline on /consult and inside
 * ConsultationModal. After a request is stored it thanks the visitor and promises a reply within
 * 24 business hours; 5 seconds later (or when they click Close) it resets and calls `onDone`.
 */
export function ConsultationForm({
  onDone,
  submitLabel = 'Book Free Consultation',
}: {
  onDone?: () => void;
  submitLabel?: string;
}) {
  const uid = useId();
  const id = (field: string) => `${uid}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<ConsultationField, string>>>({});
  const [status, setStatus] = useState<Status>('idle');
  const [failure, setFailure] = useState('');

  // Read through a ref: a parent that re-renders with a new callback must not restart the 5 s timer.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const finish = useCallback(() => {
    setValues(EMPTY);
    setErrors({});
    setStatus('idle');
    onDoneRef.current?.();
  }, []);

  useEffect(() => {
    if (status !== 'thanks') return;
    thanksRef.current?.focus();
    const timer = setTimeout(finish, LIMITS.consultationThanksCloseMs);
    return () => clearTimeout(timer);
  }, [status, finish]);

  const set = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value };
    setValues(next);
    const key = (field === 'country' || field === 'phoneNumber' ? 'phone' : field) as ConsultationField;
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: validateConsultationForm(toPayload(next))[key] }));
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const payload = toPayload(values);
    const found = validateConsultationForm(payload);
    setErrors(found);
    setFailure('');
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setStatus('sending');
    try {
      await api('/consultations', {
        method: 'POST',
        auth: false,
        body: { ...payload, [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '' },
      });
      setStatus('thanks');
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.errors).length > 0) {
        setErrors(error.errors as Partial<Record<ConsultationField, string>>);
        requestAnimationFrame(() => focusFirstError(formRef.current));
      }
      setStatus('failure');
      setFailure(
        error instanceof ApiRequestError && error.status === 429
          ? MESSAGES.tooManyRequests
          : LEAD_MESSAGES.consultationFailed,
      );
    }
  }

  if (status === 'thanks') {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-green text-white">
          <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-7 w-7">
            <path
              d="m5 12.5 4.5 4.5L19 7.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.5"
              strokeLinecap="round"
            />
          </svg>
        </span>
        <h3 ref={thanksRef} tabIndex={-1} className="text-2xl font-semibold text-brand-green">
          {LEAD_MESSAGES.consultationThanksTitle}
        </h3>
        <p className="max-w-sm text-slate-700">{LEAD_MESSAGES.consultationThanks}</p>
        <button type="button" onClick={finish} className={submitClass}>
          Close
        </button>
      </div>
    );
  }

  const sending = status === 'sending';
  const phoneError = errors.phone;
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="relative grid gap-5">
      <TextField
        id={id('fullName')}
        label="Full name"
        name="fullName"
        autoComplete="name"
        required
        maxLength={LEAD_LIMITS.fullName}
        value={values.fullName}
        onValue={set('fullName')}
        error={errors.fullName}
      />
      <TextField
        id={id('email')}
        label="Email"
        name="email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={LEAD_LIMITS.email}
        value={values.email}
        onValue={set('email')}
        error={errors.email}
      />
      <fieldset>
        <legend className={labelClass}>Phone</legend>
        <div className="grid gap-2 sm:grid-cols-[minmax(0,11rem)_1fr]">
          <div>
            <label htmlFor={id('country')} className="sr-only">
              Country code
            </label>
            <select
              id={id('country')}
              name="country"
              autoComplete="tel-country-code"
              value={values.country}
              onChange={(e) => set('country')(e.target.value)}
              className={`${inputClass} pr-8`}
            >
              <CountryCodeOptions />
            </select>
          </div>
          <div>
            <label htmlFor={id('phone')} className="sr-only">
              Phone number
            </label>
            <input
              id={id('phone')}
              name="phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel-national"
              required
              maxLength={20}
              placeholder="50 123 4567"
              value={values.phoneNumber}
              onChange={(e) => set('phoneNumber')(e.target.value)}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={describedBy(id('phone'), false, phoneError)}
              className={inputClass}
            />
          </div>
        </div>
        <FieldError id={id('phone')} error={phoneError} />
      </fieldset>
      <SelectField
        id={id('investmentInterest')}
        label="Investment interest"
        name="investmentInterest"
        required
        placeholder="Select your interest"
        options={INVESTMENT_INTERESTS}
        value={values.investmentInterest}
        onValue={set('investmentInterest')}
        error={errors.investmentInterest}
      />
      <SelectField
        id={id('investmentAmount')}
        label="Investment amount (AED)"
        name="investmentAmount"
        required
        placeholder="Select an amount"
        options={INVESTMENT_AMOUNTS}
        value={values.investmentAmount}
        onValue={set('investmentAmount')}
        error={errors.investmentAmount}
      />
      <SelectField
        id={id('preferredTime')}
        label="Preferred time for a call"
        name="preferredTime"
        required
        placeholder="Select a time"
        options={PREFERRED_TIMES}
        value={values.preferredTime}
        onValue={set('preferredTime')}
        error={errors.preferredTime}
      />
      <Honeypot inputRef={honeypotRef} />
      {failure && (
        <p
          role="alert"
          className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm font-semibold text-red-800"
        >
          {failure}
        </p>
      )}
      <button type="submit" disabled={sending} className={`${submitClass} w-full`}>
        {sending && <Spinner />}
        {sending ? 'Sending...' : submitLabel}
      </button>
    </form>
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([tabindex="-1"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * The booking form in a modal dialog (home and /consult). A native <dialog> opened with
 * showModal(): the page behind is inert, Escape and a click on the backdrop close it, Tab stays
 * inside, the page does not scroll behind it, and focus goes back to where it was on close.
 */
export function ConsultationModal({
  open,
  onClose,
  title = 'Book Your Free Consultation',
}: {
  open: boolean;
  onClose: () => void;
  title?: string;
}) {
  if (!open) return null;
  return <ConsultationDialog onClose={onClose} title={title} />;
}

function ConsultationDialog({ onClose, title }: { onClose: () => void; title: string }) {
  const titleId = useId();
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    // Keep the page from jumping sideways when its scrollbar disappears.
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      opener?.focus();
    };
  }, []);

  const onKeyDown = (event: React.KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter(
      (el) => !el.closest('[aria-hidden="true"]'),
    );
    if (items.length === 0) return;
    const first = items[0]!;
    const last = items[items.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: let React state close it, so the parent stays in charge.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // The dialog box itself has no padding: a click on the element is a click on the backdrop.
        if (event.target === ref.current) onClose();
      }}
      onKeyDown={onKeyDown}
      className="m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 backdrop:backdrop-blur-sm"
    >
      <div className="relative p-6 sm:p-8">
        <div className="mb-6 flex items-start justify-between gap-4">
          <div>
            <h2 id={titleId} className="text-2xl font-semibold text-brand-green">
              {title}
            </h2>
            <p className="mt-1 text-sm text-slate-600">All fields are required. We reply within 24 business hours.</p>
          </div>
          <button
            type="button"
            onClick={onClose}
            aria-label="Close"
            className="-mt-1 -mr-2 rounded-full p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-900"
          >
            <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" className="h-6 w-6">
              <path d="M6 6l12 12M18 6 6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
        <ConsultationForm onDone={onClose} />
      </div>
    </dialog>
  );
}
