import { FormMessage, BusyButton } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import { ModalActions } from './modal';
import { AdminForm } from './page-form';

/** Cancel and the submit button at the bottom of a form in a modal. */
export function ModalFormActions({
  busy,
  onCancel,
  submitLabel,
  busyLabel,
}: {
  busy: boolean;
  onCancel(): void;
  submitLabel?: string;
  busyLabel?: string;
}) {
  const { t } = useI18n();
  return (
    <ModalActions>
      <button type="button" className={buttonClass('ghost', 'md')} onClick={onCancel} disabled={busy}>
        {t.common.cancel}
      </button>
      <BusyButton busy={busy} busyLabel={busyLabel ?? t.adminUi.saving}>
        {submitLabel ?? t.adminUi.saveChanges}
      </BusyButton>
    </ModalActions>
  );
}

/** The form of an edit modal (an AdminForm): its fields, the reason a save failed (`problem`), then Cancel and Save. */
export function ModalForm({
  label,
  onSubmit,
  busy,
  onCancel,
  problem,
  submitLabel,
  children,
}: {
  /** The form's accessible name, e.g. 'Edit blog'. */
  label?: string;
  /** Called with the form (to focus its first invalid field); the default submit is prevented. */
  onSubmit(form: HTMLFormElement): void;
  busy: boolean;
  onCancel(): void;
  problem?: string | null;
  submitLabel?: string;
  children: React.ReactNode;
}) {
  const { tr } = useI18n();
  return (
    <AdminForm label={label} onSubmit={onSubmit}>
      {children}
      {problem && (
        <div className="mt-5">
          <FormMessage tone="error">{tr(problem)}</FormMessage>
        </div>
      )}
      <ModalFormActions busy={busy} onCancel={onCancel} submitLabel={submitLabel} />
    </AdminForm>
  );
}

/**
 * The props of a form that adds an item on its screen and edits one in the edit modal (which gives
 * `onBusy` and `onCancel`). `onSubmit` saves what the form checked; it throws on failure.
 */
export interface ItemFormProps<Draft, Body = Draft> {
  initial?: Draft;
  submitLabel: string;
  busyLabel: string;
  onSubmit(body: Body): Promise<void>;
  onBusy?: (busy: boolean) => void;
  onCancel?: () => void;
}

/**
 * The end of a form that is used both on its screen and in an edit modal: the form-wide problem,
 * then the modal's Cancel and submit (with `onCancel`) or the screen's own submit button.
 */
export function FormFooter({
  problem,
  busy,
  submitLabel,
  busyLabel,
  onCancel,
}: {
  problem: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel: string;
  onCancel?: () => void;
}) {
  return (
    <>
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <div className={onCancel ? '' : 'flex justify-end'}>
        {onCancel ? (
          <ModalFormActions busy={busy} onCancel={onCancel} submitLabel={submitLabel} busyLabel={busyLabel} />
        ) : (
          <BusyButton busy={busy} busyLabel={busyLabel} className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}>
            {submitLabel}
          </BusyButton>
        )}
      </div>
    </>
  );
}
