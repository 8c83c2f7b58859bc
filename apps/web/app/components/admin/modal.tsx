import { useId } from 'react';
import { createPortal } from 'react-dom';
import { Dialog } from '~/components/ui/dialog';
import { Icon } from '~/components/ui/icons';
import { useI18n } from '~/lib/i18n';

interface ModalProps {
  open: boolean;
  /** Asked to close (Escape, the close button); not called while `busy`. */
  onClose(): void;
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
  /** A save or delete is running: Escape and the close button wait for it. */
  busy?: boolean;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Confirmations are announced as alert dialogs. */
  role?: 'dialog' | 'alertdialog';
}

const WIDTHS = { sm: 'max-w-md', md: 'max-w-xl', lg: 'max-w-3xl', xl: 'max-w-5xl' } as const;

/**
 * An admin modal: a titled box on the site's <Dialog> (the page behind is inert so focus stays
 * inside, Escape closes, focus goes back to what opened it, the page does not scroll meanwhile).
 * A form inside a modal must stop its submit event: React bubbles it through the portal to the page.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  children,
  busy = false,
  size = 'md',
  role = 'dialog',
}: ModalProps) {
  const { t } = useI18n();
  const titleId = useId();
  const descriptionId = useId();
  const close = () => {
    if (!busy) onClose();
  };

  if (!open || typeof document === 'undefined') return null;
  // In a portal: a modal's own <form> is never nested in the page's form (DOM-wise).
  return createPortal(
    <Dialog
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={close}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] ${WIDTHS[size]} overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/60 open:flex open:flex-col`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div>
          <h2 id={titleId} className="font-display text-xl font-semibold text-brand-green sm:text-2xl">
            {title}
          </h2>
          {description && (
            <div id={descriptionId} className="mt-1 text-sm text-slate-600">
              {description}
            </div>
          )}
        </div>
        <button
          type="button"
          onClick={close}
          disabled={busy}
          aria-label={t.common.close}
          className="-me-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
        >
          <Icon name="close" className="h-5 w-5" />
        </button>
      </div>
      <div className="overflow-y-auto px-5 py-5 sm:px-6">{children}</div>
    </Dialog>,
    document.body,
  );
}

/** The row of buttons at the bottom of a modal (stacked on phones, right-aligned from sm). */
export function ModalActions({ children }: { children: React.ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
