import type { CourseDetail } from '@oasis/shared/api';
import { excerpt, stripHtml } from '@oasis/shared/format';
import { messagesFor, translateText } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import { fmt } from '@oasis/shared/i18n/define';
import { localePath } from '@oasis/shared/i18n/locales';
import { FALLBACK_THUMBNAIL } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import { data, redirect } from 'react-router';
import { PurchaseAction } from '~/components/course/purchase-action';
import { PageHeader } from '~/components/layout/page-header';
import { ContentText } from '~/components/ui/content-text';
import { Icon } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { RichText, richOrEmpty } from '~/components/ui/rich-text';
import { Island, ISLANDS_PAGE } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { absoluteUrl, buildHead, headContext, notFoundHead, organizationRef, type RootData } from '~/lib/seo';
import type { Route } from './+types/course';
import { errorTitle, headFromError, RouteError } from './sections/page-error';

export async function loader({ params, context }: Route.LoaderArgs) {
  const [root, course] = await Promise.all([headContext(context), context.site.course(params.slug)]);
  if (!course) {
    const title = translateText(MESSAGES.courseNotFound, context.locale);
    throw data({ title, head: notFoundHead(root, title) }, { status: 404 });
  }
  // Reached by id (or an old spelling): move to the one canonical address, in the page's language.
  if (course.slug !== params.slug) throw redirect(localePath(context.locale, `/courses/${course.slug}`), 301);
  const { title, titleAr, description, descriptionAr, courseOutcome, ...facts } = course;
  // The owner's texts in the page's language, each falling back to the English (`inLocale`).
  const text = {
    title: inLocale(context.locale, title, titleAr),
    description: inLocale(context.locale, richOrEmpty(description), richOrEmpty(descriptionAr)),
    // Written in English only: marked as such on Arabic pages.
    outcome: inLocale(context.locale, richOrEmpty(courseOutcome), undefined),
  };
  return {
    course: facts,
    text,
    lead: excerpt(text.description.text, 180, '…'),
    // Resolved here rather than in the page, so that the page's code does not carry them.
    author: course.author.trim() || root.settings.brandName,
    imageUrl: course.thumbnailUrl || FALLBACK_THUMBNAIL,
    head: courseHead(root, course, text),
  };
}

type CourseTexts = Record<'title' | 'description', ReturnType<typeof inLocale>>;

