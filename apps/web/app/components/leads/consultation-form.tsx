import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConsultationField } from '@oasis/shared/lead-rules';
import { Icon } from '~/components/ui/icons';
import type { ConsultationFormData } from './form-data';
import type { ConsultationValues } from './form-logic';
import {
  controlProps,
  FieldError,
  FormMessage,
  inputClass,
  labelClass,
  SelectField,
  TextField,
  BusyButton,
} from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { CountryCodeOptions, Honeypot, type LeadFormKind, submitClass, useChoices, useLeadForm } from './fields';
import { errorText } from '~/lib/error-text';
import { bookedSentence, type PickerState, SlotPicker } from '~/components/booking/slot-picker';

const CONSULTATION: LeadFormKind<ConsultationValues, ConsultationField> = {
  path: '/consultations',
  check(logic, values, dial) {
    const payload = logic.consultationPayload(values, dial);
    return { payload, errors: logic.validateConsultationForm(payload) };
  },
  errorKey: (field) => (field === 'country' || field === 'phoneNumber' ? 'phone' : field),
};

/** A booking: the same fields, a chosen slot in place of the preferred time, sent to /booking. */
const bookingKind = (slot: ChosenSlot | null): LeadFormKind<ConsultationValues, ConsultationField> => ({
  ...CONSULTATION,
  path: '/booking',
  check: (logic, values, dial) => logic.bookingCheck(values, dial, slot),
});

interface ChosenSlot {
  start: string;
  timeZone: string;
}

const emptyValues = (country: string): ConsultationValues => ({
  fullName: '',
  email: '',
  country,
  phoneNumber: '',
  investmentInterest: '',
  investmentAmount: '',
  preferredTime: '',
});

/**
 * The consultation booking form (docs/product.md#consultation): inline on /consult and inside the home
 * page's ConsultationModal (consultation-modal.tsx). After a request is stored it thanks the
 * visitor and promises a reply within 24 business hours; the thanks stays (focus on its heading)
 * until the visitor closes the dialog (`onDone`) or, inline, asks to book another. `data` comes from
 * the page's loader (`consultationFormData()`); the checks load at the first focus or press in the form.
 * The country list takes a row of its own, wide enough for the countries' full names.
 */
