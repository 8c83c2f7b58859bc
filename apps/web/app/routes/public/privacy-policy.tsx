import { Fragment } from 'react';
import { PageHeader } from '~/components/layout/page-header';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/privacy-policy';
import { type PolicyBlock, privacyPolicy } from './sections/privacy-content';
import { ISLANDS_PAGE } from '~/islands/island';

export async function loader({ context }: Route.LoaderArgs) {
  const root = await headContext(context);
  return {
    email: root.settings.email,
    policy: privacyPolicy(root.settings),
    head: buildHead(root, {
      title: 'Privacy Policy',
      description:
        'How we collect, use and protect your personal data when you browse, create an account, buy a course or contact us, and your rights under UAE law.',
      path: '/privacy-policy',
    }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function PrivacyPolicy({ loaderData }: Route.ComponentProps) {
  const { email, policy } = loaderData;
  const text = (value: string) =>
    value.split(/(\{email\}|\*\*[^*]+\*\*)/).map((part, i) =>
      part === '{email}' ? (
        <a key={i} href={`mailto:${email}`}>
          {email}
        </a>
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
      <PageHeader
        eyebrow="Legal"
        title="Privacy Policy"
        lead="How we collect, use and protect your personal data, and the choices you have."
      >
        <p className="mt-6 inline-flex rounded-full bg-white/10 px-4 py-1.5 text-sm font-medium text-white">
          {/* The same date as PRIVACY_EFFECTIVE_DATE (not imported: that module holds the whole text). */}
          Valid from&nbsp;
          <time dateTime="2025-06-29" className="font-semibold">
            29 June 2025
          </time>
        </p>
      </PageHeader>

      <div className="bg-white py-14 sm:py-20">
        <div className="wrap grid gap-12 lg:grid-cols-[16rem_minmax(0,1fr)]">
          <nav aria-label="On this page" className="lg:sticky lg:top-28 lg:self-start">
            <h2 className="text-sm font-bold uppercase tracking-[0.18em] text-brand-gold">On this page</h2>
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
