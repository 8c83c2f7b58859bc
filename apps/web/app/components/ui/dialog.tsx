import { useEffect, useEffectEvent, useRef } from 'react';

interface DialogProps extends Omit<React.DialogHTMLAttributes<HTMLDialogElement>, 'open' | 'onClose' | 'onCancel'> {
  /** Asked to close (Escape, a click on the backdrop, the window growing past `closeAtWidth`). */
  onClose(): void;
  /** A click outside the box closes it. The box must have no padding of its own for this. */
  closeOnBackdrop?: boolean;
  /** Phone menus: close once the window is at least this wide. */
  closeAtWidth?: number;
  children: React.ReactNode;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/**
 * The one modal <dialog> of the site: open while mounted (the parent renders it only when open),
 * shown with showModal() so the page behind is inert and it sits in the top layer. The page does not
 * scroll (nor jump sideways) behind it, Tab stays inside, and focus goes back to what opened it.
 * Kept small and free of admin code: the public pages' menu and booking form use it too.
 */
export function Dialog({ onClose, closeOnBackdrop = false, closeAtWidth, children, ...props }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const closeWhenWide = useEffectEvent((wide: MediaQueryList) => {
    if (wide.matches) onClose();
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const { body, documentElement } = document;
    const previous = { overflow: body.style.overflow, paddingRight: body.style.paddingRight };
    const scrollbar = window.innerWidth - documentElement.clientWidth;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
    if (!dialog.open) dialog.showModal();
    const wide = closeAtWidth ? window.matchMedia(`(min-width: ${closeAtWidth}px)`) : null;
    const onWide = () => wide && closeWhenWide(wide);
    wide?.addEventListener('change', onWide);
    return () => {
      // Unmounting removes the dialog (and its top layer) without a close event: undo it all here.
      wide?.removeEventListener('change', onWide);
      if (dialog.open) dialog.close();
      body.style.overflow = previous.overflow;
      body.style.paddingRight = previous.paddingRight;
      if (opener?.isConnected) opener.focus();
      else document.getElementById('main')?.focus();
    };
  }, [closeAtWidth]);

  return (
    <dialog
      ref={ref}
      aria-modal="true"
      {...props}
      onCancel={(event) => {
        // Escape: the parent closes it by no longer rendering it.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
        props.onClick?.(event);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Tab') keepFocusInside(event);
        props.onKeyDown?.(event);
      }}
    >
      {children}
    </dialog>
  );
}

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
