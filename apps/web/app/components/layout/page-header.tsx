import type { InLocaleAttrs } from '@oasis/shared/i18n/content';
import { Link } from '~/components/page-link';
import { useI18n } from '~/lib/i18n';

interface Crumb {
  /** In the page's language (`lp('/courses')`). */
  to: string;
  label: string;
}

interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  lead?: string;
  /** For a title or lead of the owner's content: its language and direction (`inLocale`). */
  titleAttrs?: InLocaleAttrs;
  leadAttrs?: InLocaleAttrs;
  crumbs?: Crumb[];
  children?: React.ReactNode;
}

/**
 * The green band that opens every inner page: it continues the solid green navigation above it
 * (and leaves room for it), then gives the page its one <h1>.
 */
export function PageHeader({ eyebrow, title, lead, titleAttrs, leadAttrs, crumbs, children }: PageHeaderProps) {
  const { t } = useI18n();
  return (
    <div className="on-dark relative overflow-hidden bg-brand-green pt-[4.5rem] text-white">
      <svg aria-hidden="true" className="header-arch">
        <use href="#header-arch" />
      </svg>
      <div className="wrap relative pt-12 pb-14 sm:pt-16 sm:pb-20">
        {crumbs && crumbs.length > 0 && (
          <nav aria-label={t.common.breadcrumb} className="mb-6 text-sm">
            <ol className="flex flex-wrap items-center gap-2 text-white/75">
              {crumbs.map((crumb) => (
                <li key={crumb.to} className="flex items-center gap-2">
                  <Link to={crumb.to} className="rounded-sm underline-offset-4 hover:text-brand-yellow hover:underline">
                    {crumb.label}
                  </Link>
                  <span aria-hidden="true">/</span>
                </li>
              ))}
              <li aria-current="page" className="max-w-[16rem] truncate text-white sm:max-w-md" {...titleAttrs}>
                {title}
              </li>
            </ol>
          </nav>
        )}
        {eyebrow && <p className="mb-3 eyebrow text-brand-yellow">{eyebrow}</p>}
        <h1 className="max-w-4xl font-display text-4xl font-semibold leading-tight sm:text-5xl" {...titleAttrs}>
          {title}
        </h1>
        {lead && (
          <p className="mt-5 max-w-2xl text-lg leading-relaxed text-white/85" {...leadAttrs}>
            {lead}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}
