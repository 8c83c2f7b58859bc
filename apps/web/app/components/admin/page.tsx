import { Link, useRevalidator } from 'react-router';
import { Spinner } from '~/components/ui/form';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import type { Loaded } from './request';

/**
 * The title block of an admin screen (the shell's h1 is 'Welcome to the Admin Panel'). Its one
 * action is usually a `link` to a neighbouring screen: 'Add Blog' (secondary) or 'Quiz List'
 * (outline), or `view`, the public page an editor changes (a full page load: the site is not part
 * of the admin app); `actions` for anything else.
 */
export function AdminPageHeader({
  title,
  lead,
  link,
  view,
  actions,
  back,
}: {
  title: string;
  lead?: React.ReactNode;
  link?: { to: string; label: string; variant?: 'secondary' | 'outline' };
  /** The public page's path, without the language prefix. */
  view?: { path: string; label: string };
  actions?: React.ReactNode;
  back?: { to: string; label: string };
}) {
  const { lp } = useI18n();
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        {back && (
          <Link
            to={lp(back.to)}
            className="mb-2 inline-flex items-center gap-1 rounded text-sm font-semibold text-brand-green hover:underline"
          >
            {/* Back points against the reading direction: to the right on right-to-left pages. */}
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ←
            </span>{' '}
            {back.label}
          </Link>
        )}
        <h2 className="font-display text-2xl font-semibold text-brand-green sm:text-3xl">{title}</h2>
        {lead && <p className="mt-1 text-slate-600">{lead}</p>}
      </div>
      {(link || view || actions) && (
        <div className="flex flex-wrap gap-3">
          {link && (
            <Link to={lp(link.to)} className={buttonClass(link.variant ?? 'secondary', 'sm')}>
              {link.label}
            </Link>
          )}
          {view && (
            <a href={lp(view.path)} className={buttonClass('outline', 'sm')}>
              {view.label}
            </a>
          )}
          {actions}
        </div>
      )}
    </header>
  );
}

/** A white panel that holds a form or a list. */
export function Panel({ children, className = '' }: { children: React.ReactNode; className?: string }) {
  return (
    <div className={`rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7 ${className}`}>{children}</div>
  );
}

/** The panel above a list that adds an item to it: a heading, then the form. */
export function AddPanel({ heading, children }: { heading: string; children: React.ReactNode }) {
  return (
    <Panel className="mb-8">
      <h3 className="mb-5 font-display text-lg font-semibold text-brand-green">{heading}</h3>
      {children}
    </Panel>
  );
}

/**
 * The name of an item inside a sentence ('Delete "{title}"?', 'Modules of {title}'), set apart from
 * the words around it. `dir="auto"` lets an Arabic name read right to left in an English sentence.
 */
export function ItemName({ children, dir = 'auto' }: { children: React.ReactNode; dir?: 'auto' | 'ltr' }) {
  return (
    <strong dir={dir} className="text-slate-900">
      {children}
    </strong>
  );
}

export function LoadingState({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 rounded-2xl border border-slate-200 bg-white px-6 py-14 text-slate-700"
    >
      <Spinner />
      <span>{label ?? t.adminShell.loading}</span>
    </div>
  );
}

/** Why a screen cannot show its data; `message` may be a rule's English text (shown with `tr()`). */
export function ErrorState({
  message,
  signedOut,
  onRetry,
}: {
  message: string;
  signedOut?: boolean;
  onRetry?: () => void;
}) {
  const { t, tr, lp } = useI18n();
  return (
    <div role="alert" className="rounded-2xl border border-red-200 bg-red-50 px-6 py-8 text-center text-red-900">
      <p className="font-semibold">{tr(message)}</p>
      {signedOut ? (
        <Link to={lp('/admin/login')} className="btn btn-md mt-4 bg-red-700 text-white hover:bg-red-800">
          {t.adminShell.goToLogin}
        </Link>
      ) : (
        onRetry && (
          <button type="button" onClick={onRetry} className="btn btn-md mt-4 bg-red-700 text-white hover:bg-red-800">
            {t.common.retry}
          </button>
        )
      )}
    </div>
  );
}

/** A screen's data from its clientLoader: `children` with the data, or why it could not be read. */
export function WhenReady<T>({
  result,
  loadingLabel,
  children,
}: {
  result: Loaded<T>;
  loadingLabel: string;
  children(data: T): React.ReactNode;
}) {
  return result.ok ? children(result.data) : <LoadFailed failure={result} loadingLabel={loadingLabel} />;
}

/** A screen's data could not be read: the reason with Try again (the loading state while it runs). */
export function LoadFailed({
  failure,
  loadingLabel,
}: {
  failure: { message: string; signedOut: boolean };
  loadingLabel: string;
}) {
  const revalidator = useRevalidator();
  if (revalidator.state === 'loading') return <LoadingState label={loadingLabel} />;
  return (
    <ErrorState message={failure.message} signedOut={failure.signedOut} onRetry={() => void revalidator.revalidate()} />
  );
}

/** A failure told in the screen's own `wording`; a signed-out one keeps its reason (sign in again). */
export function failureIn(failure: { message: string; signedOut: boolean }, wording: string) {
  return { message: failure.signedOut ? failure.message : wording, signedOut: failure.signedOut };
}

/** An empty list: what is missing, then `children` or a `link` to the screen that adds the first one. */
export function EmptyState({
  title,
  link,
  children,
}: {
  title: string;
  link?: { to: string; label: string };
  children?: React.ReactNode;
}) {
  const { lp } = useI18n();
  const more = link ? (
    <Link to={lp(link.to)} className="font-semibold text-brand-green underline">
      {link.label}
    </Link>
  ) : (
    children
  );
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="font-semibold text-slate-900">{title}</p>
      {more && <div className="mt-2 text-slate-600">{more}</div>}
    </div>
  );
}

/** A progress bar for uploads (value 0..1), announced by its label. */
export function ProgressBar({ value, label }: { value: number; label: string }) {
  const percent = Math.round(value * 100);
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm font-medium text-slate-700">
        <span>{label}</span>
        <span aria-hidden="true">{percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-green transition-[width] motion-reduce:transition-none"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
