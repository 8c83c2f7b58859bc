import { useState } from 'react';
import { COURSE_LANGUAGE_KEYS, COURSE_LEVEL_KEYS } from '@oasis/shared/i18n/ns/course';
import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import { checkCourseForm } from '@oasis/shared/admin/courses';
import type { Course } from '@oasis/shared/api';
import { COURSE_PAGE_LIMITS } from '@oasis/shared/limits';
import { WATCH_RULES } from '@oasis/shared/progress';
import {
  COURSE_LANGUAGES,
  COURSE_LEVELS,
  type CourseFaqItem,
  type CourseLanguage,
  type CourseLevel,
} from '@oasis/shared/selling';
import { useI18n } from '~/lib/i18n';
import { BilingualField } from './bilingual-field';
import { FaqEditor, LinesEditor } from './course-selling-fields';
import { PriceInput, SelectInput, TextInput, Toggle } from './fields';
import { draftFields, draftToggles, type FormErrors, fieldMessage } from './form-feedback';
import { ImageInput } from './image-input';

export interface CourseDraft {
  title: string;
  /** The Arabic twins (docs/i18n.md#content): '' shows the English on Arabic pages. */
  titleAr: string;
  /** As typed (AED); checked with the shared price rule. */
  price: string;
  author: string;
  authorAr: string;
  description: string;
  descriptionAr: string;
  courseOutcome: string;
  courseOutcomeAr: string;
  comingSoon: boolean;
  /** Lessons complete only once the server has seen `watchSharePercent` % of them watched. */
  requireWatching: boolean;
  /** As typed; checked with the shared rule (a whole percent from 50 to 100). */
  watchSharePercent: string;
  /** A lesson opens once the one before it is complete. */
  lessonsInOrder: boolean;
  thumbnail: File | null;
  /** The course page's selling fields (docs/product.md#course-page). */
  tagline: string;
  taglineAr: string;
  level: CourseLevel;
  language: CourseLanguage;
  outcomes: string[];
  outcomesAr: string[];
  faq: CourseFaqItem[];
}

/** The selling fields of a saved course, as the form edits them. */
export function sellingDraft(
  course: Course,
): Pick<CourseDraft, 'tagline' | 'taglineAr' | 'level' | 'language' | 'outcomes' | 'outcomesAr' | 'faq'> {
  return {
    tagline: course.tagline,
    taglineAr: course.taglineAr,
    level: course.level,
    language: course.language,
    outcomes: course.outcomes,
    outcomesAr: course.outcomesAr,
    faq: course.faq,
  };
}

export const EMPTY_COURSE: CourseDraft = {
  title: '',
  titleAr: '',
  price: '',
  author: '',
  authorAr: '',
  description: '',
  descriptionAr: '',
  courseOutcome: '',
  courseOutcomeAr: '',
  comingSoon: false,
  requireWatching: false,
  watchSharePercent: String(WATCH_RULES.defaultSharePercent),
  lessonsInOrder: false,
  thumbnail: null,
  tagline: '',
  taglineAr: '',
  level: 'all',
  language: 'en',
  outcomes: [''],
  outcomesAr: [],
  faq: [],
};

/** The fields of the form as the shared rule and the server read them (lists as JSON). */
function sellingFormFields(draft: CourseDraft) {
  return {
    tagline: draft.tagline,
    taglineAr: draft.taglineAr,
    level: draft.level,
    language: draft.language,
    outcomes: JSON.stringify(draft.outcomes),
    outcomesAr: JSON.stringify(draft.outcomesAr),
    faq: JSON.stringify(draft.faq),
  };
}

