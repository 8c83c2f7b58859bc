import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { type AdminQuiz, type AdminQuizList, type DeleteQuizQuestionResult, QUIZ_MESSAGES } from '@oasis/shared/quiz';
import { privateMeta } from '~/components/auth/meta';
import { Spinner } from '~/components/auth/auth-page';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { Modal, ModalActions } from '~/components/admin/modal';
import { AdminPageHeader, EmptyState, ErrorState, LoadingState } from '~/components/admin/page';
import {
  OPTION_LETTERS,
  type QuestionDraft,
  type QuestionErrors,
  QuestionFields,
  trimQuestion,
  validateQuestion,
} from '~/components/admin/quiz-question-fields';
import { adminApi, failureToast } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/quizzes';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Quiz List');

interface Target {
  quiz: AdminQuiz;
  index: number;
}

/** /admin/dashboard/listquiz: every course's quiz with its questions; edit or delete a question. */
export default function QuizList() {
  const { state, retry, setData } = useAdminData<AdminQuizList>('/quiz/quizzes', QUIZ_MESSAGES.fetchFailed);
  const [editing, setEditing] = useState<Target | null>(null);
  const [deleting, setDeleting] = useState<Target | null>(null);
  const [busy, setBusy] = useState(false);

  function replaceQuiz(quizId: string, quiz: AdminQuiz | null) {
    setData((data) => ({
      quizzes: quiz
        ? data.quizzes.map((q) => (q._id === quizId ? quiz : q))
        : data.quizzes.filter((q) => q._id !== quizId),
    }));
  }

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const result = await adminApi<DeleteQuizQuestionResult>(
        `/quiz/quizzes/${deleting.quiz._id}/questions/${deleting.index}`,
        { method: 'DELETE' },
      );
      replaceQuiz(deleting.quiz._id, result.quiz);
      toast.success(result.message || QUIZ_MESSAGES.questionDeleted);
      setDeleting(null);
    } catch (error) {
      toast.error(failureToast(error, QUIZ_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <AdminPageHeader
        title="Quiz List"
        lead="The quiz of each course. The correct answer of each question is marked."
        actions={
          <Link to="/admin/dashboard/quiz" className={buttonClass('secondary', 'sm')}>
            Add Quiz
          </Link>
        }
      />
      {state.status === 'loading' && <LoadingState label="Loading quizzes..." />}
      {state.status === 'error' && <ErrorState message={state.message} signedOut={state.signedOut} onRetry={retry} />}
      {state.status === 'ready' &&
        (state.data.quizzes.length === 0 ? (
          <EmptyState title="No quizzes yet.">
            <Link to="/admin/dashboard/quiz" className="font-semibold text-brand-green underline">
              Write the first quiz
            </Link>
          </EmptyState>
        ) : (
          <div className="space-y-8">
            {state.data.quizzes.map((quiz) => (
              <section
                key={quiz._id}
                aria-labelledby={`quiz-${quiz._id}`}
                className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <h3 id={`quiz-${quiz._id}`} className="font-display text-xl font-semibold text-brand-green">
                    {quiz.courseTitle}
                  </h3>
                  <p className="text-sm text-slate-600">
                    {quiz.questions.length === 1 ? '1 question' : `${quiz.questions.length} questions`}
                  </p>
                </div>
                <ol className="mt-4 divide-y divide-slate-100">
                  {quiz.questions.map((question, index) => (
                    <li key={question._id} className="py-4">
                      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                        <div className="min-w-0">
                          <p className="font-semibold text-slate-900">
                            <span className="text-slate-600">{index + 1}. </span>
                            {question.question}
                          </p>
                          <ul className="mt-2 grid gap-1.5 sm:grid-cols-2">
                            {question.options.map((option, o) => {
                              const correct = o === question.correctAnswer;
                              return (
                                <li
                                  key={o}
                                  className={`rounded-md px-2.5 py-1 text-sm ${correct ? 'bg-brand-mist font-semibold text-brand-green' : 'text-slate-700'}`}
                                >
                                  {OPTION_LETTERS[o]}. {option}
                                  {correct && (
                                    <>
                                      {' '}
                                      <span className="font-bold">✓ Correct</span>
                                    </>
                                  )}
                                </li>
                              );
                            })}
                          </ul>
                        </div>
                        <div className="flex shrink-0 gap-2">
                          <button
                            type="button"
                            className={buttonClass('outline', 'sm')}
                            onClick={() => setEditing({ quiz, index })}
                          >
                            Edit<span className="sr-only"> question {index + 1}</span>
                          </button>
                          <button
                            type="button"
                            className={buttonClass('outline-danger', 'sm')}
                            onClick={() => setDeleting({ quiz, index })}
                          >
                            Delete<span className="sr-only"> question {index + 1}</span>
                          </button>
                        </div>
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            ))}
          </div>
        ))}

      <Modal
        open={editing !== null}
        onClose={() => !busy && setEditing(null)}
        busy={busy}
        size="lg"
        title={editing ? `Edit question ${editing.index + 1}` : 'Edit question'}
        description={editing?.quiz.courseTitle}
      >
        {editing && (
          <EditQuestionForm
            target={editing}
            busy={busy}
            setBusy={setBusy}
            onCancel={() => setEditing(null)}
            onSaved={(quiz) => {
              replaceQuiz(editing.quiz._id, quiz);
              setEditing(null);
            }}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this question?"
        confirmLabel="Delete"
        busyLabel="Deleting..."
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            “{deleting.quiz.questions[deleting.index]?.question}” will be removed from the quiz of{' '}
            <strong className="text-slate-900">{deleting.quiz.courseTitle}</strong>. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function EditQuestionForm({
  target,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: {
  target: Target;
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onSaved(quiz: AdminQuiz): void;
}) {
  const original = target.quiz.questions[target.index];
  const [value, setValue] = useState<QuestionDraft>({
    question: original?.question ?? '',
    options: [...(original?.options ?? ['', '', '', ''])],
    correctAnswer: original?.correctAnswer ?? 0,
  });
  const [errors, setErrors] = useState<QuestionErrors | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    const problem = validateQuestion(value);
    setErrors(problem);
    if (problem) {
      const formEl = event.currentTarget;
      requestAnimationFrame(() => formEl.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setBusy(true);
    try {
      const quiz = await adminApi<AdminQuiz>(`/quiz/quizzes/${target.quiz._id}/questions/${target.index}`, {
        method: 'PUT',
        body: trimQuestion(value),
      });
      toast.success(QUIZ_MESSAGES.questionUpdated);
      onSaved(quiz);
    } catch (error) {
      toast.error(failureToast(error, QUIZ_MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit}>
      <QuestionFields
        value={value}
        onChange={(next) => {
          setValue(next);
          if (errors) setErrors(validateQuestion(next));
        }}
        errors={errors}
        disabled={busy}
      />
      <ModalActions>
        <button type="button" className={buttonClass('ghost', 'md')} onClick={onCancel} disabled={busy}>
          Cancel
        </button>
        <button type="submit" className={buttonClass('secondary', 'md')} disabled={busy}>
          {busy && <Spinner className="h-4 w-4" />}
          {busy ? 'Saving...' : 'Save changes'}
        </button>
      </ModalActions>
    </form>
  );
}
