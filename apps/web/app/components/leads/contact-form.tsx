import { useEffect, useRef, useState } from 'react';
import type { ContactField, QueryType } from '@oasis/shared/lead-rules';
import type { ContactFormData } from './form-data';
import type { ContactValues } from './form-logic';
import { buttonClass } from '~/components/ui/button';
import { SelectField, TextAreaField, TextField, BusyButton } from '~/components/ui/form';
import { Icon } from '~/components/ui/icons';
import { fmtNodes } from '~/lib/fmt-nodes';
import { useI18n } from '~/lib/i18n';
import { CountryCodeOptions, Honeypot, type LeadFormKind, submitClass, useChoices, useLeadForm } from './fields';

const CONTACT: LeadFormKind<ContactValues, ContactField> = {
  path: '/contact',
  check(logic, values, dial) {
    const payload = logic.contactPayload(values, dial);
    return { payload, errors: logic.validateContactForm(payload) };
  },
  errorKey: (field) => (field === 'country' ? 'country_code' : field),
};

const emptyValues = (queryType: QueryType, country: string): ContactValues => ({
  first_name: '',
  last_name: '',
  user_email: '',
  country,
  phone_number: '',
  message: '',
  query_type: queryType,
});

/**
 * The /contact form (docs/product.md#contact): checked in the browser with the same rules the server
 * applies, posted to POST /api/contact. 'Sending...' disables the button. Once the message is
 * stored, a confirmation takes the form's place and stays (focus moves to its heading) until the
 * visitor asks to send another; a failure is announced under the button and the typed text kept.
 * `data` comes from the page's loader (`contactFormData()`); the checks load at the first focus or
 * press in the form.
 */
export function ContactForm({
  data,
  defaultQueryType = 'consultation',
}: {
  data: ContactFormData;
  defaultQueryType?: 'consultation' | 'course';
}) {
  const { t, tr } = useI18n();
  const choices = useChoices();
  const defaultCountry = data.countries[0]?.iso ?? '';
  const { formRef, honeypotRef, values, setValues, busy, problem, field, prepare, send } = useLeadForm(
    CONTACT,
    data,
    () => emptyValues(defaultQueryType, defaultCountry),
  );
  // The confirmation shows in the form's place once the message is stored.
  const [sent, setSent] = useState(false);
  /** The address the visitor's copy went to, named in the confirmation. */
  const [sentTo, setSentTo] = useState('');
  const sentRef = useRef<HTMLHeadingElement>(null);
  // Set when the visitor asks for a new form: focus then goes to its first field.
  const [again, setAgain] = useState(false);

  useEffect(() => {
    if (sent) sentRef.current?.focus();
  }, [sent]);

  useEffect(() => {
    if (!again || sent) return;
    setAgain(false);
    formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"]), select, textarea')?.focus();
  }, [again, sent, formRef]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    return send(() => {
      setSentTo(values.user_email.trim());
      setValues(emptyValues(values.query_type, defaultCountry));
      setSent(true);
    });
  }

  if (sent) {
    return (
      <div role="status" className="flex flex-col items-start gap-4 rounded-2xl bg-brand-mist/60 p-6 sm:p-8">
        <span
          aria-hidden="true"
          className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-green text-white"
        >
          <Icon name="check" className="h-6 w-6" />
        </span>
        <h3 ref={sentRef} tabIndex={-1} className="font-display text-2xl font-semibold text-brand-green">
          {tr(data.sent)}
        </h3>
        <p className="text-slate-700">
          {fmtNodes(t.leadForm.sentText, {
            email: (
              <span dir="ltr" className="font-semibold wrap-anywhere">
                {sentTo}
              </span>
            ),
          })}
        </p>
        <button
          type="button"
          onClick={() => {
            setSent(false);
            setAgain(true);
          }}
          className={buttonClass('outline', 'md')}
        >
          {t.leadForm.sendAnother}
        </button>
      </div>
    );
  }

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={prepare}
      onPointerDown={prepare}
      className="relative grid gap-5 sm:grid-cols-2"
    >
      <TextField
        {...field('first_name')}
        label={t.leadForm.firstName}
        autoComplete="given-name"
        required
        maxLength={data.limits.name}
      />
      <TextField
        {...field('last_name')}
        label={t.leadForm.lastName}
        autoComplete="family-name"
        required
        maxLength={data.limits.name}
      />
      <TextField
        {...field('user_email')}
        className="sm:col-span-2"
        label={t.leadForm.email}
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={data.limits.email}
      />
      <SelectField {...field('country')} label={t.leadForm.countryCode} autoComplete="tel-country-code" required>
        <CountryCodeOptions countries={data.countries} />
      </SelectField>
      <TextField
        {...field('phone_number')}
        label={t.leadForm.phoneNumber}
        type="tel"
        dir="ltr"
        inputMode="tel"
        autoComplete="tel-national"
        required
        maxLength={20}
        hint={tr(data.hints.phoneNumber)}
      />
      <SelectField
        {...field('query_type')}
        className="sm:col-span-2"
        label={t.leadForm.enquiry}
        required
        options={choices(data.queryTypes)}
      />
      <TextAreaField
        {...field('message')}
        className="sm:col-span-2"
        label={t.leadForm.message}
        required
        rows={5}
        maxLength={data.limits.message}
      />
      <Honeypot inputRef={honeypotRef} name={data.honeypot} />
      <div className="flex flex-col gap-4 sm:col-span-2 sm:flex-row sm:items-center">
        <BusyButton busy={busy} busyLabel={t.leadForm.sending} className={submitClass}>
          {t.leadForm.sendMessage}
        </BusyButton>
        <p role="status" aria-live="polite" className="text-sm font-semibold text-red-700">
          {problem}
        </p>
      </div>
    </form>
  );
}
