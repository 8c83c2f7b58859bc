import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { type AdminQuiz, QUIZ_MESSAGES } from '@oasis/shared/quiz';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, type EditFormProps, useEditModal } from '~/components/admin/edit-modal';
import { fmtNodes, metaTexts, translateFailure } from '~/components/admin/i18n';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { ModalForm } from '~/components/admin/modal-form';
import { AdminPageHeader, EmptyState, ItemName, WhenReady } from '~/components/admin/page';
import { useDraft, withoutKeys } from '~/components/admin/use-draft';
import {
  emptyQuestion,
  OPTION_LETTERS,
  questionDraft,
  type QuestionDraft,
  type QuestionErrors,
  QuestionFields,
  trimQuestion,
  validateQuestion,
} from '~/components/admin/quiz-question-fields';
import {
  checkSettingsDraft,
  describeQuizSettings,
  QuizSettingsFields,
  toSettingsDraft,
} from '~/components/admin/quiz-settings-fields';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import type { Route } from './+types/quizzes';
import { deleteQuizQuestion, listQuizzes, updateQuizQuestion, updateQuizSettings } from '~/lib/api/quizzes';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminQuiz.listTitle);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin(listQuizzes, QUIZ_MESSAGES.fetchFailed, request);

interface Target {
  quiz: AdminQuiz;
  index: number;
}

/** /admin/dashboard/listquiz: every course's quiz with its questions; edit or delete a question. */
export default function QuizList({ loaderData }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const i18n = useI18n();
  const { t, fmt, plural, tr, lp } = i18n;
  const q = t.adminQuiz;
  const editing = useEditModal<Target>();
  const editingSettings = useEditModal<AdminQuiz>();

  const deleting = useConfirmDelete<Target>(async ({ quiz, index }) => {
    const result = await deleteQuizQuestion(quiz._id, index);
    toast.success(tr(result.message || QUIZ_MESSAGES.questionDeleted));
    await revalidate();
  }, QUIZ_MESSAGES.deleteFailed);

  return (
    <div>
      <AdminPageHeader
        title={q.listTitle}
        lead={q.listLead}
        link={{ to: lp('/admin/dashboard/quiz'), label: q.addQuiz }}
      />
      <WhenReady result={translateFailure(loaderData, tr)} loadingLabel={q.loading}>
        {({ quizzes }) =>
          quizzes.length === 0 ? (
            <EmptyState title={q.empty} link={{ to: lp('/admin/dashboard/quiz'), label: q.writeFirst }} />
          ) : (
            <div className="space-y-8">
              {quizzes.map((quiz) => (
                <section
                  key={quiz._id}
                  aria-labelledby={`quiz-${quiz._id}`}
                  className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-7"
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-2">
                    <h3
                      id={`quiz-${quiz._id}`}
                      dir="auto"
                      className="font-display text-xl font-semibold text-brand-green"
                    >
                      {quiz.courseTitle}
                    </h3>
                    <p className="text-sm text-slate-600">{plural(q.questions, quiz.questions.length)}</p>
                  </div>
                  <div className="mt-2 flex flex-wrap items-center justify-between gap-3">
                    <p className="text-sm text-slate-700">{describeQuizSettings(quiz.settings, i18n)}</p>
                    <EditButton
                      label={q.attemptSettings}
                      name={fmt(q.ofQuizOf, { title: quiz.courseTitle })}
                      onClick={() => editingSettings.open(quiz)}
                    />
                  </div>
                  <ol className="mt-4 divide-y divide-slate-100">
                    {quiz.questions.map((question, index) => (
                      <li key={question._id} className="py-4">
                        <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                          <div className="min-w-0">
                            <p className="font-semibold text-slate-900">
                              <span className="text-slate-600">{index + 1}. </span>
                              <bdi>{question.question}</bdi>
                            </p>
                            <QuestionOptions question={question} />
                          </div>
                          <div className="flex shrink-0 gap-2">
                            <EditButton
                              name={fmt(q.questionName, { number: index + 1 })}
                              onClick={() => editing.open({ quiz, index })}
                            />
                            <DeleteButton
                              name={fmt(q.questionName, { number: index + 1 })}
                              onClick={() => deleting.ask({ quiz, index })}
                            />
                          </div>
                        </div>
                      </li>
                    ))}
                  </ol>
                </section>
              ))}
            </div>
          )
        }
      </WhenReady>

      <EditModal
        modal={editing}
        size="lg"
        title={editing.item ? fmt(q.editQuestionNumber, { number: editing.item.index + 1 }) : q.editQuestion}
        description={editing.item?.quiz.courseTitle}
      >
        {(target, form) => <EditQuestionForm target={target} {...form} />}
      </EditModal>

      <EditModal modal={editingSettings} title={q.attemptSettings} description={editingSettings.item?.courseTitle}>
        {(quiz, form) => <EditSettingsForm quiz={quiz} {...form} />}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title={q.deleteQuestionTitle}>
        {({ quiz, index }) => (
          <p>
            {fmtNodes(q.deleteQuestionBody, {
              question: quiz.questions[index]?.question,
              title: <ItemName>{quiz.courseTitle}</ItemName>,
            })}
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

/** The four options of a question, the correct one marked. */
function QuestionOptions({ question }: { question: AdminQuiz['questions'][number] }) {
  const { t } = useI18n();
  return (
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
                <span className="font-bold">{t.adminQuiz.correctMark}</span>
              </>
            )}
          </li>
        );
      })}
    </ul>
  );
}