/** The shared course rule (docs/product.md#admin-courses), run here before sending; the server runs it again. */
export function checkCourseDraft(draft: CourseDraft, mode: 'create' | 'update') {
  return checkCourseForm(
    {
      title: draft.title,
      titleAr: draft.titleAr,
      price: draft.price,
      author: draft.author,
      authorAr: draft.authorAr,
      description: draft.description,
      descriptionAr: draft.descriptionAr,
      courseOutcome: draft.courseOutcome,
      courseOutcomeAr: draft.courseOutcomeAr,
      comingSoon: String(draft.comingSoon),
      requireWatching: String(draft.requireWatching),
      // The share is asked (and sent) only with the setting on; off, the stored one is kept.
      watchSharePercent: draft.requireWatching ? draft.watchSharePercent : undefined,
      lessonsInOrder: String(draft.lessonsInOrder),
      ...sellingFormFields(draft),
    },
    { mode, hasThumbnail: Boolean(draft.thumbnail) },
  );
}

/** The multipart body of `POST /courses/course` and `PUT /courses/courses/course/{slug}`. */
export function courseFormData(draft: CourseDraft): FormData {
  const body = new FormData();
  body.set('title', draft.title.trim());
  // Always sent: '' clears a translation.
  body.set('titleAr', draft.titleAr.trim());
  body.set('price', draft.price.trim());
  body.set('author', draft.author.trim());
  body.set('authorAr', draft.authorAr.trim());
  body.set('description', draft.description);
  body.set('descriptionAr', draft.descriptionAr);
  body.set('courseOutcome', draft.courseOutcome);
  body.set('courseOutcomeAr', draft.courseOutcomeAr);
  body.set('comingSoon', String(draft.comingSoon));
  body.set('requireWatching', String(draft.requireWatching));
  if (draft.requireWatching) body.set('watchSharePercent', draft.watchSharePercent.trim());
  body.set('lessonsInOrder', String(draft.lessonsInOrder));
  for (const [key, value] of Object.entries(sellingFormFields(draft))) body.set(key, value);
  if (draft.thumbnail) body.set('thumbnail', draft.thumbnail);
  return body;
}

/**
 * Whether the form offers the older free-text outcomes: only for a course that has such text and no
 * learning points (so its owner can still read and move it), never for a new course.
 */
export function offersOldOutcome(
  draft: Pick<CourseDraft, 'courseOutcome' | 'courseOutcomeAr' | 'outcomes' | 'outcomesAr'>,
): boolean {
  const hasOldText = [draft.courseOutcome, draft.courseOutcomeAr].some(
    (text) => text.replace(/<[^>]*>/g, '').trim() !== '',
  );
  const hasPoints = [...draft.outcomes, ...draft.outcomesAr].some((line) => line.trim() !== '');
  return hasOldText && !hasPoints;
}