export function ConsultationForm({
  data,
  onDone,
  submitLabel,
}: {
  data: ConsultationFormData;
  onDone?: () => void;
  /** The submit button's text; 'Book Free Consultation' (in the page's language) by default. */
  submitLabel?: string;
}) {
  const { t, tr, locale } = useI18n();
  const choices = useChoices();
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const defaultCountry = data.countries[0]?.iso ?? '';
  // The slot picker shows once the form is live in the browser (its slots are the visitor's, the
  // page is everyone's). Until its slots arrive, or when the owner has set no hours, the form asks
  // for a preferred time as before. It is part of this chunk: the page loads it at once anyway.
  const [live, setLive] = useState(false);
  const [pickerState, setPickerState] = useState<PickerState>('loading');
  const [slot, setSlot] = useState<ChosenSlot | null>(null);
  const [refresh, setRefresh] = useState(0);
  const [bookedAt, setBookedAt] = useState<string | null>(null);
  useEffect(() => setLive(true), []);
  const booking = live && pickerState === 'open';
  const chooseSlot = useCallback((start: string | null, timeZone: string) => {
    setSlot(start ? { start, timeZone } : null);
  }, []);
  const { formRef, honeypotRef, values, setValues, errors, setErrors, busy, problem, set, id, field, prepare, send } =
    useLeadForm(booking ? bookingKind(slot) : CONSULTATION, data, () => emptyValues(defaultCountry));
  // The thanks show in the form's place once the request is stored.
  const [thanks, setThanks] = useState(false);

  // Read through a ref: a parent that re-renders with a new callback must not restart the 5 s timer.
  const onDoneRef = useRef(onDone);
  onDoneRef.current = onDone;
  const finish = useCallback(() => {
    setValues(emptyValues(defaultCountry));
    setErrors({});
    setThanks(false);
    setBookedAt(null);
    if (onDoneRef.current) onDoneRef.current();
    // Inline, the form comes back in the thanks' place: the visitor continues at its first field.
    else
      requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>('input:not([tabindex="-1"])')?.focus());
  }, [defaultCountry, setValues, setErrors, formRef]);

  useEffect(() => {
    if (thanks) thanksRef.current?.focus();
  }, [thanks]);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    let sent = false;
    await send(() => {
      sent = true;
      if (booking && slot) setBookedAt(slot.start);
      setThanks(true);
    });
    // Booked or refused (a 409: taken meanwhile), the free slots are read again at once.
    if (booking) setRefresh((n) => n + 1);
    if (sent) setSlot(null);
  }

  if (thanks) {
    return (
      <div role="status" className="flex flex-col items-center gap-4 py-6 text-center">
        <span className="flex h-14 w-14 items-center justify-center rounded-full bg-brand-green text-white">
          <Icon name="check" className="h-7 w-7" />
        </span>
        <h3 ref={thanksRef} tabIndex={-1} className="text-2xl font-semibold text-brand-green">
          {tr(data.thanks.title)}
        </h3>
        <p className="max-w-sm text-slate-700">
          {bookedAt ? bookedSentence(bookedAt, locale, data.booking) : tr(data.thanks.text)}
        </p>
        <button type="button" onClick={finish} className={submitClass}>
          {onDone ? t.common.close : t.leadForm.bookAnother}
        </button>
      </div>
    );
  }

  const phoneError = errors.phone && errorText(errors.phone, locale);
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={onSubmit}
      onFocus={prepare}
      onPointerDown={prepare}
      className="relative grid gap-5"
    >
      <TextField
        {...field('fullName')}
        label={t.leadForm.fullName}
        autoComplete="name"
        required
        maxLength={data.limits.fullName}
      />
      <TextField
        {...field('email')}
        label={t.leadForm.email}
        type="email"
        dir="ltr"
        inputMode="email"
        autoComplete="email"
        required
        maxLength={data.limits.email}
      />
      <fieldset>
        <legend className={labelClass}>{t.leadForm.phone}</legend>
        <div className="grid gap-2">
          <div>
            <label htmlFor={id('country')} className="sr-only">
              {t.leadForm.countryCode}
            </label>
            <select
              id={id('country')}
              name="country"
              autoComplete="tel-country-code"
              value={values.country}
              onChange={(e) => set('country')(e.target.value)}
              className={`${inputClass} pe-8`}
            >
              <CountryCodeOptions countries={data.countries} />
            </select>
          </div>
          <div>
            <label htmlFor={id('phone')} className="sr-only">
              {t.leadForm.phoneNumber}
            </label>
            <input
              {...controlProps(id('phone'), undefined, phoneError)}
              name="phone"
              type="tel"
              dir="ltr"
              inputMode="tel"
              autoComplete="tel-national"
              required
              maxLength={20}
              placeholder="50 123 4567"
              value={values.phoneNumber}
              onChange={(e) => set('phoneNumber')(e.target.value)}
              className={inputClass}
            />
          </div>
        </div>
        <FieldError id={id('phone')} error={phoneError} />
      </fieldset>
      <SelectField
        {...field('investmentInterest')}
        label={t.leadForm.interest}
        required
        placeholder={t.leadForm.interestPlaceholder}
        options={choices(data.interests)}
      />
      <SelectField
        {...field('investmentAmount')}
        label={t.leadForm.amount}
        required
        placeholder={t.leadForm.amountPlaceholder}
        options={choices(data.amounts)}
      />
      {live && pickerState !== 'closed' && pickerState !== 'failed' ? (
        <SlotPicker
          texts={data.booking}
          locale={locale}
          value={slot?.start ?? null}
          onChange={chooseSlot}
          onState={setPickerState}
          refresh={refresh}
          error={booking ? field('preferredTime').error : undefined}
        />
      ) : null}
      {!booking && (
        <SelectField
          {...field('preferredTime')}
          label={t.leadForm.time}
          required
          placeholder={t.leadForm.timePlaceholder}
          options={choices(data.times)}
        />
      )}
      <Honeypot inputRef={honeypotRef} name={data.honeypot} />
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <BusyButton busy={busy} busyLabel={t.leadForm.sending} className={`${submitClass} w-full`}>
        {submitLabel ?? t.leadForm.bookConsultation}
      </BusyButton>
    </form>
  );
}
