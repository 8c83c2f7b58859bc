import { describe, expect, it } from 'vitest';
import { QUIZ_MESSAGES } from '@oasis/shared/quiz';
import { emptyQuestion, validateQuestion } from './quiz-question-draft';

describe('a new quiz question', () => {
  it('starts with no correct answer chosen', () => {
    expect(emptyQuestion().correctAnswer).toBeNull();
  });

  it('asks the owner to choose the correct answer before it is saved', () => {
    const written = { ...emptyQuestion(), question: 'What is Oqood?', options: ['A', 'B', 'C', 'D'] };
    expect(validateQuestion(written)).toEqual({ correctAnswer: QUIZ_MESSAGES.correctAnswerRequired });
    expect(validateQuestion({ ...written, correctAnswer: 2 })).toBeNull();
    expect(validateQuestion({ ...written, correctAnswer: 4 })).toEqual({
      correctAnswer: QUIZ_MESSAGES.correctAnswerRange,
    });
  });
});
