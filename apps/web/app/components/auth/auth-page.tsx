import { LogoMark } from '~/components/layout/logo';
import { Spinner } from '~/components/ui/form';
import { useI18n } from '~/lib/i18n';

interface AuthPageProps {
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  /** Admin pages have no site navigation above them. */
  variant?: 'site' | 'admin';
}

/**
 * The frame of the account screens (login, forgot and reset password, Google return, admin login):
 * one centred card on the sand background, below the fixed navigation when there is one.
 */
export function AuthPage({ title, lead, children, variant = 'site' }: AuthPageProps) {
  return (
    <main
      id="main"
      tabIndex={-1}
      className={`flex min-h-screen items-start justify-center bg-brand-sand px-4 pb-16 sm:items-center ${variant === 'site' ? 'pt-[6.5rem]' : 'pt-12'}`}
    >
      <div className="w-full max-w-md rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <LogoMark variant="dark" className="h-11 w-11" />
        <h1 className="mt-5 font-display text-3xl font-semibold text-brand-green">{title}</h1>
        {lead && <p className="mt-2 text-slate-600">{lead}</p>}
        <div className="mt-8">{children}</div>
      </div>
    </main>
  );
}

/** The deliberate loading state of a page that decides in the browser (guards, token checks). */
export function AuthLoading({ label, variant = 'site' }: { label?: string; variant?: 'site' | 'admin' }) {
  const { t } = useI18n();
  return (
    <main
      id="main"
      className={`flex min-h-screen items-center justify-center bg-brand-sand px-4 ${variant === 'site' ? 'pt-[4.5rem]' : ''}`}
    >
      <div role="status" className="flex items-center gap-3 text-slate-700">
        <Spinner className="h-5 w-5" />
        <span>{label ?? t.account.loading}</span>
      </div>
    </main>
  );
}
