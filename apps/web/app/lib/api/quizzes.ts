import {
  adminQuizListSchema,
  adminQuizSchema,
  courseQuizSchema,
  deleteQuizQuestionResultSchema,
  type QuizAnswer,
  quizAttemptResultSchema,
} from '@oasis/shared/quiz';
import { ADMIN, type CallOptions, call, seg } from './client';

/** The course's quiz as a learner sees it (no answers). */
export const getCourseQuiz = (courseId: string, options: CallOptions = {}) =>
  call('GET /quiz/course/{courseId}', `/quiz/course/${seg(courseId)}`, courseQuizSchema, options);

/** Answers the attempt handed out with the quiz (`attemptId`), each question by its chosen option's id. */
export const submitQuizAttempt = (
  courseId: string,
  attempt: { attemptId: string; answers: QuizAnswer[] },
  options: CallOptions = {},
) =>
  call('POST /quiz/course/{courseId}/attempts', `/quiz/course/${seg(courseId)}/attempts`, quizAttemptResultSchema, {
    ...options,
    method: 'POST',
    body: attempt,
  });

export const listQuizzes = (signal?: AbortSignal) =>
  call('GET /quiz/quizzes', '/quiz/quizzes', adminQuizListSchema, { ...ADMIN, signal });

/** Adds questions to a course's quiz (made on the first). */
export const addQuizQuestions = (body: unknown) =>
  call('POST /quiz/quizzes', '/quiz/quizzes', adminQuizSchema, { ...ADMIN, method: 'POST', body });

export const updateQuizSettings = (quizId: string, body: unknown) =>
  call('PUT /quiz/quizzes/{quizId}/settings', `/quiz/quizzes/${seg(quizId)}/settings`, adminQuizSchema, {
    ...ADMIN,
    method: 'PUT',
    body,
  });

export const updateQuizQuestion = (quizId: string, index: number, body: unknown) =>
  call(
    'PUT /quiz/quizzes/{quizId}/questions/{index}',
    `/quiz/quizzes/${seg(quizId)}/questions/${index}`,
    adminQuizSchema,
    { ...ADMIN, method: 'PUT', body },
  );

export const deleteQuizQuestion = (quizId: string, index: number) =>
  call(
    'DELETE /quiz/quizzes/{quizId}/questions/{index}',
    `/quiz/quizzes/${seg(quizId)}/questions/${index}`,
    deleteQuizQuestionResultSchema,
    { ...ADMIN, method: 'DELETE' },
  );
