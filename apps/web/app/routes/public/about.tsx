import { MENTOR_PLACEHOLDER } from '@oasis/shared/limits';
import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { fmt } from '@oasis/shared/i18n/define';
import { Link } from '~/components/page-link';
import { PageHeader } from '~/components/layout/page-header';
import { type MentorView, mentorView, personLd } from '~/components/mentor/mentor-view';
import { buttonClass } from '~/components/ui/button';
import { Icon, type IconName } from '~/components/ui/icons';
import { coverSizes, Picture } from '~/components/ui/picture';
import { RichText } from '~/components/ui/rich-text';
import { SectionHeading } from '~/components/ui/section-heading';
import { TestimonialsSection } from '~/components/reviews/testimonials';
import { testimonialsFor } from '@oasis/shared/reviews';
import { ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/about';
import { loadPart } from './sections/load-part';

/**
 * The page's texts in its language (the `about` namespace), the mentor's profile as the page shows
 * it (null before the owner saves one, or when it fails to load: the page then shows its own
 * story), and its head with the mentor's `Person` data.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const t = messagesFor(context.locale).about;
  const [root, profile, testimonials] = await Promise.all([
    headContext(context),
    loadPart('about', 'the mentor', context.site.mentor(), null),
    loadPart('about', 'the testimonials', context.site.testimonials(), []),
  ]);
  const mentor = profile ? mentorView(profile, context.locale) : null;
  return {
    t,
    mentor,
    testimonials: testimonialsFor(testimonials, 'about'),
    head: buildHead(root, {
      title: t.title,
      description: t.headDescription,
      path: '/about',
      ...(mentor?.portrait && {
        image: {
          url: mentor.portrait.url,
          width: mentor.portrait.width,
          height: mentor.portrait.height,
          alt: fmt(t.portraitAlt, { name: mentor.name.text }),
        },
      }),
      jsonLd: mentor ? [personLd(mentor, root.settings, root.siteUrl)] : [],
    }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** The numbered parts of the page's lists: their texts are `stat1Value`, `story1Title`, `promise1`… */
const STATS = [1, 2, 3, 4] as const;
const STORY = [1, 2, 3, 4, 5] as const;
const PROMISES = [1, 2, 3, 4] as const;

type AboutTexts = Route.ComponentProps['loaderData']['t'];

/** Icons of the social links; X has none of its own, so it shows its name only. */
const SOCIAL_ICONS: Partial<Record<MentorView['social'][number]['key'], IconName>> = {
  linkedin: 'linkedin',
  instagram: 'instagram',
  youtube: 'youtube',
  website: 'globe',
};

export default function About({ loaderData }: Route.ComponentProps) {
  const { t, mentor, testimonials } = loaderData;
  const { lp } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.eyebrow} title={t.title} lead={t.lead} />

      {mentor && <MentorSection mentor={mentor} t={t} />}

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
          {mentor?.story.text ? (
            <RichText html={mentor.story.text} attrs={mentor.story.attrs} className="text-lg" />
          ) : (
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
          )}
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
      <div className="bg-white">
        <TestimonialsSection items={testimonials} className="wrap py-16" />
      </div>
    </main>
  );
}

/** Who the mentor is: portrait (cropped at its focal point), name, job title, bio, credentials and links. */
function MentorSection({ mentor, t }: { mentor: MentorView; t: AboutTexts }) {
  const name = mentor.name.text;
  return (
    <section aria-labelledby="mentor-heading" className="bg-white py-16 sm:py-20">
      <div className="wrap grid items-start gap-10 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] lg:gap-16">
        <div className="mx-auto aspect-[4/5] w-full max-w-sm overflow-hidden rounded-[2rem] bg-brand-mist shadow-card md:max-w-none">
          {/* A neutral silhouette (decorative) until the owner uploads a photo. */}
          <Picture
            image={mentor.portrait}
            src={MENTOR_PLACEHOLDER}
            alt={mentor.portrait ? fmt(t.portraitAlt, { name }) : ''}
            sizes={coverSizes(mentor.portrait, [
              { minWidth: 1024, px: 460, aspect: 4 / 5 },
              { minWidth: 768, vw: 36, aspect: 4 / 5 },
              { minWidth: 416, px: 384, aspect: 4 / 5 },
              { vw: 92, aspect: 4 / 5 },
            ])}
            width={480}
            height={600}
            eager
            focus={mentor.portrait ? mentor.portraitFocus : undefined}
            className="h-full w-full object-cover"
          />
        </div>
        <div>
          <p className="eyebrow mb-3 text-brand-gold">{t.mentorEyebrow}</p>
          <h2
            id="mentor-heading"
            className="font-display text-3xl font-semibold leading-tight text-brand-green sm:text-4xl"
            {...mentor.name.attrs}
          >
            {name}
          </h2>
          {mentor.jobTitle.text && (
            <p className="mt-2 text-xl font-medium text-brand-gold" {...mentor.jobTitle.attrs}>
              {mentor.jobTitle.text}
            </p>
          )}
          {mentor.bio.text && (
            <p className="mt-5 text-lg leading-relaxed text-slate-700" {...mentor.bio.attrs}>
              {mentor.bio.text}
            </p>
          )}
          {mentor.credentials.items.length > 0 && (
            <div className="mt-8">
              <h3 id="credentials-heading" className="text-sm font-bold uppercase tracking-wide text-slate-600">
                {t.credentialsTitle}
              </h3>
              <ul aria-labelledby="credentials-heading" className="mt-3 space-y-2" {...mentor.credentials.attrs}>
                {mentor.credentials.items.map((credential) => (
                  <li key={credential} className="flex gap-3 text-slate-800">
                    <span className="mt-0.5 flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-green text-brand-yellow">
                      <Icon name="check" className="h-4 w-4" />
                    </span>
                    <span>{credential}</span>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {mentor.social.length > 0 && (
            <div className="mt-8">
              <h3 id="mentor-links-heading" className="text-sm font-bold uppercase tracking-wide text-slate-600">
                {t.findMeOnline}
              </h3>
              <ul aria-labelledby="mentor-links-heading" className="mt-3 flex flex-wrap gap-3">
                {mentor.social.map(({ key, url }) => {
                  const icon = SOCIAL_ICONS[key];
                  return (
                    <li key={key}>
                      <a
                        href={url}
                        rel="me noopener"
                        target="_blank"
                        aria-label={fmt(t.socialLink, { name, network: t[key] })}
                        className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 px-4 py-2 text-sm font-semibold text-brand-green hover:border-brand-green hover:bg-brand-mist"
                      >
                        {icon && <Icon name={icon} />}
                        <span aria-hidden="true">{t[key]}</span>
                      </a>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
