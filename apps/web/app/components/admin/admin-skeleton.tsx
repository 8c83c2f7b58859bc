import { LogoMark } from '~/components/layout/logo';
import { useI18n } from '~/lib/i18n';

/** A grey bar standing in for text that is loading (decorative). */
function Bone({ className }: { className: string }) {
  return (
    <span aria-hidden="true" className={`block animate-pulse rounded-md motion-reduce:animate-none ${className}`} />
  );
}

/**
 * The admin shell's shape while the admin's session is checked and the screen's data loads: the
 * green sidebar (from 768 px), the top bar with the panel's name, and cards of grey lines, so the
 * owner sees the panel coming rather than a blank spinner. Screen readers hear `label` once.
 */
export function AdminShellSkeleton({ label }: { label?: string }) {
  const { t } = useI18n();
  return (
    <div className="min-h-screen bg-slate-100 md:flex" aria-busy="true" data-skeleton="admin">
      <div aria-hidden="true" className="hidden h-screen w-64 shrink-0 flex-col gap-3 bg-brand-green px-5 pt-6 md:flex">
        <span className="flex items-center gap-3 pb-4">
          <LogoMark variant="light" className="h-9 w-9" />
          <Bone className="h-5 w-28 bg-white/25" />
        </span>
        {[0, 1, 2, 3, 4, 5, 6].map((row) => (
          <Bone key={row} className="h-4 w-40 bg-white/15" />
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="border-b border-slate-200 bg-white px-4 py-3 sm:px-6 lg:px-8">
          <div className="flex items-center justify-between gap-4">
            <p className="flex items-center gap-3 font-display text-lg font-semibold text-brand-green sm:text-xl">
              <LogoMark variant="dark" className="h-8 w-8 md:hidden" />
              {t.adminShell.panel}
            </p>
            <Bone className="h-9 w-24 rounded-full bg-slate-200" />
          </div>
        </div>
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-8 sm:px-6 lg:px-8">
          <Bone className="h-8 w-64 max-w-full bg-slate-200" />
          <div className="mt-8 grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((card) => (
              <div key={card} className="rounded-2xl bg-white p-5 shadow-card">
                <Bone className="h-4 w-24 bg-slate-200" />
                <Bone className="mt-4 h-8 w-32 bg-slate-200" />
              </div>
            ))}
          </div>
          <div className="mt-6 rounded-2xl bg-white p-6 shadow-card">
            {[0, 1, 2, 3].map((row) => (
              <Bone key={row} className="mt-3 h-4 w-full bg-slate-200 first:mt-0" />
            ))}
          </div>
          <p role="status" className="sr-only">
            {label ?? t.common.loading}
          </p>
        </main>
      </div>
    </div>
  );
}
