import { buttonClass } from '~/components/ui/button';
import { FormMessage, BusyButton } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';

/**
 * An admin form: browser validation off (the shared checks speak), `label` its accessible name, and
 * a submit that hands `onSubmit` the form (to focus its first invalid field) instead of loading a
 * page. The submit event stops here: React would bubble it from an edit modal, through the portal,
 * to the page's form.
 */
export function AdminForm({
  label,
  onSubmit,
  className,
  children,
}: {
  label?: string;
  onSubmit(form: HTMLFormElement): void;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      className={className}
      onSubmit={(event) => {
        event.preventDefault();
        event.stopPropagation();
        onSubmit(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}

/**
 * The form of an admin screen (Hero, Intro, Add Blog, Settings…): its fields, the reason a save
 * failed (`problem`), then the submit button. Browser validation is off: the shared checks speak.
 */
export function PageForm({
  label,
  onSubmit,
  problem,
  busy,
  submitLabel,
  busyLabel,
  children,
}: {
  /** The form's accessible name, e.g. 'Hero'. All texts are in the page's language (`problem` included). */
  label: string;
  /** Called with the form (to focus its first invalid field); the default submit is prevented. */
  onSubmit(form: HTMLFormElement): void;
  problem: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  children: React.ReactNode;
}) {
  const { t } = useI18n();
  return (
    <AdminForm label={label} onSubmit={onSubmit} className="space-y-6">
      {children}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <div className="flex justify-end border-t border-slate-100 pt-6">
        <BusyButton
          busy={busy}
          busyLabel={busyLabel ?? t.adminShell.saving}
          className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}
        >
          {submitLabel}
        </BusyButton>
      </div>
    </AdminForm>
  );
}

/**
 * The foot of a form that adds several items at once (modules, quiz questions): a button that adds
 * one more to the list (while `canAdd`), then the submit button.
 */
export function AddMoreActions({
  addLabel,
  onAdd,
  canAdd,
  busy,
  submitLabel,
}: {
  addLabel: string;
  onAdd(): void;
  canAdd: boolean;
  busy: boolean;
  submitLabel: string;
}) {
  const { t } = useI18n();
  return (
    <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
      <button type="button" className={buttonClass('outline', 'md')} disabled={busy || !canAdd} onClick={onAdd}>
        {addLabel}
      </button>
      <BusyButton busy={busy} busyLabel={t.adminUi.saving}>
        {submitLabel}
      </BusyButton>
    </div>
  );
}
