import { useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { Icon } from '~/components/ui/icons';

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
 * An accessible modal on the native <dialog> (showModal): the page behind is inert so focus stays
 * inside, Escape closes, and focus goes back to what opened it. The page does not scroll meanwhile.
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
  const ref = useRef<HTMLDialogElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      dialog.showModal();
      document.body.style.overflow = 'hidden';
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  // Unmounted while open (its parent went away): give focus and scrolling back all the same.
  useEffect(() => () => restore(returnTo.current), []);

  if (typeof document === 'undefined') return null;
  // In a portal: a modal's own <form> is never nested in the page's form (DOM-wise).
  return createPortal(
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-modal="true"
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepFocusInside(event);
      }}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
      onClose={() => {
        restore(returnTo.current);
        returnTo.current = null;
      }}
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
          onClick={() => !busy && onClose()}
          disabled={busy}
          aria-label="Close"
          className="-mr-2 rounded-lg p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-50"
        >
          <Icon name="close" className="h-5 w-5" />
        </button>
      </div>
      <div className="overflow-y-auto px-5 py-5 sm:px-6">{open ? children : null}</div>
    </dialog>,
    document.body,
  );
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * Tab from the last control goes to the first and Shift+Tab from the first to the last: the
 * native modal would let focus leave for the browser's own controls first.
 */
function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>) {
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => el.tabIndex >= 0 && el.getClientRects().length > 0,
  );
  const first = items[0];
  const last = items.at(-1);
  if (!first || !last) return;
  const active = document.activeElement;
  if (event.shiftKey && (active === first || !event.currentTarget.contains(active))) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && active === last) {
    event.preventDefault();
    first.focus();
  }
}

function restore(target: HTMLElement | null) {
  document.body.style.overflow = '';
  if (target?.isConnected) target.focus();
  else document.getElementById('main')?.focus();
}

/** The row of buttons at the bottom of a modal (stacked on phones, right-aligned from sm). */
export function ModalActions({ children }: { children: React.ReactNode }) {
  return (
    <div className="mt-6 flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
      {children}
    </div>
  );
}
