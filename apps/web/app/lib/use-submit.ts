import { useEffect, useRef, useState } from 'react';

/**
 * The submit of any form, admin or public: `busy` while it runs (a second submit meanwhile is
 * dropped), the field errors and the form-wide `problem` to show (texts in the page's language),
 * and `refuse`, which marks the refused fields and then moves focus to the first of them. Each
 * form keeps its own toasts and wording around it; this holds what they all share. `E` is the
 * shape of the field errors (a message per field name by default); `reportBusy` tells a parent
 * that waits for the submit (an edit modal keeps its close button until the save is done).
 */
export function useSubmit<E extends object = Partial<Record<string, string>>>(reportBusy?: (busy: boolean) => void) {
  const form = useRef<HTMLFormElement | null>(null);
  const running = useRef(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<E>({} as E);
  const [problem, setProblem] = useState<string | null>(null);
  // Bumped by `refuse`: the focus moves once React has marked the fields `aria-invalid`.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [refusals]);

  /** Shows the refused fields (and `reason` above the buttons), then focuses the first of them. */
  function refuse(found: E, reason: string | null = null) {
    setErrors(found);
    setProblem(reason);
    setRefusals((n) => n + 1);
  }

  /** Runs `action` with `busy` set; does nothing while an earlier one still runs. */
  async function run(action: () => Promise<void>) {
    if (running.current) return;
    running.current = true;
    setBusy(true);
    reportBusy?.(true);
    try {
      await action();
    } finally {
      running.current = false;
      setBusy(false);
      reportBusy?.(false);
    }
  }

  return { form, busy, errors, setErrors, problem, setProblem, refuse, run };
}
