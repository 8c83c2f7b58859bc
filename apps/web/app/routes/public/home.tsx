import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { fmt } from '@oasis/shared/i18n/define';
import { Link } from '~/components/page-link';
import { ConsultationButton } from '~/components/leads/consultation-button';
import { Icon } from '~/components/ui/icons';
import { buttonClass } from '~/components/ui/button';
import { coverSizes, fittedAspect, Picture } from '~/components/ui/picture';
import { SectionHeading } from '~/components/ui/section-heading';
import { TestimonialsSection } from '~/components/reviews/testimonials';
import { testimonialsFor } from '@oasis/shared/reviews';
import { Island, ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { absoluteUrl, buildHead, headContext, organizationLd } from '~/lib/seo';
import type { Route } from './+types/home';
import { loadPart } from './sections/load-part';
import { CourseCard } from './sections/course-card';
import { TEASER_QUERY, teaserCourses } from './sections/course-teaser';
import {
  type HeroView,
  type HomeTexts,
  heroView,
  type IntroView,
  introView,
  type Service,
  services,
} from './sections/home-content';
import { videoSection } from './sections/video-items';
import { VideoSection } from './sections/video-section';

/** Home content; a part that fails to load is logged and replaced by its fallback (docs/product.md#home). */
export async function loader({ context }: Route.LoaderArgs) {
  const { site, locale } = context;
  const t = messagesFor(locale).home;
  const [root, hero, intro, courses, podcasts, testimonials] = await Promise.all([
    headContext(context),
    loadPart('home', 'hero', site.hero(), null),
    loadPart('home', 'intro', site.intro(), null),
    loadPart(
      'home',
      'courses',
      site.cataloguePage(TEASER_QUERY).then((page) => page.courses),
      null,
    ),
    loadPart('home', 'podcasts', site.podcasts(), []),
    loadPart('home', 'testimonials', site.testimonials(), []),
  ]);
  return {
    t,
    hero: heroView(hero, t, locale),
    intro: introView(intro, t, locale),
    services: services(t),
    teaser: teaserCourses(courses, locale, root.settings.enrolmentThreshold),
    videos: videoSection(podcasts, 'default', locale),
    testimonials: testimonialsFor(testimonials, 'home'),
    head: buildHead(root, {
      title: fmt(t.headTitle, { brand: root.settings.brandName }),
      fullTitle: true,
      description: t.headDescription,
      path: '/',
      jsonLd: [
        organizationLd(root.settings, root.siteUrl),
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: root.settings.brandName,
          url: absoluteUrl(root.siteUrl, '/'),
        },
      ],
    }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { t, hero, intro, services, teaser, videos, testimonials } = loaderData;
  return (
    <main id="main" tabIndex={-1}>
      <HeroSection hero={hero} t={t} />
      <IntroSection intro={intro} t={t} />
      <ServicesSection services={services} t={t} />
      <Island name="videos" component={VideoSection} props={{ section: videos }} />
      <section aria-labelledby="consult-heading" className="on-dark relative overflow-hidden bg-brand-green">
        <div aria-hidden="true" className="glow-gold absolute inset-0" />
        <div className="wrap relative flex flex-col items-start gap-8 py-16 md:flex-row md:items-center md:justify-between">
          <div className="max-w-2xl">
            <h2 id="consult-heading" className="font-display text-3xl font-semibold text-white sm:text-4xl">
              {t.consultTitle}
            </h2>
            <p className="mt-4 text-lg leading-relaxed text-white/85">{t.consultText}</p>
          </div>
          <Island
            name="consultationButton"
            component={ConsultationButton}
            props={{ label: t.consultButton, className: 'shrink-0' }}
          />
        </div>
      </section>
      {/* No published course yet: no empty section (the owner publishes one to show it). */}
      {teaser.length > 0 && <CoursesTeaser courses={teaser} t={t} />}
      <div className="bg-white">
        <TestimonialsSection items={testimonials} className="wrap py-16" />
      </div>
    </main>
  );
}

function HeroSection({ hero, t }: { hero: HeroView; t: HomeTexts }) {
  const { lp } = useI18n();
  const { title, subtitle } = hero;
  return (
    <section
      aria-labelledby="hero-heading"
      className="on-dark relative isolate flex min-h-[100svh] items-center overflow-hidden bg-brand-green-dark text-white"
    >
      {hero.image ? (
        <Picture
          image={hero.image}
          alt=""
          sizes="100vw"
          width={1600}
          height={900}
          priority
          pictureClassName="absolute inset-0 -z-20"
          className="h-full w-full object-cover"
          focus={hero.imageFocus}
        />
      ) : (
        <div aria-hidden="true" className="hero-fallback absolute inset-0 -z-20" />
      )}
      {/* Keeps white text readable on any photo (AA contrast) and the transparent navigation legible. */}
      <div aria-hidden="true" className="hero-shade absolute inset-0 -z-10" />
      <div className="wrap pt-28 pb-32">
        <div className="max-w-3xl">
          <p className="pill-dark eyebrow mb-5 text-brand-yellow">{t.heroEyebrow}</p>
          <h1
            id="hero-heading"
            className="font-display text-[2.6rem] font-semibold leading-[1.08] sm:text-6xl lg:text-7xl"
            {...title.attrs}
          >
            {title.text}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-white/90 sm:text-xl" {...subtitle.attrs}>
            {subtitle.text}
          </p>
          <div className="mt-10 flex flex-wrap gap-4">
            <Link to={lp('/courses')} className={buttonClass('primary', 'lg')}>
              {t.exploreCourses}
              <Icon name="arrow-right" />
            </Link>
            <Link to={lp('/consult')} className={buttonClass('outline-light', 'lg')}>
              {t.freeConsultation}
            </Link>
          </div>
        </div>
      </div>
      {/* A plain in-page link: works without JavaScript; CSS makes it smooth unless motion is reduced. */}
      <a href="#intro" className="scroll-cue">
        {t.scroll}
        <Icon name="chevron-down" className="motion-safe:animate-bounce" />
      </a>
    </section>
  );
}

function IntroSection({ intro: text, t }: { intro: IntroView; t: HomeTexts }) {
  const { lp } = useI18n();
  const introAspect = fittedAspect(text.image, 4 / 5, 4 / 3);
  return (
    <section id="intro" tabIndex={-1} aria-labelledby="intro-heading" className="bg-white py-20 sm:py-28">
      <div className="wrap grid items-center gap-12 lg:grid-cols-2 lg:gap-20">
        <div className="relative mx-auto w-full max-w-lg lg:max-w-none">
          <div
            aria-hidden="true"
            className="absolute -top-3 -start-3 h-full w-full rounded-[2rem] border-2 border-brand-yellow sm:-top-4 sm:-start-4"
          />
          {/* From sm up the frame follows the photo's shape (portrait to 4:3): a landscape photo is not cut to a portrait. */}
          <div
            className="relative aspect-[4/3] overflow-hidden rounded-[2rem] bg-brand-mist shadow-card sm:aspect-(--intro-aspect)"
            style={{ '--intro-aspect': introAspect } as React.CSSProperties}
          >
            <Picture
              image={text.image}
              fallback={text.fallbackImage}
              alt={text.image ? text.heading.text : ''}
              sizes={coverSizes(text.image, [
                { minWidth: 1024, px: 560, aspect: introAspect },
                { minWidth: 640, px: 512, aspect: introAspect },
                { vw: 92, aspect: 4 / 3 },
              ])}
              width={800}
              height={1000}
              className="h-full w-full object-cover"
              focus={text.imageFocus}
            />
          </div>
          <div className="absolute -end-3 -bottom-6 rounded-2xl bg-brand-green px-6 py-4 text-white shadow-xl sm:-end-6">
            <p className="font-display text-4xl font-semibold text-brand-yellow">{t.yearsValue}</p>
            <p className="text-sm font-medium">{t.yearsLabel}</p>
          </div>
        </div>
        <div>
          <SectionHeading
            id="intro-heading"
            eyebrow={text.eyebrow ?? undefined}
            title={text.heading.text}
            titleAttrs={text.heading.attrs}
            align="left"
          />
          <p className="mt-6 text-xl font-medium leading-relaxed text-brand-gold" {...text.subheading.attrs}>
            {text.subheading.text}
          </p>
          <p className="mt-5 text-lg leading-relaxed text-slate-700" {...text.paragraph1.attrs}>
            {text.paragraph1.text}
          </p>
          <p className="mt-4 text-lg leading-relaxed text-slate-700" {...text.paragraph2.attrs}>
            {text.paragraph2.text}
          </p>
          <Link to={lp('/about')} className={buttonClass('secondary', 'lg', 'mt-8')}>
            {t.whyChooseMe}
            <Icon name="arrow-right" />
          </Link>
        </div>
      </div>
    </section>
  );
}

function ServicesSection({ services, t }: { services: Service[]; t: HomeTexts }) {
  return (
    <section aria-labelledby="services-heading" className="bg-brand-mist/60 py-20 sm:py-24">
      <div className="wrap">
        <SectionHeading
          id="services-heading"
          eyebrow={t.servicesEyebrow}
          title={t.servicesTitle}
          lead={t.servicesLead}
        />
        <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {services.map(({ icon, title, text }) => {
            return (
              <li key={title} className="feature-card">
                <span className="icon-tile bg-brand-green text-brand-yellow">
                  <Icon name={icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 font-display text-xl font-semibold text-brand-green">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}

function CoursesTeaser({ courses, t }: { courses: ReturnType<typeof teaserCourses>; t: HomeTexts }) {
  const { lp } = useI18n();
  return (
    <section aria-labelledby="courses-heading" className="bg-white py-20 sm:py-24">
      <div className="wrap">
        <SectionHeading id="courses-heading" eyebrow={t.coursesEyebrow} title={t.coursesTitle} lead={t.coursesLead} />
        <ul className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
          {courses.map((course) => (
            <li key={course.key}>
              <CourseCard course={course} />
            </li>
          ))}
        </ul>
        <div className="mt-14 text-center">
          <Link to={lp('/courses')} className={buttonClass('secondary', 'lg')}>
            {t.exploreCourses}
            <Icon name="arrow-right" />
          </Link>
        </div>
      </div>
    </section>
  );
}
