import { buttonClass } from '~/components/ui/button';
import { FormMessage, BusyButton } from '~/components/ui/form';

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
  busyLabel = 'Saving...',
  children,
}: {
  /** The form's accessible name, e.g. 'Hero'. */
  label: string;
  /** Called with the form (to focus its first invalid field); the default submit is prevented. */
  onSubmit(form: HTMLFormElement): void;
  problem: string | null;
  busy: boolean;
  submitLabel: string;
  busyLabel?: string;
  children: React.ReactNode;
}) {
  return (
    <form
      noValidate
      aria-label={label}
      className="space-y-6"
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      {children}
      {problem && <FormMessage tone="error">{problem}</FormMessage>}
      <div className="flex justify-end border-t border-slate-100 pt-6">
        <BusyButton busy={busy} busyLabel={busyLabel} className={buttonClass('secondary', 'md', 'w-full sm:w-auto')}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
