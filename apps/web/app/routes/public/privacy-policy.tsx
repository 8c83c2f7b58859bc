import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { Fragment } from 'react';
import { PageHeader } from '~/components/layout/page-header';
import { useI18n } from '~/lib/i18n';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';
import { PRIVACY_EFFECTIVE_DATE, type PolicyBlock, privacyPolicy } from './sections/privacy-content';
import { ISLANDS_PAGE } from '~/islands/island';

export async function loader({ context }: Route.LoaderArgs) {
  const root = await headContext(context);
  const t = messagesFor(context.locale).privacy;
  return {
    // The page's own short texts; the policy's are in `policy`, filled in.
    copy: { eyebrow: t.eyebrow, title: t.title, lead: t.lead, validFrom: t.validFrom, onThisPage: t.onThisPage },
    email: root.settings.email,
    phone: root.settings.phone,
    effectiveDate: PRIVACY_EFFECTIVE_DATE,
    policy: privacyPolicy(root.settings, t, context.locale),
    head: buildHead(root, { title: t.headTitle, description: t.headDescription, path: '/privacy-policy' }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { copy, email, phone, effectiveDate, policy } = loaderData;
  const { day } = useI18n();
  const text = (value: string) =>
    value.split(/(\{email\}|\{tel\}|\*\*[^*]+\*\*)/).map((part, i) =>
      part === '{email}' ? (
        <a key={i} href={`mailto:${email}`} dir="ltr">
          {email}
        </a>
      ) : part === '{tel}' ? (
        <span key={i} dir="ltr">
          {phone}
        </span>
      ) : part.startsWith('**') ? (
        <strong key={i}>{part.slice(2, -2)}</strong>
      ) : (
        part
      ),
    );
  const block = (b: PolicyBlock, i: number) =>
    typeof b === 'string' ? (
      <p key={i}>{text(b)}</p>
    ) : (
      <ul key={i}>
        {b.map((item, j) => (
          <li key={j}>{text(item)}</li>
        ))}
      </ul>
    );
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={copy.eyebrow} title={copy.title} lead={copy.lead}>
        <p className="mt-6 inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-white">
          {copy.validFrom}&nbsp;
          <time dateTime={effectiveDate} className="font-semibold">
            {day(effectiveDate)}
          </time>
        </p>
      </PageHeader>

      <div className="bg-white py-14 sm:py-20">
        <div className="wrap grid gap-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label={copy.onThisPage} className="lg:sticky lg:top-28 lg:self-start">
            <h2 className="text-sm font-bold uppercase tracking-[0.18em] text-brand-gold rtl:tracking-normal">
              {copy.onThisPage}
            </h2>
            <ol className="mt-4 space-y-2 text-slate-700">
              {policy.sections.map((s) => (
                <li key={s.id}>
                  <a href={`#${s.id}`} className="rounded-sm hover:text-brand-green hover:underline">
                    {s.title}
                  </a>
                </li>
              ))}
            </ol>
          </nav>

          <div className="rich-text max-w-3xl">
            {policy.intro.map(block)}
            {policy.sections.map((s) => (
              <Fragment key={s.id}>
                <h2 id={s.id}>{s.title}</h2>
                {s.blocks.map(block)}
              </Fragment>
            ))}
          </div>
        </div>
      </div>
    </main>
  );
}
