import { QUIZ_LIMITS, QUIZ_MESSAGES, type QuizQuestionInput } from '@oasis/shared/quiz';

/**
 * A question as the form holds it: no correct answer until the owner chooses one; the Arabic twins
 * always there (one Arabic option per option, '' where none is written).
 */
export type QuestionDraft = Omit<QuizQuestionInput, 'correctAnswer' | 'questionAr' | 'optionsAr'> & {
  questionAr: string;
  optionsAr: string[];
  correctAnswer: number | null;
};
export type QuestionErrors = {
  question?: string;
  options?: Array<string | undefined>;
  questionAr?: string;
  optionsAr?: Array<string | undefined>;
  correctAnswer?: string;
};

const noOptions = () => Array.from({ length: QUIZ_LIMITS.options }, () => '');

/** A saved question as the form edits it: its Arabic options padded to one per option. */
export function questionDraft(saved: {
  question: string;
  options: string[];
  questionAr: string;
  optionsAr: string[];
  correctAnswer: number;
}): QuestionDraft {
  return {
    question: saved.question,
    options: [...saved.options],
    questionAr: saved.questionAr,
    optionsAr: noOptions().map((empty, i) => saved.optionsAr[i] ?? empty),
    correctAnswer: saved.correctAnswer,
  };
}

/**
 * A new question (docs/product.md#admin-quizzes): four empty options and no correct answer chosen,
 * so a question saved in a hurry cannot silently make option A the right one.
 */
export function emptyQuestion(): QuestionDraft {
  return { question: '', options: noOptions(), questionAr: '', optionsAr: noOptions(), correctAnswer: null };
}

/** The same rules the server applies (shared wording), per field so each can show its own message. */
export function validateQuestion(q: QuestionDraft): QuestionErrors | null {
  const errors: QuestionErrors = {};
  const question = q.question.trim();
  if (!question) errors.question = QUIZ_MESSAGES.questionRequired;
  else if (question.length > QUIZ_LIMITS.questionMaxLength) errors.question = QUIZ_MESSAGES.questionTooLong;
  const options = q.options.map((o) => {
    const text = o.trim();
    if (!text) return QUIZ_MESSAGES.optionsRequired;
    if (text.length > QUIZ_LIMITS.optionMaxLength) return QUIZ_MESSAGES.optionTooLong;
    return undefined;
  });
  if (options.some(Boolean)) errors.options = options;
  // The Arabic twins are never required; they keep the English limits.
  if (q.questionAr.trim().length > QUIZ_LIMITS.questionMaxLength) errors.questionAr = QUIZ_MESSAGES.questionTooLong;
  const optionsAr = q.optionsAr.map((o) =>
    o.trim().length > QUIZ_LIMITS.optionMaxLength ? QUIZ_MESSAGES.optionTooLong : undefined,
  );
  if (optionsAr.some(Boolean)) errors.optionsAr = optionsAr;
  if (q.correctAnswer === null) errors.correctAnswer = QUIZ_MESSAGES.correctAnswerRequired;
  else if (!Number.isInteger(q.correctAnswer) || q.correctAnswer < 0 || q.correctAnswer >= QUIZ_LIMITS.options)
    errors.correctAnswer = QUIZ_MESSAGES.correctAnswerRange;
  return Object.keys(errors).length ? errors : null;
}

/** The question as sent (after `validateQuestion`; a missing answer is left for the server to refuse). */
export function trimQuestion(q: QuestionDraft): QuestionDraft {
  return {
    question: q.question.trim(),
    options: q.options.map((o) => o.trim()),
    questionAr: q.questionAr.trim(),
    optionsAr: q.optionsAr.map((o) => o.trim()),
    correctAnswer: q.correctAnswer,
  };
}
