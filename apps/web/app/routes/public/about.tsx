import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { SectionHeading } from '~/components/ui/section-heading';
import { seo } from '~/lib/seo';
import type { Route } from './+types/about';
import { ISLANDS_PAGE } from '~/islands/island';

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ matches }) =>
  seo(matches, {
    title: 'Why Choose Me',
    description:
      'Over 26 years in property: a UK mortgage qualification, 16 years at a housing association, years of volunteering and a licensed Dubai off-plan specialist.',
    path: '/about',
  });

const STATS = [
  { value: '26+', label: 'years in property and finance' },
  { value: '16', label: 'years at a UK housing association' },
  { value: 'RERA', label: 'licensed in Dubai' },
  { value: '1:1', label: 'guidance, start to finish' },
];

const STORY = [
  {
    title: 'Where it started: the UK',
    text: 'My career began in the UK property and finance world more than 26 years ago. It taught me that good property decisions are made on numbers and honest advice, not on brochures.',
  },
  {
    title: 'Qualified in mortgages',
    text: 'I trained and qualified as a mortgage adviser, so I understand lending from the inside: affordability, loan-to-value, fees and the fine print that changes what a property really costs you.',
  },
  {
    title: '16 years at a housing association',
    text: 'For sixteen years I worked with a housing association, helping families and first-time buyers into homes they could afford and keep. It is where I learnt to explain complex things simply and patiently.',
  },
  {
    title: 'Giving back',
    text: 'Alongside my work I have volunteered for years, supporting people with housing, budgeting and getting back on their feet. That sense of responsibility shapes how I advise today.',
  },
  {
    title: 'Dubai off-plan specialist',
    text: 'Today I specialise in Dubai off-plan property and hold a licence from the Real Estate Regulatory Agency (RERA). I help investors and families from around the world buy with clear eyes: the right developer, the right payment plan, the right unit.',
  },
];

const PROMISES = [
  'Straight answers, including when the answer is "don\'t buy this".',
  'Every cost explained up front: fees, service charges and financing.',
  'Developers and projects checked before they reach your shortlist.',
  'Support that continues after you sign, through to handover.',
];

export default function About() {
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        eyebrow="About me"
        title="Why Choose Me"
        lead="Over 26 years of helping people buy, finance and invest in property, first in the UK and now in Dubai."
      />

      <section aria-label="At a glance" className="border-b border-slate-200 bg-white">
        <dl className="mx-auto grid max-w-7xl grid-cols-2 gap-px bg-slate-200 md:grid-cols-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="flex flex-col-reverse justify-end bg-white px-4 py-8 text-center sm:px-6">
              <dt className="mt-1 text-sm text-slate-600">{stat.label}</dt>
              <dd className="font-display text-3xl font-semibold text-brand-green sm:text-4xl">{stat.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="story-heading" className="bg-white py-20 sm:py-24">
        <div className="wrap grid gap-14 lg:grid-cols-[1fr_1.4fr]">
          <div className="lg:sticky lg:top-28 lg:self-start">
            <SectionHeading
              id="story-heading"
              eyebrow="My story"
              title="Experience you can lean on"
              lead="Buying property abroad is a big decision. You deserve advice from someone who has spent a career on the lending, housing and investing side of it."
              align="left"
            />
          </div>
          <ol className="relative space-y-10 border-s-2 border-brand-yellow/60 ps-8">
            {STORY.map((step, index) => (
              <li key={step.title} className="relative">
                <span
                  aria-hidden="true"
                  className="absolute top-0.5 -start-[2.72rem] flex h-8 w-8 items-center justify-center rounded-full bg-brand-green text-sm font-bold text-brand-yellow ring-4 ring-white"
                >
                  {index + 1}
                </span>
                <h3 className="font-display text-2xl font-semibold text-brand-green">{step.title}</h3>
                <p className="mt-3 text-lg leading-relaxed text-slate-700">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section aria-labelledby="promise-heading" className="bg-brand-sand py-20 sm:py-24">
        <div className="wrap grid items-center gap-12 lg:grid-cols-2">
          <SectionHeading
            id="promise-heading"
            eyebrow="Working together"
            title="What you can expect"
            lead="I only take on clients I can genuinely help, and I tell you early if something does not fit your goals."
            align="left"
          />
          <ul className="space-y-4">
            {PROMISES.map((promise) => (
              <li key={promise} className="flex gap-4 rounded-2xl bg-white p-5 shadow-card">
                <span className="flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-brand-green text-brand-yellow">
                  <Icon name="check" />
                </span>
                <span className="pt-1 text-lg leading-relaxed text-slate-700">{promise}</span>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="about-cta-heading" className="on-dark bg-brand-green py-16">
        <div className="wrap flex flex-col items-start gap-8 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="about-cta-heading" className="font-display text-3xl font-semibold text-white sm:text-4xl">
              Let&apos;s talk about your plans
            </h2>
            <p className="mt-3 text-lg text-white/85">A free consultation, with no obligation and no pressure.</p>
          </div>
          <div className="flex flex-wrap gap-4">
            <Link to="/consult" className={buttonClass('primary', 'lg')}>
              Book a Free Consultation
            </Link>
            <Link to="/courses" className={buttonClass('outline-light', 'lg')}>
              Explore Courses
              <Icon name="arrow-right" />
            </Link>
          </div>
        </div>
      </section>
    </main>
  );
}
