import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { SectionHeading } from '~/components/ui/section-heading';
import { ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/about';

/** The page's texts in its language (the `about` namespace), and its head. */
export async function loader({ context }: Route.LoaderArgs) {
  const t = messagesFor(context.locale).about;
  return {
    t,
    head: buildHead(await headContext(context), { title: t.title, description: t.headDescription, path: '/about' }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** The numbered parts of the page's lists: their texts are `stat1Value`, `story1Title`, `promise1`… */
const STATS = [1, 2, 3, 4] as const;
const STORY = [1, 2, 3, 4, 5] as const;
const PROMISES = [1, 2, 3, 4] as const;

export default function About({ loaderData }: Route.ComponentProps) {
  const { t } = loaderData;
  const { lp } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.eyebrow} title={t.title} lead={t.lead} />

      <section aria-label={t.atAGlance} className="border-b border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px bg-slate-200 md:grid-cols-4">
          {STATS.map((n) => (
            <div key={n} className="flex flex-col-reverse justify-end bg-white px-4 py-8 text-center sm:px-6">
              <dt className="mt-1 text-sm text-slate-600">{t[`stat${n}Label`]}</dt>
              <dd className="font-display text-3xl font-semibold text-brand-green sm:text-4xl">{t[`stat${n}Value`]}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="story-heading" className="bg-white py-20 sm:py-24">
        <div className="wrap grid gap-14 lg:grid-cols-[1fr_1.4fr]">
          <div className="lg:sticky lg:top-28 lg:self-start">
            <SectionHeading
              id="story-heading"
              eyebrow={t.storyEyebrow}
              title={t.storyTitle}
              lead={t.storyLead}
              align="left"
            />
          </div>
          <ol className="relative space-y-10 border-s-2 border-brand-yellow/60 ps-8">
            {STORY.map((n) => (
              <li key={n} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-0.5 -start-[2.72rem] flex h-8 w-8 items-center justify-center rounded-full bg-brand-green text-sm font-bold text-brand-yellow ring-4 ring-white"
                >
                  {n}
                </span>
                <h3 className="font-display text-2xl font-semibold text-brand-green">{t[`story${n}Title`]}</h3>
                <p className="mt-3 text-lg leading-relaxed text-slate-700">{t[`story${n}Text`]}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="promise-heading" className="bg-brand-sand py-20 sm:py-24">
        <div className="wrap grid items-center gap-12 lg:grid-cols-2">
          <SectionHeading
            id="promise-heading"
            eyebrow={t.promiseEyebrow}
            title={t.promiseTitle}
            lead={t.promiseLead}
            align="left"
          />
          <ul className="space-y-4">
            {PROMISES.map((n) => (
              <li key={n} className="flex gap-4 rounded-2xl bg-white p-5 shadow-card">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-green text-brand-yellow">
                  <Icon name="check" />
                </span>
                <span className="pt-1 text-lg leading-relaxed text-slate-700">{t[`promise${n}`]}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-heading" className="on-dark bg-brand-green py-16">
        <div className="wrap flex flex-col items-start gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="about-cta-heading" className="font-display text-3xl font-semibold text-white sm:text-4xl">
              {t.ctaTitle}
            </h2>
            <p className="mt-3 text-lg text-white/85">{t.ctaText}</p>
          </div>
          <div className="flex flex-wrap gap-4">
            <Link to={lp('/consult')} className={buttonClass('primary', 'lg')}>
              {t.bookConsultation}
            </Link>
            <Link to={lp('/courses')} className={buttonClass('outline-light', 'lg')}>
              {t.exploreCourses}
              <Icon name="arrow-right" />
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
