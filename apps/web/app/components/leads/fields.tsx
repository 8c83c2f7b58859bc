import type { CountryCode } from '@oasis/shared/country-codes';
import { useCallback, useEffect, useRef, useState } from 'react';
import { buttonClass } from '~/components/ui/button';

/*
 * Pieces shared by the contact and consultation forms, beside the site's field kit
 * (components/ui/field.tsx).
 */

/** The country list (United Arab Emirates first); the value is the ISO code, unique even where dial codes repeat. */
export function CountryCodeOptions({ countries }: { countries: readonly CountryCode[] }) {
  return countries.map((c) => (
    <option key={c.iso} value={c.iso}>
      {`${c.name} (${c.dial})`}
    </option>
  ));
}

/**
 * A field people never see (moved off screen, hidden from assistive technology, skipped by Tab).
 * Bots that fill every field fill it too; the server then quietly drops the submission.
 */
export function Honeypot({ inputRef, name }: { inputRef: React.Ref<HTMLInputElement>; name: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label>
        Website
        <input ref={inputRef} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}

export function Spinner() {
  return <span aria-hidden="true" className="spinner" />;
}

export const submitClass = buttonClass('secondary', 'md', 'px-7');

/**
 * Moves focus to the first field with an error, so keyboard and screen-reader users land on it.
 * Call the returned function in the same update that sets the errors: the focus moves once React
 * has marked the fields invalid (the checks run after an await, outside the submit event).
 */
export function useFocusFirstError(form: React.RefObject<HTMLFormElement | null>) {
  const [request, setRequest] = useState(0);
  useEffect(() => {
    if (request) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [request, form]);
  return () => setRequest((n) => n + 1);
}

/** The dial code of the chosen country (the first in the list when the choice is unknown). */
export function dialCode(countries: readonly CountryCode[], iso: string): string {
  return (countries.find((c) => c.iso === iso) ?? countries[0])?.dial ?? '';
}

export type FormLogic = typeof import('./form-logic');

let pending: Promise<FormLogic> | undefined;

/** The forms' checks and sending (form-logic.ts), fetched once; a failed fetch is tried again next time. */
export function loadFormLogic(): Promise<FormLogic> {
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
export function useFormLogic() {
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
