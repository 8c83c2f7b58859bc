import { useEffect, useId, useRef, useState } from 'react';
import { DEFAULT_COUNTRY, findCountry } from '@oasis/shared/country-codes';
import {
  type ContactField,
  HONEYPOT_FIELD,
  LEAD_LIMITS,
  LEAD_MESSAGES,
  QUERY_TYPE_LABELS,
  QUERY_TYPES,
  type QueryType,
  validateContactForm,
} from '@oasis/shared/lead-rules';
import { LIMITS } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import { ApiRequestError, api } from '~/lib/api';
import {
  CountryCodeOptions,
  describedBy,
  FieldError,
  FieldHint,
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
  first_name: string;
  last_name: string;
  user_email: string;
  /** ISO code of the chosen country; its dial code is sent as country_code. */
  country: string;
  phone_number: string;
  message: string;
  query_type: QueryType;
}

type Status = 'idle' | 'sending' | 'success' | 'failure';

const emptyValues = (queryType: QueryType): Values => ({
  first_name: '',
  last_name: '',
  user_email: '',
  country: DEFAULT_COUNTRY.iso,
  phone_number: '',
  message: '',
  query_type: queryType,
});

const toPayload = (values: Values) => ({
  first_name: values.first_name,
  last_name: values.last_name,
  user_email: values.user_email,
  country_code: (findCountry(values.country) ?? DEFAULT_COUNTRY).dial,
  phone_number: values.phone_number,
  message: values.message,
  query_type: values.query_type,
});

/**
 * The /contact form (spec §2, §4, §5, §8): checked in the browser with the same rules the server
 * applies, posted to POST /api/contact. 'Sending...' disables the button; the result is announced
 * in a live region and cleared after 5 seconds.
 */
export function ContactForm({ defaultQueryType = 'consultation' }: { defaultQueryType?: 'consultation' | 'course' }) {
  const uid = useId();
  const id = (field: string) => `${uid}-${field}`;
  const formRef = useRef<HTMLFormElement>(null);
  const honeypotRef = useRef<HTMLInputElement>(null);
  const [values, setValues] = useState<Values>(() => emptyValues(defaultQueryType));
  const [errors, setErrors] = useState<Partial<Record<ContactField, string>>>({});
  const [status, setStatus] = useState<Status>('idle');
  const [result, setResult] = useState('');

  // The result message clears itself after 5 seconds (spec §2, §9).
  useEffect(() => {
    if (status !== 'success' && status !== 'failure') return;
    const timer = setTimeout(() => {
      setStatus('idle');
      setResult('');
    }, LIMITS.contactResultClearMs);
    return () => clearTimeout(timer);
  }, [status]);

  const set = (field: keyof Values) => (value: string) => {
    const next = { ...values, [field]: value } as Values;
    setValues(next);
    // Once a field has been flagged, re-check it as the visitor fixes it.
    const key = (field === 'country' ? 'country_code' : field) as ContactField;
    if (errors[key]) setErrors((prev) => ({ ...prev, [key]: validateContactForm(toPayload(next))[key] }));
  };

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (status === 'sending') return;
    const payload = toPayload(values);
    const found = validateContactForm(payload);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      setStatus('idle');
      setResult('');
      // Wait for React to mark the fields invalid, then focus the first one.
      requestAnimationFrame(() => focusFirstError(formRef.current));
      return;
    }
    setStatus('sending');
    setResult('');
    try {
      await api('/contact', {
        method: 'POST',
        auth: false,
        body: { ...payload, [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '' },
      });
      setValues(emptyValues(values.query_type));
      setStatus('success');
      setResult(LEAD_MESSAGES.contactSent);
    } catch (error) {
      if (error instanceof ApiRequestError && error.status === 400 && Object.keys(error.errors).length > 0) {
        setErrors(error.errors as Partial<Record<ContactField, string>>);
        requestAnimationFrame(() => focusFirstError(formRef.current));
      }
      setStatus('failure');
      setResult(
        error instanceof ApiRequestError && error.status === 429
          ? MESSAGES.tooManyRequests
          : LEAD_MESSAGES.contactFailed,
      );
    }
  }

  const sending = status === 'sending';
  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="relative grid gap-5 sm:grid-cols-2">
      <TextField
        id={id('first_name')}
        label="First name"
        name="first_name"
        autoComplete="given-name"
        required
        maxLength={LEAD_LIMITS.name}
        value={values.first_name}
        onValue={set('first_name')}
        error={errors.first_name}
      />
      <TextField
        id={id('last_name')}
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        required
        maxLength={LEAD_LIMITS.name}
        value={values.last_name}
        onValue={set('last_name')}
        error={errors.last_name}
      />
      <TextField
        id={id('user_email')}
        className="sm:col-span-2"
        label="Email"
        name="user_email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={LEAD_LIMITS.email}
        value={values.user_email}
        onValue={set('user_email')}
        error={errors.user_email}
      />
      <div>
        <label htmlFor={id('country_code')} className={labelClass}>
          Country code
        </label>
        <select
          id={id('country_code')}
          name="country_code"
          autoComplete="tel-country-code"
          required
          value={values.country}
          onChange={(e) => set('country')(e.target.value)}
          aria-invalid={errors.country_code ? true : undefined}
          aria-describedby={describedBy(
            id('country_code'),
            errors.country_code !== LEAD_MESSAGES.countryCode,
            errors.country_code,
          )}
          className={`${inputClass} pr-8`}
        >
          <CountryCodeOptions />
        </select>
        <FieldHint id={id('country_code')}>{LEAD_MESSAGES.countryCode}</FieldHint>
        <FieldError id={id('country_code')} error={errors.country_code} />
      </div>
      <TextField
        id={id('phone_number')}
        label="Phone number"
        name="phone_number"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        required
        maxLength={20}
        value={values.phone_number}
        onValue={set('phone_number')}
        error={errors.phone_number}
        hint={LEAD_MESSAGES.phoneNumber}
      />
      <SelectField
        id={id('query_type')}
        className="sm:col-span-2"
        label="What is your enquiry about?"
        name="query_type"
        required
        value={values.query_type}
        onValue={set('query_type')}
        options={QUERY_TYPES.map((q) => ({ value: q, label: QUERY_TYPE_LABELS[q] }))}
        error={errors.query_type}
      />
      <div className="sm:col-span-2">
        <label htmlFor={id('message')} className={labelClass}>
          Message
        </label>
        <textarea
          id={id('message')}
          name="message"
          required
          rows={5}
          maxLength={LEAD_LIMITS.message}
          value={values.message}
          onChange={(e) => set('message')(e.target.value)}
          aria-invalid={errors.message ? true : undefined}
          aria-describedby={describedBy(id('message'), false, errors.message)}
          className={`${inputClass} min-h-32 resize-y`}
        />
        <FieldError id={id('message')} error={errors.message} />
      </div>
      <Honeypot inputRef={honeypotRef} />
      <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
        <button type="submit" disabled={sending} className={submitClass}>
          {sending && <Spinner />}
          {sending ? 'Sending...' : 'Send Message'}
        </button>
        <p
          role="status"
          aria-live="polite"
          className={`text-sm font-semibold ${status === 'failure' ? 'text-red-700' : 'text-brand-green'}`}
        >
          {result}
        </p>
      </div>
    </form>
  );
}
