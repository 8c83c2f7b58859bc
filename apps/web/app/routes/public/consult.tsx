import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { ConsultationForm } from '~/components/leads/consultation-form';
import { consultationFormData } from '~/components/leads/form-data';
import { Icon } from '~/components/ui/icons';
import { SectionHeading } from '~/components/ui/section-heading';
import { Island, ISLANDS_PAGE } from '~/islands/island';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/consult';
import { loadPart } from './sections/load-part';
import { videoSection } from './sections/video-items';
import { VideoSection } from './sections/video-section';

export async function loader({ context }: Route.LoaderArgs) {
  const [root, podcasts] = await Promise.all([
    headContext(context),
    loadPart('consult', 'videos', context.site.podcasts(), []),
  ]);
  // Page copy travels as loader data (decision 009): the page's code holds only its markup.
  const text = messagesFor(context.locale).consult;
  return {
    text,
    benefits: [text.benefit1, text.benefit2, text.benefit3, text.benefit4],
    steps: [
      { title: text.step1Title, text: text.step1Text },
      { title: text.step2Title, text: text.step2Text },
      { title: text.step3Title, text: text.step3Text },
    ],
    form: consultationFormData(context.locale),
    videos: videoSection(podcasts, 'consult', context.locale),
    head: buildHead(root, {
      title: text.metaTitle,
      description: text.metaDescription,
      path: '/consult',
    }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** The consultation landing page: the booking form up front (docs/product.md#consultation). */
export default function Consult({ loaderData }: Route.ComponentProps) {
  const { text, benefits, steps } = loaderData;
  return (
    <main id="main" tabIndex={-1}>
      <section aria-labelledby="consult-title" className="on-dark relative overflow-hidden bg-brand-green text-white">
        <div aria-hidden="true" className="glow-consult absolute inset-0" />
        {/* Below the fixed top navigation (4.5rem), which brings the menu and the language switch. */}
        <div className="wrap relative pt-[4.5rem] pb-16 lg:pb-24">
          <div className="mt-12 grid items-start gap-12 lg:grid-cols-[1fr_1.05fr]">
            <div className="lg:pt-6">
              <p className="eyebrow text-brand-yellow">{text.eyebrow}</p>
              <h1 id="consult-title" className="mt-4 font-display text-4xl font-semibold leading-tight sm:text-5xl">
                {text.title}
              </h1>
              <p className="mt-6 max-w-xl text-lg leading-relaxed text-white/85">{text.lead}</p>
              <ul className="mt-8 space-y-4">
                {benefits.map((benefit) => (
                  <li key={benefit} className="flex gap-3 text-lg">
                    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-yellow text-brand-green-dark">
                      <Icon name="check" className="h-4 w-4" />
                    </span>
                    {benefit}
                  </li>
                ))}
              </ul>
            </div>
            <div id="book" className="rounded-2xl bg-white p-6 text-slate-900 shadow-2xl sm:p-8">
              <h2 className="font-display text-2xl font-semibold text-brand-green">{text.formTitle}</h2>
              <p className="mt-2 text-slate-600">{text.formNote}</p>
              <div className="mt-6">
                <Island name="consultationForm" component={ConsultationForm} props={{ data: loaderData.form }} />
              </div>
            </div>
          </div>
        </div>
      </section>

      <section aria-labelledby="steps-heading" className="bg-white py-20">
        <div className="wrap">
          <SectionHeading id="steps-heading" eyebrow={text.stepsEyebrow} title={text.stepsTitle} />
          <ol className="mt-12 grid gap-6 md:grid-cols-3">
            {steps.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-7 shadow-card">
                <span className="font-display text-4xl font-semibold text-brand-gold" aria-hidden="true">
                  0{index + 1}
                </span>
                <h3 className="mt-3 font-display text-xl font-semibold text-brand-green">{step.title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <Island name="videos" component={VideoSection} props={{ section: loaderData.videos }} />
    </main>
  );
}
