import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TokenKind } from '~/lib/api';
import { errorMessage } from '~/lib/api';
import { eInvoicePath } from '@oasis/shared/invoices';
import { creditNotePath } from '@oasis/shared/refunds';
import { downloadInvoice } from '~/lib/api/orders';
import { useI18n } from '~/lib/i18n';
import { Spinner } from '~/components/ui/form';

/**
 * Downloads an order's tax invoice, or one of its credit notes with `creditNoteId` (My orders with
 * the learner's token, the admin's Orders with the admin's), or in Orders a business invoice's PINT
 * AE e-invoice (`format="xml"`): a button, since the download needs the bearer token a plain link
 * cannot carry.
 */
export function InvoiceDownload({
  orderId,
  number,
  creditNoteId,
  auth = 'token',
  format = 'pdf',
  className = '',
}: {
  orderId: string;
  number: string;
  creditNoteId?: string;
  auth?: TokenKind;
  format?: 'pdf' | 'xml';
  className?: string;
}) {
  const { t, fmt, tr } = useI18n();
  const [busy, setBusy] = useState(false);
  const path = creditNoteId
    ? creditNotePath(orderId, creditNoteId)
    : format === 'xml'
      ? eInvoicePath(orderId)
      : undefined;
  const label = creditNoteId
    ? t.invoices.downloadCreditNote
    : format === 'xml'
      ? t.invoices.downloadEInvoice
      : t.invoices.downloadInvoice;
  async function download() {
    if (busy) return;
    setBusy(true);
    try {
      await downloadInvoice(orderId, number, auth, path);
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
      {fmt(label, { number })}
    </button>
  );
}
