import { z } from 'zod';
import { LIMITS } from './limits.ts';
import { PROGRESS_MESSAGES } from './progress.ts';

export const QUIZ_LIMITS = {
  /** Options per question (spec §9); the correct answer is an index 0..options-1. */
  options: LIMITS.quizOptions,
  maxQuestions: 100,
  questionMaxLength: 1000,
  optionMaxLength: 300,
} as const;

/** Quiz wording: spec §5 and §8 where it has words, ours where it is silent. */
export const QUIZ_MESSAGES = {
  // Admin validation (spec §5: 'Please select a course.'; the rest is ours).
  selectCourse: 'Please select a course.',
  questionRequired: 'Please enter the question.',
  questionTooLong: `A question can be at most ${QUIZ_LIMITS.questionMaxLength} characters.`,
  optionsRequired: 'Please fill in all four options.',
  optionTooLong: `An option can be at most ${QUIZ_LIMITS.optionMaxLength} characters.`,
  correctAnswerRange: 'The correct option must be a number from 0 to 3.',
  questionsRequired: 'Please add at least one question.',
  tooManyQuestions: `A quiz can have at most ${QUIZ_LIMITS.maxQuestions} questions.`,
  // Lookups.
  quizNotFound: 'Quiz not found',
  questionNotFound: 'Question not found',
  // Learner submission.
  answersInvalid: 'Please answer every question.',
  locked: PROGRESS_MESSAGES.quizLocked,
  // Admin screens (spec §8 for failures; success wording is ours).
  saveFailed: 'Error saving quiz',
  fetchFailed: 'Failed to fetch quizzes',
  deleteFailed: 'Failed to delete question',
  updateFailed: 'Failed to update quiz',
  saved: 'Quiz saved!',
  questionUpdated: 'Question updated!',
  questionDeleted: 'Question deleted!',
  confirmSave: 'Save this quiz?',
  // Watch page quiz (spec §4).
  previous: 'Previous',
  next: 'Next',
  submit: 'Submit Quiz',
  retake: 'Retake Quiz',
  submitFailed: 'Failed to submit quiz',
} as const;

/** One question as the admin writes it (POST /quiz/quizzes, PUT …/questions/{index}). */
export const quizQuestionInputSchema = z.object(
  {
    question: z
      .string({ error: QUIZ_MESSAGES.questionRequired })
      .trim()
      .min(1, { error: QUIZ_MESSAGES.questionRequired })
      .max(QUIZ_LIMITS.questionMaxLength, { error: QUIZ_MESSAGES.questionTooLong }),
    options: z
      .array(
        z
          .string({ error: QUIZ_MESSAGES.optionsRequired })
          .trim()
          .min(1, { error: QUIZ_MESSAGES.optionsRequired })
          .max(QUIZ_LIMITS.optionMaxLength, { error: QUIZ_MESSAGES.optionTooLong }),
        { error: QUIZ_MESSAGES.optionsRequired },
      )
      .length(QUIZ_LIMITS.options, { error: QUIZ_MESSAGES.optionsRequired }),
    correctAnswer: z
      .number({ error: QUIZ_MESSAGES.correctAnswerRange })
      .int({ error: QUIZ_MESSAGES.correctAnswerRange })
      .min(0, { error: QUIZ_MESSAGES.correctAnswerRange })
      .max(QUIZ_LIMITS.options - 1, { error: QUIZ_MESSAGES.correctAnswerRange }),
  },
  { error: QUIZ_MESSAGES.questionRequired },
);
export type QuizQuestionInput = z.infer<typeof quizQuestionInputSchema>;

/**
 * `POST /quiz/quizzes`: creates the course's quiz, or appends the questions to it when the course
 * already has one (a course has at most one quiz).
 */
export const createQuizInputSchema = z.object(
  {
    courseId: z
      .string({ error: QUIZ_MESSAGES.selectCourse })
      .trim()
      .min(1, { error: QUIZ_MESSAGES.selectCourse })
      .max(64, { error: QUIZ_MESSAGES.selectCourse }),
    questions: z
      .array(quizQuestionInputSchema, { error: QUIZ_MESSAGES.questionsRequired })
      .min(1, { error: QUIZ_MESSAGES.questionsRequired })
      .max(QUIZ_LIMITS.maxQuestions, { error: QUIZ_MESSAGES.tooManyQuestions }),
  },
  { error: QUIZ_MESSAGES.selectCourse },
);
export type CreateQuizInput = z.infer<typeof createQuizInputSchema>;

/** `POST /quiz/course/{courseId}/attempts`: one chosen option (0-3) per question, in order. */
export const quizAttemptInputSchema = z.object(
  {
    answers: z
      .array(
        z
          .number({ error: QUIZ_MESSAGES.answersInvalid })
          .int({ error: QUIZ_MESSAGES.answersInvalid })
          .min(0, { error: QUIZ_MESSAGES.answersInvalid })
          .max(QUIZ_LIMITS.options - 1, { error: QUIZ_MESSAGES.answersInvalid }),
        { error: QUIZ_MESSAGES.answersInvalid },
      )
      .max(QUIZ_LIMITS.maxQuestions, { error: QUIZ_MESSAGES.answersInvalid }),
  },
  { error: QUIZ_MESSAGES.answersInvalid },
);
export type QuizAttemptInput = z.infer<typeof quizAttemptInputSchema>;

/** A question as learners receive it: never the correct answer. */
export const learnerQuizQuestionSchema = z.object({
  _id: z.string(),
  question: z.string(),
  options: z.array(z.string()),
});

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
 * `GET /quiz/course/{courseId}`. `correctAnswer` is present only for an admin session (signed in
 * at /admin/login); learners never receive it.
 */
export const courseQuizSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  total: z.number().int(),
  questions: z.array(learnerQuizQuestionSchema.extend({ correctAnswer: z.number().int().optional() })),
  ...quizStatsSchema.shape,
});
export type CourseQuiz = z.infer<typeof courseQuizSchema>;

/** `POST /quiz/course/{courseId}/attempts`: the score of this attempt and the caller's totals. */
export const quizAttemptResultSchema = z.object({
  score: z.number().int(),
  total: z.number().int(),
  attempts: z.number().int(),
  bestScore: z.number().int(),
  latestScore: z.number().int(),
});
export type QuizAttemptResult = z.infer<typeof quizAttemptResultSchema>;

/** A quiz as admins see it, correct answers included. */
export const adminQuizSchema = z.object({
  _id: z.string(),
  courseId: z.string(),
  courseTitle: z.string(),
  questions: z.array(adminQuizQuestionSchema),
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
