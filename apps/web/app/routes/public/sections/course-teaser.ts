import type { CatalogueCourse } from '@oasis/shared/api';
import type { CataloguePageQuery } from '@oasis/shared/catalogue-search';
import { courseSummary } from '@oasis/shared/format';
import { messagesFor } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import { FALLBACK_THUMBNAIL, LIMITS, showsStudentCount } from '@oasis/shared/limits';
import { DEFAULT_ENROLMENT_THRESHOLD } from '@oasis/shared/selling';
import type { CourseCardData } from './course-card';

/**
 * A course as a card, in `locale`: its title and summary in Arabic on Arabic pages where the owner
 * wrote them, else in English (each field on its own, `inLocale`). The learner count shows only
 * from the owner's threshold on (`enrolmentThreshold` of the site settings).
 */
export function toCourseCard(
  course: CatalogueCourse,
  locale: Locale,
  enrolmentThreshold: number = DEFAULT_ENROLMENT_THRESHOLD,
): CourseCardData {
  const title = inLocale(locale, course.title, course.titleAr);
  const summary = inLocale(locale, course.summary, locale === 'ar' ? course.summaryAr : undefined);
  return {
    key: course._id,
    slug: course.slug,
    title: title.text,
    titleAttrs: title.attrs,
    summary: summary.text,
    summaryAttrs: summary.attrs,
    price: course.price,
    comingSoon: course.comingSoon,
    image: course.thumbnail,
    imageUrl: course.thumbnailUrl || FALLBACK_THUMBNAIL,
    students: showsStudentCount(course.students, enrolmentThreshold) ? course.students : undefined,
    ...(course.rating && { rating: course.rating }),
  };
}

/**
 * The six courses of the catalogue (docs/product.md#home; the same titles as the demo seed): shown while the
 * real catalogue is smaller than the teaser, and when it cannot be loaded. Only the first is for sale.
 * Their titles and summaries are in the `home` namespace (`offPlanTitle`, `offPlanSummary`…).
 */
const PLACEHOLDERS = [
  { key: 'placeholder-off-plan', text: 'offPlan', price: 888, comingSoon: false },
  { key: 'placeholder-golden-visa', text: 'goldenVisaCourse', price: 0, comingSoon: true },
  { key: 'placeholder-mortgages', text: 'mortgages', price: 0, comingSoon: true },
  { key: 'placeholder-market', text: 'market', price: 0, comingSoon: true },
  { key: 'placeholder-rental', text: 'rental', price: 0, comingSoon: true },
  { key: 'placeholder-buying', text: 'buying', price: 0, comingSoon: true },
] as const;

/** The placeholder courses in `locale`. */
export function placeholderCourses(locale: Locale): CourseCardData[] {
  const t = messagesFor(locale).home;
  return PLACEHOLDERS.map(({ key, text, price, comingSoon }) => ({
    key,
    title: t[`${text}Title`],
    titleAttrs: {},
    summary: courseSummary(t[`${text}Summary`]),
    summaryAttrs: {},
    price,
    comingSoon,
    image: null,
    imageUrl: FALLBACK_THUMBNAIL,
  }));
}

/**
 * What the home page reads of the catalogue: up to six of the published courses, latest first,
 * courses on sale before coming-soon ones (docs/product.md#home).
 */
export const TEASER_QUERY = {
  sort: 'latest',
  pageSize: LIMITS.homeTeaserCount,
  availableFirst: true,
} as const satisfies CataloguePageQuery;

/**
 * The home page's courses (read with `TEASER_QUERY`) as cards, in `locale`. Only when the
 * catalogue could not be read (`null`) do the placeholders stand in; an owner's short catalogue is
 * not padded with made-up courses (docs/product.md#home).
 */
export function teaserCourses(
  courses: readonly CatalogueCourse[] | null,
  locale: Locale = 'en',
  enrolmentThreshold: number = DEFAULT_ENROLMENT_THRESHOLD,
): CourseCardData[] {
  if (courses === null) return placeholderCourses(locale);
  return courses.map((course) => toCourseCard(course, locale, enrolmentThreshold));
}
