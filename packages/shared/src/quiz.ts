import { z } from 'zod';
import { requiredText, wholeNumberIn } from './text-fields.ts';
import { inLocale } from './i18n/content.ts';
import { formatDay } from './i18n/format-locale.ts';
import { type Locale, LOCALE_INFO } from './i18n/locales.ts';
import { LIMITS } from './limits.ts';
import { PROGRESS_MESSAGES } from './progress.ts';
import { DEFAULT_PASS_PERCENT } from './selling.ts';

export const QUIZ_LIMITS = {
  /** Options per question (docs/product.md#admin-quizzes); the correct answer is an index 0..options-1. */
  options: LIMITS.quizOptions,
  maxQuestions: 100,
  questionMaxLength: 1000,
  optionMaxLength: 300,
  /** Attempts per quiz ('limit') or per round ('wait'). */
  attemptCountMin: 1,
  attemptCountMax: 100,
  /** The wait between rounds ('wait'): up to 30 days. */
  waitHoursMin: 1,
  waitHoursMax: 720,
  /** The pass mark, in percent of the questions answered right. */
  passPercentMin: 1,
  passPercentMax: 100,
} as const;

/** A score as a whole percentage of the questions (rounded to the nearest; 0 for an empty quiz). */
export function scorePercent(score: number, total: number): number {
  return total > 0 ? Math.round((score * 100) / total) : 0;
}

/**
 * Whether `score` of `total` reaches the pass mark. Compared exactly, not on the rounded
 * percentage: 2 of 3 (66.7 %) does not pass a 67 % mark.
 */
export function hasPassed(score: number, total: number, passPercent: number): boolean {
  return total > 0 && score * 100 >= passPercent * total;
}

/**
 * How often a learner may take a quiz. 'unlimited' is the default ('Retake Quiz' always works);
 * 'limit' allows `attemptCount` attempts in all; 'wait' allows `attemptCount` attempts, then
 * `waitHours` of waiting after the last one before the next round of `attemptCount`.
 */
export const QUIZ_ATTEMPT_POLICIES = ['unlimited', 'limit', 'wait'] as const;
export type QuizAttemptPolicy = (typeof QUIZ_ATTEMPT_POLICIES)[number];

/**
 * The day and the time (Dubai time, as everywhere on the site) at which the next attempt opens, as
 * `locale` writes them: '2 January 2030' and '00:30'; the sentence around them is the catalogue's
 * (`learning.waitForNextAttempt`).
 */
export function nextAttemptParts(iso: string, locale: Locale = 'en'): { day: string; time: string } {
  const time = new Date(iso).toLocaleTimeString(LOCALE_INFO[locale].intl, {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Asia/Dubai',
  });
  return { day: formatDay(iso, locale), time };
}

/** When the next attempt opens, as the English learner reads it. */
export function formatNextAttemptAt(iso: string): string {
  const { day, time } = nextAttemptParts(iso);
  return `${day} at ${time} (Dubai time)`;
}

const attempts = (n: number) => `${n} ${n === 1 ? 'attempt' : 'attempts'}`;

