import { Link, useRevalidator } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { Spinner } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';

/**
 * The frame of the learner pages (checkout, payment result, enrolled courses): the green header
 * band with the page's one <h1>, then the content on the sand background.
 */
export function LearnerPage({
  title,
  eyebrow,
  lead,
  crumbs,
  children,
  width = 'narrow',
}: {
  title: string;
  eyebrow?: string;
  lead?: string;
  crumbs?: { to: string; label: string }[];
  children: React.ReactNode;
  width?: 'narrow' | 'wide';
}) {
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={eyebrow} title={title} lead={lead} crumbs={crumbs} />
      <div className="bg-brand-sand/60 py-12 sm:py-16">
        <div className={width === 'wide' ? 'wrap' : 'mx-auto max-w-3xl px-4 sm:px-6 lg:px-8'}>{children}</div>
      </div>
    </main>
  );
}

export interface PanelAction {
  /** An English address: the link goes to it in the page's language. */
  to: string;
  label: string;
  variant?: 'primary' | 'secondary' | 'outline' | 'ghost';
}

/** A grey bar standing in for text that is loading (decorative: the page says it is loading once). */
function Bone({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-md motion-reduce:animate-none ${className}`} />
  );
}

/**
 * The shape of a learner page while its data loads (the stored session is checked, the course or
 * the payment fetched): the green header band and a card of grey lines where the text will be,
 * so the page does not jump when it arrives. Screen readers hear `label` once.
 */
export function LearnerPageSkeleton({ label, width = 'narrow' }: { label?: string; width?: 'narrow' | 'wide' }) {
  const { t } = useI18n();
  return (
    <main id="main" tabIndex={-1} aria-busy="true" data-skeleton="learner">
      <div className="on-dark relative overflow-hidden bg-brand-green pt-[4.5rem]">
        <div className="wrap relative pt-12 pb-14 sm:pt-16 sm:pb-20">
          <Bone className="h-3 w-28 bg-white/25" />
          <Bone className="mt-5 h-10 w-4/5 max-w-xl bg-white/20 sm:h-12" />
        </div>
      </div>
      <div className="bg-brand-sand/60 py-12 sm:py-16">
        <div className={width === 'wide' ? 'wrap' : 'mx-auto max-w-3xl px-4 sm:px-6 lg:px-8'}>
          <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
            <Bone className="h-7 w-2/3 bg-slate-200" />
            <Bone className="mt-6 h-4 w-full bg-slate-200" />
            <Bone className="mt-3 h-4 w-11/12 bg-slate-200" />
            <Bone className="mt-3 h-4 w-3/4 bg-slate-200" />
            <Bone className="mt-8 h-11 w-40 rounded-full bg-slate-200" />
          </div>
        </div>
      </div>
      <p role="status" className="sr-only">
        {label ?? t.common.loading}
      </p>
    </main>
  );
}

/** A white card with a heading, a message and the next steps: empty, not-found and error states. */
export function MessagePanel({
  title,
  children,
  actions = [],
  tone = 'neutral',
  headingLevel = 2,
  role,
}: {
  title: string;
  children?: React.ReactNode;
  actions?: PanelAction[];
  tone?: 'neutral' | 'error';
  headingLevel?: 1 | 2;
  role?: 'alert' | 'status';
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const { lp } = useI18n();
  return (
    <div role={role} className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
      <Heading
        className={`font-display text-2xl font-semibold sm:text-3xl ${tone === 'error' ? 'text-red-800' : 'text-brand-green'}`}
      >
        {title}
      </Heading>
      {children && <div className="mt-3 text-lg text-slate-700">{children}</div>}
      {actions.length > 0 && (
        <div className="mt-8 flex flex-wrap gap-3">
          {actions.map((action) => (
            <Link
              key={action.to + action.label}
              to={lp(action.to)}
              className={buttonClass(action.variant ?? 'secondary')}
            >
              {action.label}
            </Link>
          ))}
        </div>
      )}
    </div>
  );
}

/** A payment's id, set apart so it can be read out or copied to a support message (left to right in every language). */
export function PaymentId({ id }: { id: string }) {
  return (
    <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-sm break-all text-slate-900">
      {id}
    </code>
  );
}

/**
 * A learner's list that did not load: what failed (and, if given, what to check), with a button
 * that loads the page's data again and says so while it does.
 */
export function LoadFailedPanel({
  title,
  text,
  retryLabel,
  retryingLabel,
}: {
  title: string;
  text?: string;
  retryLabel: string;
  retryingLabel: string;
}) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === 'loading';
  return (
    <div role="alert" className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
      <h2 className="font-display text-2xl font-semibold text-red-800">{title}</h2>
      {text && <p className="mt-3 text-lg text-slate-700">{text}</p>}
      <button
        type="button"
        onClick={() => revalidator.revalidate()}
        disabled={retrying}
        className={buttonClass('secondary', 'md', 'mt-8')}
      >
        {retrying && <Spinner />}
        {retrying ? retryingLabel : retryLabel}
      </button>
    </div>
  );
}
