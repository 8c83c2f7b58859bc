import { buttonClass } from './button';

/**
 * A turning ring for work under way (`.spinner` in app.css: CSS, so public pages carry no SVG for
 * it). Decorative: the text beside it says what is happening. Size it with classes, e.g. `h-7 w-7`.
 */
export function Spinner({ className = '' }: { className?: string }) {
  return <span aria-hidden="true" className={`spinner ${className}`} />;
}

/**
 * A button whose action takes a while (save, delete, upload): disabled meanwhile, with a spinner
 * and a label that says what is happening ('Saving...').
 */
export function BusyButton({
  busy,
  busyLabel,
  children,
  type = 'submit',
  onClick,
  disabled = false,
  className = buttonClass('secondary', 'md'),
}: {
  busy: boolean;
  busyLabel: string;
  children: React.ReactNode;
  type?: 'submit' | 'button';
  onClick?: () => void;
  /** Disabled for another reason too (an empty form, say). */
  disabled?: boolean;
  className?: string;
}) {
  return (
    <button
      type={type}
      onClick={onClick}
      className={className}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
    >
      {busy && <Spinner className="h-4 w-4" />}
      {busy ? busyLabel : children}
    </button>
  );
}
