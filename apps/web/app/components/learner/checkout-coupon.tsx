import { useRef, useState } from 'react';
import { normaliseCouponCode } from '@oasis/shared/coupon-link';
import type { CouponQuote } from '@oasis/shared/coupons';
import { PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { buttonClass } from '~/components/ui/button';
import { BusyButton, TextField } from '~/components/ui/form';
import { errorMessage } from '~/lib/api';
import { getQuote } from '~/lib/api/payments';
import { useI18n } from '~/lib/i18n';

/** A code the checkout's loader found (left by a coupon link) and what the server said of it. */
export interface InitialCoupon {
  code: string;
  quote: CouponQuote | null;
  /** The refusal's text, in the page's language. */
  error: string | null;
}

/**
 * The checkout's coupon field: the server checks the code and prices the order (the quote); this
 * only shows it. A code from a coupon link arrives already applied (or refused) from the loader.
 * The result is announced (`aria-live`); a refusal keeps focus in the field.
 */
export function CheckoutCoupon({
  courseId,
  initial,
  onQuote,
}: {
  courseId: string;
  initial: InitialCoupon | null;
  onQuote: (quote: CouponQuote | null) => void;
}) {
  const { t, tr, fmt, money } = useI18n();
  const [code, setCode] = useState(initial?.code ?? '');
  const [applied, setApplied] = useState<string | null>(initial?.quote?.coupon?.code ?? null);
  const [error, setError] = useState<string | null>(initial?.error ?? null);
  const [status, setStatus] = useState(
    initial?.quote?.coupon
      ? fmt(t.checkout.couponApplied, { code: initial.quote.coupon.code, amount: money(initial.quote.discount) })
      : '',
  );
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  function refuse(message: string) {
    setError(message);
    setStatus('');
    input.current?.focus();
  }

  async function apply() {
    const wanted = normaliseCouponCode(code);
    if (!wanted) return refuse(t.checkout.couponEmpty);
    setBusy(true);
    setError(null);
    try {
      const quote = await getQuote(courseId, wanted);
      setApplied(quote.coupon?.code ?? wanted);
      setCode(quote.coupon?.code ?? wanted);
      setStatus(fmt(t.checkout.couponApplied, { code: quote.coupon?.code ?? wanted, amount: money(quote.discount) }));
      onQuote(quote);
    } catch (failure) {
      setApplied(null);
      onQuote(null);
      refuse(tr(errorMessage(failure, PAYMENT_MESSAGES.couponUnknown)));
    } finally {
      setBusy(false);
    }
  }

  function remove() {
    setApplied(null);
    setCode('');
    setError(null);
    setStatus(t.checkout.couponRemoved);
    onQuote(null);
    input.current?.focus();
  }

  return (
    <form
      className="mt-6 border-t border-slate-100 pt-6"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void apply();
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          ref={input}
          label={t.checkout.haveCoupon}
          name="coupon"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          value={code}
          onValue={(value) => {
            setCode(value);
            if (error) setError(null);
          }}
          error={error ?? undefined}
          className="min-w-0 flex-1"
        />
        {applied ? (
          <button type="button" onClick={remove} className={buttonClass('outline')}>
            {t.checkout.removeCoupon}
          </button>
        ) : (
          <BusyButton busy={busy} busyLabel={t.checkout.applyingCoupon} className={buttonClass('secondary')}>
            {t.checkout.applyCoupon}
          </BusyButton>
        )}
      </div>
      <p aria-live="polite" className="mt-2 text-sm font-medium text-brand-green">
        {status}
        {error && <span className="sr-only">{error}</span>}
      </p>
    </form>
  );
}