/** The fields of a course (Add Course and the edit modal). */
export function CourseFields({
  draft,
  onChange,
  errors,
  disabled,
  currentThumbnail,
  mode,
}: {
  draft: CourseDraft;
  onChange(patch: Partial<CourseDraft>): void;
  errors: FormErrors;
  disabled?: boolean;
  currentThumbnail?: string | null;
  mode: 'create' | 'update';
}) {
  const { t, fmt, locale } = useI18n();
  const c = t.adminCourses;
  const create = mode === 'create';
  // The form's one 'fill in all required fields' message is shown once; each missing field just says so.
  const error = fieldMessage(errors, 'admin.fillRequiredFields', locale);
  const field = draftFields(draft, onChange, error, disabled);
  const toggle = draftToggles(draft, onChange, disabled);
  // Decided once, from the course as it opened: adding a point while editing does not hide the text.
  const [oldOutcome] = useState(() => offersOldOutcome(draft));
  return (
    <div className="space-y-6">
      <BilingualField
        english={{ label: c.title, ...field('title'), maxLength: ADMIN_LIMITS.titleMax, required: true }}
        arabic={{ label: c.titleAr, ...field('titleAr') }}
      />
      <BilingualField
        english={{
          label: c.tagline,
          ...field('tagline'),
          maxLength: COURSE_PAGE_LIMITS.taglineMax,
          hint: c.taglineHint,
        }}
        arabic={{ label: c.taglineAr, ...field('taglineAr') }}
      />
      <div className="grid gap-6 sm:grid-cols-2">
        <SelectInput
          label={c.level}
          {...field('level')}
          options={COURSE_LEVELS.map((value) => ({ value, label: t.course[COURSE_LEVEL_KEYS[value]] }))}
        />
        <SelectInput
          label={c.language}
          {...field('language')}
          options={COURSE_LANGUAGES.map((value) => ({ value, label: t.course[COURSE_LANGUAGE_KEYS[value]] }))}
        />
      </div>
      <PriceInput label={t.adminUi.priceAed} {...field('price')} hint={c.priceHint} required={create} />
      <BilingualField
        english={{ label: c.author, ...field('author'), hint: c.authorHint, maxLength: ADMIN_LIMITS.authorMax }}
        arabic={{ label: c.authorAr, ...field('authorAr') }}
      />
      <BilingualField
        kind="rich"
        english={{
          label: c.description,
          value: draft.description,
          onChange: (description) => onChange({ description }),
          error: error('description'),
          required: create,
          disabled,
        }}
        arabic={{
          label: c.descriptionAr,
          value: draft.descriptionAr,
          onChange: (descriptionAr) => onChange({ descriptionAr }),
          error: error('descriptionAr'),
        }}
      />
      <div className="grid gap-6 md:grid-cols-2">
        <LinesEditor
          legend={c.outcomes}
          hint={fmt(c.outcomesHint, { max: COURSE_PAGE_LIMITS.outcomesMax })}
          lines={draft.outcomes}
          onChange={(outcomes) => onChange({ outcomes })}
          error={error('outcomes')}
          disabled={disabled}
        />
        <LinesEditor
          legend={c.outcomesAr}
          hint={t.adminUi.arabicHint}
          lines={draft.outcomesAr}
          onChange={(outcomesAr) => onChange({ outcomesAr })}
          error={error('outcomesAr')}
          disabled={disabled}
          arabic
        />
      </div>
      <FaqEditor items={draft.faq} onChange={(faq) => onChange({ faq })} error={error('faq')} disabled={disabled} />
      {/* The older free-text outcomes: shown on the course page only while the list above is empty. */}
      {oldOutcome && (
        <BilingualField
          kind="rich"
          english={{
            hint: c.outcomeFallbackHint,
            label: c.outcome,
            value: draft.courseOutcome,
            onChange: (courseOutcome) => onChange({ courseOutcome }),
            error: error('courseOutcome'),
            disabled,
            minHeight: '8rem',
          }}
          arabic={{
            label: c.outcomeAr,
            value: draft.courseOutcomeAr,
            onChange: (courseOutcomeAr) => onChange({ courseOutcomeAr }),
            error: error('courseOutcomeAr'),
          }}
        />
      )}
      <ImageInput
        label={c.thumbnail}
        file={draft.thumbnail}
        onChange={(thumbnail) => onChange({ thumbnail })}
        currentUrl={currentThumbnail}
        currentAlt={c.currentThumbnail}
        error={error('thumbnail')}
        required={create}
        disabled={disabled}
      />
      <Toggle label={c.comingSoon} hint={c.comingSoonHint} {...toggle('comingSoon')} />
      <Toggle label={c.requireWatching} hint={c.requireWatchingHint} {...toggle('requireWatching')} />
      {draft.requireWatching && (
        <TextInput
          label={c.watchShare}
          {...field('watchSharePercent')}
          type="number"
          inputMode="numeric"
          min={WATCH_RULES.sharePercentMin}
          max={WATCH_RULES.sharePercentMax}
          step={1}
          hint={fmt(c.watchShareHint, { min: WATCH_RULES.sharePercentMin, max: WATCH_RULES.sharePercentMax })}
          className="max-w-xs"
        />
      )}
      <Toggle
        label={t.completion.lessonsInOrder}
        hint={t.completion.lessonsInOrderHelp}
        checked={draft.lessonsInOrder}
        onChange={(lessonsInOrder) => onChange({ lessonsInOrder })}
        disabled={disabled}
      />
    </div>
  );
}