/** Quiz wording (docs/product.md#quiz, #admin-quizzes). */
export const QUIZ_MESSAGES = {
  // Admin validation.
  selectCourse: 'Please select a course.',
  questionRequired: 'Please enter the question.',
  questionTooLong: `A question can be at most ${QUIZ_LIMITS.questionMaxLength} characters.`,
  optionsRequired: 'Please fill in all four options.',
  optionTooLong: `An option can be at most ${QUIZ_LIMITS.optionMaxLength} characters.`,
  optionsArCount: 'The Arabic options must be four, one for each option, or none.',
  correctAnswerRange: 'The correct option must be a number from 0 to 3.',
  correctAnswerRequired: 'Please choose which option is the correct answer.',
  questionsRequired: 'Please add at least one question.',
  tooManyQuestions: `A quiz can have at most ${QUIZ_LIMITS.maxQuestions} questions.`,
  // Lookups.
  quizNotFound: 'Quiz not found',
  questionNotFound: 'Question not found',
  // Learner submission.
  answersInvalid: 'Please answer every question.',
  locked: PROGRESS_MESSAGES.quizLocked,
  // Admin screens: failures and successes.
  saveFailed: 'Error saving quiz',
  fetchFailed: 'Failed to fetch quizzes',
  deleteFailed: 'Failed to delete question',
  updateFailed: 'Failed to update quiz',
  saved: 'Quiz saved!',
  questionUpdated: 'Question updated!',
  questionDeleted: 'Question deleted!',
  confirmSave: 'Save this quiz?',
  // Watch page quiz.
  previous: 'Previous',
  next: 'Next',
  submit: 'Submit Quiz',
  retake: 'Retake Quiz',
  submitFailed: 'Failed to submit quiz',
  // Attempt policy (ours): the owner's settings and what the learner is told.
  attemptPolicyInvalid: 'Please choose how often learners may take the quiz.',
  attemptCountRange: `The number of attempts must be a whole number from ${QUIZ_LIMITS.attemptCountMin} to ${QUIZ_LIMITS.attemptCountMax}.`,
  waitHoursRange: `The wait must be a whole number of hours from ${QUIZ_LIMITS.waitHoursMin} to ${QUIZ_LIMITS.waitHoursMax}.`,
  showQuestionResultsInvalid: 'Please say whether learners see which answers were right.',
  passPercentRange: `The pass mark must be a whole number from ${QUIZ_LIMITS.passPercentMin} to ${QUIZ_LIMITS.passPercentMax} (percent).`,
  shuffleInvalid: 'Please say whether questions and options are shuffled.',
  drawCountRange: `The number of questions drawn must be a whole number from 1 to ${QUIZ_LIMITS.maxQuestions}.`,
  attemptRequired: 'This quiz has changed. Please reload the page and take it again.',
  answersNotDrawn: 'These answers are not for the questions handed out in this attempt.',
  settingsSaved: 'Quiz settings saved!',
  settingsFailed: 'Failed to save the quiz settings',
  attemptsUsedUp: (limit: number) =>
    limit === 1 ? 'You have used your one attempt at this quiz.' : `You have used all ${limit} attempts at this quiz.`,
  waitForNextAttempt: (nextAttemptAt: string) =>
    `You have used your attempts for now. You can take the quiz again on ${formatNextAttemptAt(nextAttemptAt)}.`,
  attemptsLeft: (left: number) => `You have ${attempts(left)} left.`,
} as const;

/** The owner's attempt settings of a quiz (`PUT /quiz/quizzes/{quizId}/settings`, and on create). */
export const quizSettingsSchema = z.object(
  {
    attemptPolicy: z.enum(QUIZ_ATTEMPT_POLICIES, { error: 'quiz.attemptPolicyInvalid' }),
    attemptCount: wholeNumberIn(QUIZ_LIMITS.attemptCountMin, QUIZ_LIMITS.attemptCountMax, 'quiz.attemptCountRange'),
    waitHours: wholeNumberIn(QUIZ_LIMITS.waitHoursMin, QUIZ_LIMITS.waitHoursMax, 'quiz.waitHoursRange'),
    showQuestionResults: z.boolean({ error: 'quiz.showQuestionResultsInvalid' }),
    /** Left out (older clients): the quiz keeps its mark (a new quiz starts at DEFAULT_PASS_PERCENT). */
    passPercent: wholeNumberIn(
      QUIZ_LIMITS.passPercentMin,
      QUIZ_LIMITS.passPercentMax,
      'quiz.passPercentRange',
    ).optional(),
    /** Left out (older clients): kept as stored (off for a new quiz). */
    shuffle: z.boolean({ error: 'quiz.shuffleInvalid' }).optional(),
    /** A question bank: each attempt draws this many questions; null draws them all. Left out: kept. */
    drawCount: wholeNumberIn(1, QUIZ_LIMITS.maxQuestions, 'quiz.drawCountRange').nullable().optional(),
  },
  { error: 'quiz.attemptPolicyInvalid' },
);
/** What an admin sends (the pass mark may be left out). */
export type QuizSettingsInput = z.infer<typeof quizSettingsSchema>;
/** A quiz's settings as stored and shown: every one set. */
export const storedQuizSettingsSchema = quizSettingsSchema.required();
export type QuizSettings = z.infer<typeof storedQuizSettingsSchema>;

/** What a new quiz starts with: unlimited retakes, the score only, a 70 % pass mark. */
export const DEFAULT_QUIZ_SETTINGS: QuizSettings = {
  attemptPolicy: 'unlimited',
  attemptCount: 3,
  waitHours: 24,
  showQuestionResults: false,
  passPercent: DEFAULT_PASS_PERCENT,
  shuffle: false,
  drawCount: null,
};

