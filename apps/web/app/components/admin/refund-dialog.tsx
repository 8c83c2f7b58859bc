import { useEffect, useState } from 'react';
import toast from 'react-hot-toast';
import { checkBySchema } from '@oasis/shared/admin/common';
import { filsToAed } from '@oasis/shared/format';
import type { AdminOrder } from '@oasis/shared/payments';
import { type RefundAccess, refundInputSchema } from '@oasis/shared/refunds';
import { PriceInput, SelectInput, TextArea } from '~/components/admin/fields';
import { translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { ModalForm } from '~/components/admin/modal-form';
import { Modal } from '~/components/admin/modal';
import { getRefundSettings, refundOrder, saveRefundSettings } from '~/lib/api/payments';
import { useI18n } from '~/lib/i18n';

/**
 * Refunds (docs/product.md#refunds) on the admin's Orders screen: the dialog that refunds a paid
 * order in full or in part, and the setting of what a full refund does to the learner's access.
 */

/** What remains to refund of an order, in AED: paid, less refunded, less refunds still pending. */
export function refundable(order: AdminOrder): number {
  const pending = order.refunds.filter((r) => r.status === 'pending').reduce((sum, r) => sum + r.amount, 0);
  return filsToAed(Math.round((order.amount - order.refunded - pending) * 100));
}

export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrder | null;
  onClose(): void;
  onDone(): void;
}) {
  const { t, fmt } = useI18n();
  const [busy, setBusy] = useState(false);
  return (
    <Modal
      open={order !== null}
      onClose={onClose}
      busy={busy}
      title={t.adminOrders.refundTitle}
      description={order ? fmt(t.adminOrders.refundOrder, { reference: order.reference }) : undefined}
    >
      {order && <RefundForm order={order} busy={busy} setBusy={setBusy} onCancel={onClose} onDone={onDone} />}
    </Modal>
  );
}

function RefundForm({
  order,
  busy,
  setBusy,
  onCancel,
  onDone,
}: {
  order: AdminOrder;
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onDone(): void;
}) {
  const { t, fmt, money, locale } = useI18n();
  const text = t.adminOrders;
  const { errors, problem, accept, fail, clear } = useFormFeedback();
  const errorOf = translatedErrors(errors, locale);
  const remaining = refundable(order);
  const [amount, setAmount] = useState(remaining.toFixed(2));
  const [reason, setReason] = useState('');

  async function submit(form: HTMLFormElement) {
    // The shared check answers in codes; the form shows them in the page's language.
    const check = checkBySchema(refundInputSchema, {
      amount: amount.trim() === '' ? Number.NaN : Number(amount),
      reason,
    });
    if (!accept(form, check)) return;
    setBusy(true);
    try {
      const refund = await refundOrder(order._id, check.value);
      toast.success(refund.status === 'pending' ? text.refundPending : text.refundDone);
      onDone();
    } catch (error) {
      fail(error, text.refundFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm
      label={text.refundTitle}
      onSubmit={submit}
      busy={busy}
      onCancel={onCancel}
      problem={problem}
      submitLabel={text.confirmRefund}
    >
      <p className="mb-4 text-sm text-slate-700">{text.refundLead}</p>
      <div className="space-y-4">
        <PriceInput
          label={text.refundAmount}
          name="amount"
          required
          min={0.01}
          max={remaining}
          value={amount}
          onValue={(value) => {
            setAmount(value);
            clear(['amount']);
          }}
          hint={fmt(text.refundRemaining, { amount: money(remaining) })}
          error={errorOf('amount')}
          disabled={busy}
        />
        <TextArea
          label={text.refundReason}
          name="reason"
          required
          rows={3}
          maxLength={300}
          value={reason}
          onValue={(value) => {
            setReason(value);
            clear(['reason']);
          }}
          hint={text.refundReasonHint}
          error={errorOf('reason')}
          disabled={busy}
        />
      </div>
    </ModalForm>
  );
}

/** What a full refund does to the learner's access: a choice saved as soon as it is made. */
export function RefundAccessSetting() {
  const { t } = useI18n();
  const text = t.adminOrders;
  const [access, setAccess] = useState<RefundAccess | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    getRefundSettings(controller.signal)
      .then((settings) => setAccess(settings.access))
      .catch(() => {});
    return () => controller.abort();
  }, []);

  async function choose(value: RefundAccess) {
    const before = access;
    setAccess(value);
    setBusy(true);
    try {
      setAccess((await saveRefundSettings({ access: value })).access);
      toast.success(text.accessSaved);
    } catch {
      setAccess(before);
      toast.error(text.accessFailed);
    } finally {
      setBusy(false);
    }
  }

  if (access === null) return null;
  return (
    <SelectInput
      label={text.accessTitle}
      hint={text.accessHint}
      value={access}
      disabled={busy}
      onChange={(event) => void choose(event.target.value === 'keep' ? 'keep' : 'revoke')}
      className="w-full sm:w-96"
    >
      <option value="revoke">{text.accessRevoke}</option>
      <option value="keep">{text.accessKeep}</option>
    </SelectInput>
  );
}
