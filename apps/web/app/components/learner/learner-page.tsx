import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
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
