import { Spinner } from '~/components/auth/auth-page';
import { buttonClass } from '~/components/ui/button';
import { Modal, ModalActions } from './modal';

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
 * Asks before an action that cannot be undone or that publishes (spec §4: delete course, delete blog,
 * save quiz, create course). While the action runs both buttons are disabled and the label says so.
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
  return (
    <Modal open={open} onClose={onCancel} title={title} busy={busy} size="sm" role="alertdialog">
      {children && <div className="text-slate-700">{children}</div>}
      <ModalActions>
        <button type="button" onClick={onCancel} disabled={busy} className={buttonClass('ghost', 'md')}>
          Cancel
        </button>
        <button
          type="button"
          onClick={onConfirm}
          disabled={busy}
          className={
            tone === 'danger'
              ? 'btn btn-md bg-red-700 text-white shadow-sm hover:bg-red-800'
              : buttonClass('secondary', 'md')
          }
        >
          {busy && <Spinner className="h-4 w-4" />}
          {busy ? busyLabel : confirmLabel}
        </button>
      </ModalActions>
    </Modal>
  );
}