/** One question as the admin writes it (POST /quiz/quizzes, PUT …/questions/{index}). */
export const quizQuestionInputSchema = z.object(
  {
    question: requiredText(QUIZ_LIMITS.questionMaxLength, 'quiz.questionRequired', 'quiz.questionTooLong'),
    options: z
      .array(requiredText(QUIZ_LIMITS.optionMaxLength, 'quiz.optionsRequired', 'quiz.optionTooLong'), {
        error: 'quiz.optionsRequired',
      })
      .length(QUIZ_LIMITS.options, { error: 'quiz.optionsRequired' }),
    /**
     * Arabic twins (docs/i18n.md#content), never required: left out keeps the stored ones. The
     * Arabic options are in the English order (the answer is graded by its index); '' falls back.
     */
    questionAr: z
      .string({ error: 'quiz.questionTooLong' })
      .trim()
      .max(QUIZ_LIMITS.questionMaxLength, { error: 'quiz.questionTooLong' })
      .optional(),
    optionsAr: z
      .array(
        z
          .string({ error: 'quiz.optionsArCount' })
          .trim()
          .max(QUIZ_LIMITS.optionMaxLength, { error: 'quiz.optionTooLong' }),
        { error: 'quiz.optionsArCount' },
      )
      .refine((list) => list.length === 0 || list.length === QUIZ_LIMITS.options, {
        error: 'quiz.optionsArCount',
      })
      .optional(),
    // Left empty (no option chosen): the owner is asked to choose one; there is no default.
    correctAnswer: z
      .number({
        error: (issue) =>
          issue.input === undefined || issue.input === null ? 'quiz.correctAnswerRequired' : 'quiz.correctAnswerRange',
      })
      .int({ error: 'quiz.correctAnswerRange' })
      .min(0, { error: 'quiz.correctAnswerRange' })
      .max(QUIZ_LIMITS.options - 1, { error: 'quiz.correctAnswerRange' }),
  },
  { error: 'quiz.questionRequired' },
);
export type QuizQuestionInput = z.infer<typeof quizQuestionInputSchema>;

/**
 * `POST /quiz/quizzes`: creates the course's quiz, or appends the questions to it when the course
 * already has one (a course has at most one quiz).
 */
export const createQuizInputSchema = z.object(
  {
    courseId: requiredText(64, 'quiz.selectCourse'),
    questions: z
      .array(quizQuestionInputSchema, { error: 'quiz.questionsRequired' })
      .min(1, { error: 'quiz.questionsRequired' })
      .max(QUIZ_LIMITS.maxQuestions, { error: 'quiz.tooManyQuestions' }),
    /** Given: the quiz's attempt settings are set to these too. Left out: they stay as they are. */
    settings: quizSettingsSchema.optional(),
  },
  { error: 'quiz.selectCourse' },
);
export type CreateQuizInput = z.infer<typeof createQuizInputSchema>;

const shortId = z.string({ error: 'quiz.answersInvalid' }).min(1, { error: 'quiz.answersInvalid' }).max(64, {
  error: 'quiz.answersInvalid',
});

/** One answer of an attempt: the question and the id of the option chosen (never its position). */
export const quizAnswerSchema = z.object({ questionId: shortId, optionId: shortId }, { error: 'quiz.answersInvalid' });
export type QuizAnswer = z.infer<typeof quizAnswerSchema>;

/**
 * `POST /quiz/course/{courseId}/attempts`. The attempt handed out with the quiz (`attemptId`) and
 * one answer per question drawn for it, by option id. Older clients send one option index (0-3)
 * per question in stored order, without `attemptId`: accepted only by a quiz that neither shuffles
 * nor draws.
 */
export const quizAttemptInputSchema = z.union(
  [
    z.object(
      {
        attemptId: shortId,
        answers: z.array(quizAnswerSchema, { error: 'quiz.answersInvalid' }).max(QUIZ_LIMITS.maxQuestions, {
          error: 'quiz.answersInvalid',
        }),
      },
      { error: 'quiz.answersInvalid' },
    ),
    z.object(
      {
        answers: z
          .array(wholeNumberIn(0, QUIZ_LIMITS.options - 1, 'quiz.answersInvalid'), { error: 'quiz.answersInvalid' })
          .max(QUIZ_LIMITS.maxQuestions, { error: 'quiz.answersInvalid' }),
      },
      { error: 'quiz.answersInvalid' },
    ),
  ],
  { error: 'quiz.answersInvalid' },
);
export type QuizAttemptInput = z.infer<typeof quizAttemptInputSchema>;

/** A question as learners receive it: never the correct answer. */
export const learnerQuizQuestionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  /** In the order handed out (shuffled when the quiz shuffles), with their ids in `optionIds`. */
  options: z.array(z.string()),
  optionIds: z.array(z.string()),
  /** '' when the owner wrote none: Arabic pages show `question`. */
  questionAr: z.string(),
  /** Empty, or one per option in the same order ('' falls back to that English option). */
  optionsAr: z.array(z.string()),
});

export type LearnerQuizQuestion = z.infer<typeof learnerQuizQuestionSchema>;

/**
 * A question in the page's language (`inLocale`): the Arabic question and each Arabic option where
 * written, else the English. The options keep their order, so the chosen index grades the same.
 */
