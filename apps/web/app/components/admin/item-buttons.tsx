import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';

interface ItemButtonProps {
  /** What the button acts on, read after its label by screen readers: 'Edit' + 'video Welcome'. */
  name: string;
  onClick(): void;
}

/** Opens the edit modal of one item of a list; `label` for a narrower edit such as 'Rename'. */
export function EditButton({ name, onClick, label }: ItemButtonProps & { label?: string }) {
  const { t } = useI18n();
  return (
    <button type="button" className={buttonClass('outline', 'sm')} onClick={onClick}>
      {label ?? t.adminUi.edit}
      <span className="sr-only"> {name}</span>
    </button>
  );
}

/** Asks to delete one item of a list (the confirm dialog does the deleting). */
export function DeleteButton({ name, onClick }: ItemButtonProps) {
  const { t } = useI18n();
  return (
    <button type="button" className={buttonClass('outline-danger', 'sm')} onClick={onClick}>
      {t.adminUi.delete}
      <span className="sr-only"> {name}</span>
    </button>
  );
}
