import type { CourseDetail, Module } from '@oasis/shared/api';
import { inLocale, textAttrs } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import { FALLBACK_THUMBNAIL, showsStudentCount } from '@oasis/shared/limits';
import { richOrEmpty } from '~/components/ui/rich-text';

/** A text of the owner's in the page's language, with the attributes its element needs (`inLocale`). */
export type LocalText = ReturnType<typeof inLocale>;

/**
 * What the course page shows, in the page's language (docs/product.md#course-page): the owner's
 * texts each falling back to the English (`inLocale`), lists picked whole (the Arabic list when it
 * has lines, else the English one marked as English). Made in the loader (the public page) or the
 * admin's preview, so that the page's code carries no rule of its own.
 */
export function courseSalesData(
  course: CourseDetail,
  locale: Locale,
  settings: { brandName: string; enrolmentThreshold: number },
  /** The mentor's name in the page's language, when there is a mentor profile. */
  mentorName = '',
) {
  const {
    title,
    titleAr,
    description,
    descriptionAr,
    courseOutcome,
    courseOutcomeAr,
    tagline,
    taglineAr,
    outcomes,
    outcomesAr,
    faq,
    ...facts
  } = course;
  const arabicOutcomes = locale === 'ar' && outcomesAr.length > 0;
  return {
    course: facts,
    text: {
      title: inLocale(locale, title, titleAr),
      tagline: tagline.trim() || taglineAr.trim() ? inLocale(locale, tagline, taglineAr) : null,
      description: inLocale(locale, richOrEmpty(description), richOrEmpty(descriptionAr)),
      outcomes: {
        lines: arabicOutcomes ? outcomesAr : outcomes,
        attrs: arabicOutcomes || locale !== 'ar' ? {} : inLocale(locale, outcomes.join(' '), '').attrs,
      },
      // The older free text: shown while the list is empty.
      outcome: inLocale(locale, richOrEmpty(courseOutcome), richOrEmpty(courseOutcomeAr)),
      faq: faq.map((item) => ({
        question: inLocale(locale, item.question, item.questionAr),
        answer: inLocale(locale, item.answer, item.answerAr),
      })),
    },
    author: courseAuthor(course, locale, settings.brandName, mentorName),
    imageUrl: course.thumbnailUrl || FALLBACK_THUMBNAIL,
    showStudents: showsStudentCount(course.students, settings.enrolmentThreshold),
    lessons: countLessons(course.modules),
    totalSeconds: totalSeconds(course.modules),
    freePreviews: countFreePreviews(course.modules),
  };
}

export type CourseSalesData = ReturnType<typeof courseSalesData>;

/**
 * Who the header says teaches the course: an author of the course's own, else the mentor (as the
 * instructor block and the structured data name them), else the brand. An author equal to the brand
 * name counts as none: the brand is not a teacher.
 */
export function courseAuthor(
  course: { author: string; authorAr: string },
  locale: Locale,
  brandName: string,
  mentorName: string,
): LocalText {
  const own = course.author.trim();
  if (own && own !== brandName.trim()) return inLocale(locale, own, course.authorAr);
  if (mentorName.trim()) return { text: mentorName, attrs: textAttrs(locale, mentorName) };
  return inLocale(locale, own || brandName, course.authorAr);
}

export function countLessons(modules: Module[]): number {
  return modules.reduce((sum, m) => sum + m.videos.length, 0);
}

export function countFreePreviews(modules: Module[]): number {
  return modules.reduce((sum, m) => sum + m.videos.filter((v) => v.freePreview).length, 0);
}

/** The course's length: the sum of the lessons' known lengths (0 when none is known). */
export function totalSeconds(modules: Module[]): number {
  return modules.reduce((sum, m) => sum + m.videos.reduce((s, v) => s + (v.durationSeconds ?? 0), 0), 0);
}

/** A length as ISO 8601 (`PT3H20M`), for structured data. */
export function isoDuration(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.round((seconds % 3600) / 60);
  return `PT${hours ? `${hours}H` : ''}${minutes || !hours ? `${minutes}M` : ''}`;
}
