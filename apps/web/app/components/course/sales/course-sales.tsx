import type { ReactNode } from 'react';
import { COURSE_LANGUAGE_KEYS, COURSE_LEVEL_KEYS } from '@oasis/shared/i18n/ns/course';
import { formatLessonLength } from '@oasis/shared/admin/modules';
import { inLocale } from '@oasis/shared/i18n/content';
import { PurchaseAction } from '~/components/course/purchase-action';
import { PageHeader } from '~/components/layout/page-header';
import { ContentText } from '~/components/ui/content-text';
import { Icon, type IconName } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { RichText } from '~/components/ui/rich-text';
import { Island } from '~/islands/island';
import { useI18n } from '~/lib/i18n';
import { LessonPreview } from './lesson-preview';
import type { CourseSalesData } from './sales-data';
import { WaitlistForm } from './waitlist-form';

/**
 * The course page as the public sees it (docs/product.md#course-page), from `courseSalesData`: the
 * public route renders it, and so does the admin's preview of a draft. The price and the button sit
 * beside the page from `lg` (sticky), and in a bar fixed to the bottom of a phone's screen; the bar
 * is `position: sticky` at the end of <main>, so it stops above the footer instead of covering it.
 */
export function CourseSalesView({
  data,
  instructor,
  preview = false,
}: {
  data: CourseSalesData;
  instructor?: React.ReactNode;
  /** Inside the admin's preview: the admin shell has the page's <main>. */
  preview?: boolean;
}) {
  const Main = preview ? 'div' : 'main';
  const { course, text, author, imageUrl, showStudents, lessons, totalSeconds, freePreviews } = data;
  const { t, fmt, plural, lp, money, day, locale } = useI18n();
  const purchase = {
    slug: course.slug,
    price: course.price,
    comingSoon: course.comingSoon,
    hasAccess: course.hasAccess,
  };
  const price = course.price ? money(course.price) : t.course.priceOnRequest;
  const length = formatTotal(totalSeconds, t.course, fmt);
  const lessonsLine = length
    ? fmt(t.course.lessonsAndLength, { lessons: plural(t.course.lessons, lessons), length })
    : plural(t.course.lessons, lessons);
  // Only what this course has: no quiz promised without one, no lesson count before the first lesson.
  const features = [
    lessons > 0 && lessonsLine,
    course.hasQuiz && t.course.featureQuiz,
    freePreviews > 0 && plural(t.course.featureFreePreviews, freePreviews),
    t.course.featureAnyDevice,
    t.course.featureProgress,
  ].filter((item): item is string => Boolean(item));
  return (
    <Main {...(preview ? {} : { id: 'main', tabIndex: -1 })}>
      <PageHeader
        eyebrow={course.comingSoon ? t.course.comingSoon : t.course.onlineCourse}
        title={text.title.text}
        titleAttrs={text.title.attrs}
        lead={text.tagline?.text}
        leadAttrs={text.tagline?.attrs}
        crumbs={[{ to: lp('/courses'), label: t.nav.courses }]}
      >
        <ul aria-label={t.course.facts} className="mt-8 flex flex-wrap gap-x-8 gap-y-3 text-white/90">
          <CourseFact icon="user" label={t.course.author}>
            <span {...author.attrs}>{author.text}</span>
          </CourseFact>
          {showStudents && <CourseFact icon="users">{plural(t.course.students, course.students)}</CourseFact>}
          {lessons > 0 && <CourseFact icon="layers">{lessonsLine}</CourseFact>}
          <CourseFact icon="chart" label={t.course.levelLabel}>
            {t.course[COURSE_LEVEL_KEYS[course.level]]}
          </CourseFact>
          <CourseFact icon="globe" label={t.course.languageLabel}>
            {t.course[COURSE_LANGUAGE_KEYS[course.language]]}
          </CourseFact>
          <CourseFact icon="calendar">{fmt(t.course.lastUpdated, { date: day(course.updatedAt) })}</CourseFact>
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
          {/* On a phone the price and the button come right after the picture; on a desktop they stay beside the page. */}
          <aside
            aria-label={t.course.enrol}
            className="lg:sticky lg:top-28 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start"
          >
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-card-hover">
              <p className="text-sm font-semibold uppercase tracking-[0.18em] text-slate-600">{t.course.price}</p>
              <p className="mt-1 font-display text-4xl font-semibold text-brand-green">{price}</p>
              <Island name="purchase" component={PurchaseAction} props={{ course: purchase }} />
              {course.comingSoon && <WaitlistForm courseId={course._id} />}
              <ul
                data-testid="price-card-features"
                className="mt-6 space-y-3 border-t border-slate-100 pt-6 text-slate-700"
              >
                {features.map((item) => (
                  <li key={item} className="flex gap-3">
                    <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-green-light" />
                    {item}
                  </li>
                ))}
              </ul>
            </div>
          </aside>
          <div className="min-w-0 space-y-14 lg:col-start-1">
            {(text.outcomes.lines.length > 0 || text.outcome.text) && (
              <SalesSection id="outcomes" className="rounded-2xl bg-brand-sand p-6 sm:p-8" title={t.course.outcomes}>
                {text.outcomes.lines.length > 0 ? (
                  <ul className="mt-6 grid gap-3 sm:grid-cols-2" {...text.outcomes.attrs}>
                    {text.outcomes.lines.map((line, index) => (
                      <li key={`${index}:${line}`} className="flex gap-3 text-slate-800">
                        <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-brand-green-light" />
                        <span>{line}</span>
                      </li>
                    ))}
                  </ul>
                ) : (
                  <RichText html={text.outcome.text} attrs={text.outcome.attrs} empty={t.course.outcomesEmpty} />
                )}
              </SalesSection>
            )}

            <SalesSection id="about-course" title={t.course.about}>
              <RichText html={text.description.text} attrs={text.description.attrs} empty={t.course.aboutEmpty} />
            </SalesSection>

            <SalesSection id="curriculum" title={t.course.content}>
              {course.modules.length === 0 ? (
                <p className="mt-4 text-lg text-slate-700">{t.course.lessonsPreparing}</p>
              ) : (
                <ol className="mt-6 space-y-3">
                  {course.modules.map((module, index) => {
                    const moduleTitle = inLocale(locale, module.title, module.titleAr);
                    const hasPreview = module.videos.some((video) => video.freePreview);
                    return (
                      <li key={module._id}>
                        <details
                          className="group rounded-xl border border-slate-200 bg-white open:shadow-card"
                          open={index === 0 || hasPreview}
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
                                const lessonLength = formatLessonLength(video.durationSeconds);
                                return (
                                  <li
                                    key={video._id}
                                    className="flex flex-wrap items-center gap-x-3 gap-y-2 py-2 text-slate-700"
                                  >
                                    <Icon name="video" className="shrink-0 text-brand-green-light" />
                                    {/* The title asks for 12rem: on a phone the badge, Preview and the length
                                        move to a line of their own instead of squeezing it. */}
                                    <span className="min-w-0 flex-1 basis-48">
                                      <ContentText value={lesson} />
                                    </span>
                                    {video.freePreview && (
                                      <span className="shrink-0 rounded-full bg-brand-yellow/30 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-brand-green-dark">
                                        {t.course.freePreview}
                                      </span>
                                    )}
                                    {video.freePreview && (
                                      <Island
                                        name="lessonPreview"
                                        component={LessonPreview}
                                        props={{ videoId: video._id, title: lesson.text }}
                                      />
                                    )}
                                    {lessonLength && (
                                      <span className="shrink-0 text-sm tabular-nums text-slate-600" dir="ltr">
                                        <span className="sr-only">{t.course.lessonLength}</span>
                                        {lessonLength}
                                      </span>
                                    )}
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
            </SalesSection>

            {/* The instructor block (the mentor profile) is placed here: components/mentor/instructor-block.tsx. */}
            {instructor}

            {text.faq.length > 0 && (
              <SalesSection id="course-faq" title={t.course.faq}>
                <div className="mt-6 space-y-3">
                  {text.faq.map((item, index) => (
                    <details
                      key={`${index}:${item.question.text}`}
                      className="group rounded-xl border border-slate-200 bg-white open:shadow-card"
                    >
                      <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-xl px-5 py-4 font-semibold text-brand-green [&::-webkit-details-marker]:hidden">
                        <span {...item.question.attrs}>{item.question.text}</span>
                        <Icon name="chevron-down" className="shrink-0 transition-transform group-open:rotate-180" />
                      </summary>
                      <p
                        className="whitespace-pre-line border-t border-slate-100 px-5 py-4 text-slate-700"
                        {...item.answer.attrs}
                      >
                        {item.answer.text}
                      </p>
                    </details>
                  ))}
                </div>
              </SalesSection>
            )}
          </div>
        </div>
      </div>

      {/* Phones: the price and the button stay in reach while scrolling (hidden from lg, where the card is sticky). */}
      <section
        aria-label={t.course.buyBar}
        className="sticky bottom-0 z-30 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-4px_16px_rgb(15_23_42/0.08)] backdrop-blur lg:hidden"
      >
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4">
          <p className="min-w-0 font-display text-xl font-semibold text-brand-green">
            <span className="sr-only">{t.course.price}: </span>
            {price}
          </p>
          <div className="shrink-0 [&_p]:hidden">
            <Island name="purchase" component={PurchaseAction} props={{ course: purchase, className: 'px-6' }} />
          </div>
        </div>
      </section>
    </Main>
  );
}

/** The course's total length ('3 h 20 min', '45 min'), or '' when no lesson's length is known. */
function formatTotal(
  seconds: number,
  texts: { hoursMinutes: string; minutesOnly: string },
  fmt: (text: string, values: Record<string, string | number>) => string,
): string {
  if (seconds <= 0) return '';
  const minutes = Math.max(1, Math.round(seconds / 60));
  const hours = Math.floor(minutes / 60);
  return hours ? fmt(texts.hoursMinutes, { hours, minutes: minutes % 60 }) : fmt(texts.minutesOnly, { minutes });
}

/** One of the course's facts under its title: an icon, then what it says (after `label`, for screen readers only). */
function CourseFact({ icon, label, children }: { icon: IconName; label?: string; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-2">
      <Icon name={icon} className="text-brand-yellow" />
      {label ? (
        <span>
          <span className="sr-only">{label}</span>
          {children}
        </span>
      ) : (
        children
      )}
    </li>
  );
}

/** A part of the course page, named by its heading. */
function SalesSection({
  id,
  title,
  className,
  children,
}: {
  id: string;
  title: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={className}>
      <h2 id={id} className="font-display text-3xl font-semibold text-brand-green">
        {title}
      </h2>
      {children}
    </section>
  );
}
