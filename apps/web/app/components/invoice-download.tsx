import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TokenKind } from '~/lib/api';
import { errorMessage } from '~/lib/api';
import { downloadInvoice } from '~/lib/api/orders';
import { useI18n } from '~/lib/i18n';
import { Spinner } from '~/components/ui/form';

/**
 * Downloads an order's tax invoice (My orders with the learner's token, the admin's Orders with
 * the admin's): a button, since the download needs the bearer token a plain link cannot carry.
 */
export function InvoiceDownload({
  orderId,
  number,
  auth = 'token',
  className = '',
}: {
  orderId: string;
  number: string;
  auth?: TokenKind;
  className?: string;
}) {
  const { t, fmt, tr } = useI18n();
  const [busy, setBusy] = useState(false);
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadInvoice(orderId, number, auth);
    } catch (failure) {
      toast.error(tr(errorMessage(failure, t.invoices.ordersFailed)));
    } finally {
      setBusy(false);
    }
  }
  return (
    <button
      type="button"
      onClick={() => void download()}
      aria-busy={busy}
      className={`inline-flex items-center gap-1 font-semibold text-brand-green underline underline-offset-2 hover:text-brand-green-dark ${className}`}
    >
      {busy && <Spinner />}
      {fmt(t.invoices.downloadInvoice, { number })}
    </button>
  );
}
