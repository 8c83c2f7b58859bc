/* The quizzes module's services: learners' attempts and the owner's quizzes, apart. */
export * from './admin.ts';
export * from './attempts.ts';
export { getQuizStats, gradeAnswers } from './rows.ts';
