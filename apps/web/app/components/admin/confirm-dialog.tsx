import { useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { buttonClass } from '~/components/ui/button';
import { BusyButton } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';
import { Modal, ModalActions } from './modal';
import { failureToast } from './request';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: React.ReactNode;
  confirmLabel: string;
  /** The confirm button's label while the action runs, e.g. 'Deleting...'. */
  busyLabel: string;
  busy: boolean;
  tone?: 'danger' | 'primary';
  onConfirm(): void;
  onCancel(): void;
}

/**
 * Asks before an action that cannot be undone or that publishes: delete course, delete blog, save
 * quiz, create course (docs/product.md#admin-area). While the action runs both buttons are disabled
 * and the label says so.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  busy,
  tone = 'danger',
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const { t } = useI18n();
  return (
    <Modal open={open} onClose={onCancel} title={title} busy={busy} size="sm" role="alertdialog">
      {children && <div className="text-slate-700">{children}</div>}
      <ModalActions>
        <button type="button" onClick={onCancel} disabled={busy} className={buttonClass('ghost', 'md')}>
          {t.common.cancel}
        </button>
        <BusyButton
          type="button"
          onClick={onConfirm}
          busy={busy}
          busyLabel={busyLabel}
          className={
            tone === 'danger'
              ? 'btn btn-md bg-red-700 text-white shadow-sm hover:bg-red-800'
              : buttonClass('secondary', 'md')
          }
        >
          {confirmLabel}
        </BusyButton>
      </ModalActions>
    </Modal>
  );
}

export interface ConfirmDelete<T> {
  /** The item the dialog asks about; null while it is closed. */
  item: T | null;
  busy: boolean;
  ask(item: T): void;
  cancel(): void;
  confirm(): Promise<void>;
}

/**
 * The state of a 'Delete this …?' dialog. `remove` deletes the item, updates the screen and says
 * so in a toast; when it throws, the dialog stays open and a toast gives the reason (`failure`
 * with the server's message).
 */
export function useConfirmDelete<T>(
  remove: (item: T) => Promise<void>,
  failure: string = ADMIN_MESSAGES.deleteFailed,
): ConfirmDelete<T> {
  const { tr } = useI18n();
  const [item, setItem] = useState<T | null>(null);
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (item === null) return;
    setBusy(true);
    try {
      await remove(item);
      setItem(null);
    } catch (error) {
      toast.error(failureToast(error, tr(failure)));
    } finally {
      setBusy(false);
    }
  }

  return { item, busy, ask: setItem, cancel: () => setItem(null), confirm };
}

/** The dialog of useConfirmDelete: `children` says what deleting the item takes away. */
export function ConfirmDeleteDialog<T>({
  dialog,
  title,
  children,
}: {
  dialog: ConfirmDelete<T>;
  title: string;
  children(item: T): React.ReactNode;
}) {
  const { t, tr } = useI18n();
  return (
    <ConfirmDialog
      open={dialog.item !== null}
      title={title}
      confirmLabel={t.adminUi.delete}
      busyLabel={tr(ADMIN_MESSAGES.deleting)}
      busy={dialog.busy}
      onConfirm={dialog.confirm}
      onCancel={dialog.cancel}
    >
      {dialog.item !== null && children(dialog.item)}
    </ConfirmDialog>
  );
}
