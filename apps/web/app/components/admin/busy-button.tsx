import { Spinner } from '~/components/auth/auth-page';
import { buttonClass } from '~/components/ui/button';

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
  className = buttonClass('secondary', 'md'),
}: {
  busy: boolean;
  busyLabel: string;
  children: React.ReactNode;
  type?: 'submit' | 'button';
  onClick?: () => void;
  className?: string;
}) {
  return (
    <button type={type} onClick={onClick} className={className} disabled={busy}>
      {busy && <Spinner className="h-4 w-4" />}
      {busy ? busyLabel : children}
    </button>
  );
}