/** The course's share image: its stored thumbnail, else its thumbnail URL, else the fallback. */
function shareImage(course: CourseDetail, title: string) {
  if (course.thumbnail) {
    return {
      url: course.thumbnail.url,
      width: course.thumbnail.width,
      height: course.thumbnail.height,
      alt: title,
    };
  }
  return { url: course.thumbnailUrl || FALLBACK_THUMBNAIL, alt: title };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error || !loaderData ? headFromError(error) : loaderData.head;

/** The head in the page's language: the course's Arabic title and description on Arabic pages when it has them. */
function courseHead(root: RootData, course: CourseDetail, text: CourseTexts) {
  const { siteUrl, locale } = root;
  const path = `/courses/${course.slug}`;
  const title = text.title.text;
  const description =
    excerpt(text.description.text, 155, '…') || fmt(messagesFor(locale).course.metaDescription, { title });
  const image = shareImage(course, title);
  // The language of the text described: the description's, or the title's when there is none.
  const shown = text.description.text ? text.description : text.title;
  return buildHead(root, {
    title,
    description,
    path,
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: title,
        description: stripHtml(text.description.text) || description,
        url: absoluteUrl(siteUrl, path),
        image: absoluteUrl(siteUrl, image.url),
        inLanguage: shown.attrs.lang ?? locale,
        provider: organizationRef(root.settings, siteUrl),
        offers: {
          '@type': 'Offer',
          category: course.price > 0 ? 'Paid' : 'Price on application',
          ...(course.price > 0 ? { price: course.price.toFixed(2), priceCurrency: 'AED' } : {}),
          availability: course.comingSoon ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock',
          url: absoluteUrl(siteUrl, path),
        },
        hasCourseInstance: { '@type': 'CourseInstance', courseMode: 'Online' },
      },
    ],
  });
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { course, text, lead, author, imageUrl } = loaderData;
  const { t, fmt, plural, lp, money, locale } = useI18n();
  const lessons = course.modules.reduce((sum, m) => sum + m.videos.length, 0);
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        eyebrow={course.comingSoon ? t.course.comingSoon : t.course.onlineCourse}
        title={text.title.text}
        titleAttrs={text.title.attrs}
        lead={lead}
        leadAttrs={text.description.attrs}
        crumbs={[{ to: lp('/courses'), label: t.nav.courses }]}
      >
        <ul className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-white/90">
          <li className="inline-flex items-center gap-2">
            <Icon name="user" className="text-brand-yellow" />
            <span>
              <span className="sr-only">{t.course.author}</span>
              {author}
            </span>
          </li>
          <li className="inline-flex items-center gap-2">
            <Icon name="users" className="text-brand-yellow" />
            {plural(t.course.students, course.students)}
          </li>
          {course.modules.length > 0 && (
            <li className="inline-flex items-center gap-2">
              <Icon name="layers" className="text-brand-yellow" />
              {fmt(t.course.modulesAndLessons, {
                modules: plural(t.course.modules, course.modules.length),
                lessons: plural(t.course.lessons, lessons),
              })}
            </li>
          )}
        </ul>
      </PageHeader>

      <div className="bg-white py-12 sm:py-16">
        <div className="wrap grid gap-10 lg:grid-cols-[minmax(0,1fr)_22rem] lg:gap-x-12">
          <div className="aspect-video overflow-hidden rounded-2xl bg-brand-mist shadow-card lg:col-start-1">
            <Picture
              image={course.thumbnail}
              src={imageUrl}
              alt={text.title.text}
              sizes="(min-width: 1280px) 800px, (min-width: 1024px) 62vw, 92vw"
              width={1600}
              height={900}
              priority
              className="h-full w-full object-cover"
            />
          </div>
          {/* On a phone the price and Buy Now come right after the picture; on a desktop they stay beside the page. */}
          <aside
            aria-label={t.course.enrol}
            className="lg:sticky lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
          >
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card-hover">
              <p className="text-sm font-semibold uppercase tracking-[0.18em] text-slate-600">{t.course.price}</p>
              <p className="mt-1 font-display text-4xl font-semibold text-brand-green">
                {course.price ? money(course.price) : t.course.poa}
              </p>
              <Island
                name="purchase"
                component={PurchaseAction}
                props={{
                  course: {
                    slug: course.slug,
                    price: course.price,
                    comingSoon: course.comingSoon,
                    hasAccess: course.hasAccess,
                  },
                }}
              />
              <ul className="mt-6 space-y-3 border-t border-slate-100 pt-6 text-slate-700">
                {[
                  t.course.featureSelfPaced,
                  t.course.featureAnyDevice,
                  t.course.featureProgress,
                  t.course.featureQuiz,
                ].map((item) => (
                  <li key={item} className="flex gap-3">
                    <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-green-light" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </aside>
          <div className="min-w-0 space-y-14 lg:col-start-1">
            <section aria-labelledby="about-course">
              <h2 id="about-course" className="font-display text-3xl font-semibold text-brand-green">
                {t.course.about}
              </h2>
              <RichText html={text.description.text} attrs={text.description.attrs} empty={t.course.aboutEmpty} />
            </section>

            <section aria-labelledby="outcomes" className="rounded-2xl bg-brand-sand p-6 sm:p-8">
              <h2 id="outcomes" className="font-display text-3xl font-semibold text-brand-green">
                {t.course.outcomes}
              </h2>
              <RichText html={text.outcome.text} attrs={text.outcome.attrs} empty={t.course.outcomesEmpty} />
            </section>

            <section aria-labelledby="curriculum">
              <h2 id="curriculum" className="font-display text-3xl font-semibold text-brand-green">
                {t.course.content}
              </h2>
              {course.modules.length === 0 ? (
                <p className="mt-4 text-lg text-slate-700">{t.course.lessonsPreparing}</p>
              ) : (
                <ol className="mt-6 space-y-3">
                  {course.modules.map((module, index) => {
                    const moduleTitle = inLocale(locale, module.title, module.titleAr);
                    return (
                      <li key={module._id}>
                        <details
                          className="group rounded-xl border border-slate-200 bg-white open:shadow-card"
                          open={index === 0}
                        >
                          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 [&::-webkit-details-marker]:hidden">
                            <span>
                              <span className="block text-xs font-bold uppercase tracking-[0.18em] text-brand-gold">
                                {fmt(t.course.module, { number: index + 1 })}
                              </span>
                              <span
                                className="mt-1 block text-lg font-semibold text-brand-green"
                                {...moduleTitle.attrs}
                              >
                                {moduleTitle.text}
                              </span>
                            </span>
                            <span className="shrink-0 text-sm text-slate-600">
                              {plural(t.course.lessons, module.videos.length)}
                            </span>
                          </summary>
                          {module.videos.length > 0 && (
                            <ol className="border-t border-slate-100 px-5 py-3">
                              {module.videos.map((video) => {
                                const lesson = inLocale(locale, video.title, video.titleAr);
                                return (
                                  <li key={video._id} className="flex items-center gap-3 py-2 text-slate-700">
                                    <Icon name="video" className="shrink-0 text-brand-green-light" />
                                    <ContentText value={lesson} />
                                  </li>
                                );
                              })}
                            </ol>
                          )}
                        </details>
                      </li>
                    );
                  })}
                </ol>
              )}
            </section>
          </div>
        </div>
      </div>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t, lp } = useI18n();
  return (
    <RouteError
      error={error}
      notFound={{
        title: errorTitle(error),
        message: t.course.notFoundText,
        action: { to: lp('/courses'), label: t.course.browseAll },
      }}
      failure={{ title: t.course.failedTitle, message: t.course.failedText }}
    />
  );
}