function EditQuestionForm({
  target,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { target: Target; onSaved(quiz: AdminQuiz): void }) {
  const original = target.quiz.questions[target.index];
  const [value, setValue] = useState<QuestionDraft>(() => (original ? questionDraft(original) : emptyQuestion()));
  const { form, errors, setErrors, refuse, run } = useSubmit<QuestionErrors>(setBusy);
  const { tr } = useI18n();

  async function submit(element: HTMLFormElement) {
    const problem = validateQuestion(value);
    if (problem) {
      form.current = element;
      refuse(problem);
      return;
    }
    setErrors({});
    await run(async () => {
      try {
        const quiz = await updateQuizQuestion(target.quiz._id, target.index, trimQuestion(value));
        toast.success(tr(QUIZ_MESSAGES.questionUpdated));
        onSaved(quiz);
      } catch (error) {
        toast.error(failureToast(error, tr(QUIZ_MESSAGES.updateFailed)));
      }
    });
  }

  return (
    <ModalForm onSubmit={submit} busy={busy} onCancel={onCancel}>
      <QuestionFields
        value={value}
        onChange={(next) => {
          setValue(next);
          if (Object.keys(errors).length) setErrors(validateQuestion(next) ?? {});
        }}
        errors={errors}
        disabled={busy}
      />
    </ModalForm>
  );
}

/** How often learners may take the quiz, and whether they see which answers were right. */
function EditSettingsForm({
  quiz,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { quiz: AdminQuiz; onSaved(quiz: AdminQuiz): void }) {
  const { form, errors, setErrors, problem, setProblem, refuse, run } = useSubmit<Record<string, string>>(setBusy);
  const [draft, change] = useDraft(
    () => toSettingsDraft(quiz.settings),
    (keys) => setErrors((e) => withoutKeys(e, keys)),
  );
  const { t, tr, locale } = useI18n();

  async function submit(element: HTMLFormElement) {
    const check = checkSettingsDraft(draft, locale);
    if (!check.ok) {
      form.current = element;
      refuse(check.errors, check.message);
      return;
    }
    setErrors({});
    setProblem(null);
    await run(async () => {
      try {
        const saved = await updateQuizSettings(quiz._id, check.value);
        toast.success(tr(QUIZ_MESSAGES.settingsSaved));
        onSaved(saved);
      } catch (error) {
        toast.error(failureToast(error, tr(QUIZ_MESSAGES.settingsFailed)));
      }
    });
  }

  return (
    <ModalForm label={t.adminQuiz.attemptSettings} onSubmit={submit} busy={busy} onCancel={onCancel} problem={problem}>
      <QuizSettingsFields draft={draft} onChange={change} errors={errors} disabled={busy} />
    </ModalForm>
  );
}