export function questionInLocale(question: LearnerQuizQuestion, locale: Locale) {
  return {
    _id: question._id,
    optionIds: question.optionIds,
    question: inLocale(locale, question.question, question.questionAr),
    options: question.options.map((option, i) => inLocale(locale, option, question.optionsAr[i])),
  };
}

export const adminQuizQuestionSchema = learnerQuizQuestionSchema.extend({
  correctAnswer: z.number().int(),
});
export type AdminQuizQuestion = z.infer<typeof adminQuizQuestionSchema>;

/** The caller's own attempts at a quiz; scores are null before the first attempt. */
export const quizStatsSchema = z.object({
  attempts: z.number().int(),
  bestScore: z.number().int().nullable(),
  latestScore: z.number().int().nullable(),
});
export type QuizStats = z.infer<typeof quizStatsSchema>;

/**
 * Whether the caller may take the quiz now, so the screen can say so before they answer.
 * `attemptsLeft` is null when attempts are unlimited (for 'wait': those left in this round);
 * `nextAttemptAt` (ISO) is set while the caller must wait for the next round.
 */
export const quizAttemptStatusSchema = z.object({
  attemptPolicy: z.enum(QUIZ_ATTEMPT_POLICIES),
  /** Attempts allowed in all ('limit') or per round ('wait'); null when unlimited. */
  attemptLimit: z.number().int().nullable(),
  attemptsLeft: z.number().int().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type QuizAttemptStatus = z.infer<typeof quizAttemptStatusSchema>;

/** One question of a graded attempt: whether the answer was right, and the right option. */
export const quizQuestionResultSchema = z.object({
  _id: z.string(),
  correct: z.boolean(),
  /** The right option's index in the order the attempt handed the options out. */
  correctAnswer: z.number().int(),
});
export type QuizQuestionResult = z.infer<typeof quizQuestionResultSchema>;

/**
 * The caller's latest attempt as graded, with their answers: a reload of the watch page shows its
 * result until they choose Retake. `questions` only when the owner shows per-question results.
 */
export const lastQuizAttemptSchema = z.object({
  score: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  passed: z.boolean(),
  answers: z.array(z.number().int()),
  questions: z.array(quizQuestionResultSchema).optional(),
});
export type LastQuizAttempt = z.infer<typeof lastQuizAttemptSchema>;

/**
 * `GET /quiz/course/{courseId}`. `correctAnswer` is present only for an admin session (signed in
 * at /admin/login); learners never receive it.
 */
export const courseQuizSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  /** The attempt handed out: `questions` are its draw, in its order; the submit names it. */
  attemptId: z.string().nullable(),
  total: z.number().int(),
  questions: z.array(learnerQuizQuestionSchema.extend({ correctAnswer: z.number().int().optional() })),
  /** The pass mark, in percent, said before the learner answers. */
  passPercent: z.number().int(),
  ...quizStatsSchema.shape,
  ...quizAttemptStatusSchema.shape,
  /** Null before the first attempt. */
  lastAttempt: lastQuizAttemptSchema.nullable(),
});
export type CourseQuiz = z.infer<typeof courseQuizSchema>;

/**
 * `POST /quiz/course/{courseId}/attempts`: the score of this attempt (also as a percentage, and
 * whether it reaches the quiz's pass mark: graded by the server), the caller's totals and whether
 * they may try again. `questions` only when the owner shows per-question results.
 */
export const quizAttemptResultSchema = z.object({
  score: z.number().int(),
  total: z.number().int(),
  percent: z.number().int(),
  passPercent: z.number().int(),
  passed: z.boolean(),
  attempts: z.number().int(),
  bestScore: z.number().int(),
  latestScore: z.number().int(),
  ...quizAttemptStatusSchema.shape,
  questions: z.array(quizQuestionResultSchema).optional(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

/** A quiz as admins see it, correct answers included. */
export const adminQuizSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  questions: z.array(adminQuizQuestionSchema),
  settings: storedQuizSettingsSchema,
});
export type AdminQuiz = z.infer<typeof adminQuizSchema>;

/** `GET /quiz/quizzes`. */
export const adminQuizListSchema = z.object({ quizzes: z.array(adminQuizSchema) });
export type AdminQuizList = z.infer<typeof adminQuizListSchema>;

/** `DELETE /quiz/quizzes/{quizId}/questions/{index}`: the quiz left, or null when its last question went. */
export const deleteQuizQuestionResultSchema = z.object({
  message: z.string(),
  quiz: adminQuizSchema.nullable(),
});
export type DeleteQuizQuestionResult = z.infer<typeof deleteQuizQuestionResultSchema>;
