import { useI18n } from '~/lib/i18n';
import { Dialog } from './dialog';
import { Icon } from './icons';

interface MenuSheetProps {
  id: string;
  label: string;
  /** Close once the window is at least this wide (the breakpoint where the full menu shows). */
  closeAtWidth: number;
  onClose(): void;
  /** Classes of the top row (its height and side padding). */
  topClassName: string;
  /** The top row's start: a logo or a title; the Close button sits at its end. */
  top: React.ReactNode;
  children: React.ReactNode;
}

/** A phone menu: a full-screen modal sheet in the brand colour with a top row and a Close button. */
export function MenuSheet({ id, label, closeAtWidth, onClose, topClassName, top, children }: MenuSheetProps) {
  const { t } = useI18n();
  return (
    <Dialog
      id={id}
      aria-label={label}
      onClose={onClose}
      closeAtWidth={closeAtWidth}
      className="on-dark m-0 h-full max-h-none w-full max-w-none bg-brand-green p-0 text-white open:flex open:flex-col md:hidden"
    >
      <div className={`flex shrink-0 items-center justify-between ${topClassName}`}>
        {top}
        <button type="button" className="-me-2 rounded-md p-2" aria-label={t.nav.closeMenu} onClick={onClose}>
          <Icon name="close" className="h-7 w-7" />
        </button>
      </div>
      {children}
    </Dialog>
  );
}
