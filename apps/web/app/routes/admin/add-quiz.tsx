import { useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { type AdminQuiz, DEFAULT_QUIZ_SETTINGS, QUIZ_LIMITS, QUIZ_MESSAGES } from '@oasis/shared/quiz';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { SelectInput } from '~/components/admin/fields';
import { fmtNodes, metaTexts, translateFailure } from '~/components/admin/i18n';
import { AdminPageHeader, ItemName, LoadFailed, Panel } from '~/components/admin/page';
import { useDraft, withoutKeys } from '~/components/admin/use-draft';
import {
  emptyQuestion,
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
  type QuizSettingsDraft,
  toSettingsDraft,
} from '~/components/admin/quiz-settings-fields';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { AddMoreActions } from '~/components/admin/page-form';
import { useI18n } from '~/lib/i18n';
import { useSubmit } from '~/lib/use-submit';
import type { Route } from './+types/add-quiz';
import { getCourseChoices } from '~/lib/api/courses';
import { addQuizQuestions, listQuizzes } from '~/lib/api/quizzes';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminQuiz.addTitle);

/** The courses to choose from, and their quizzes (a course with one keeps its settings). */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const [courses, quizzes] = await Promise.all([
    // Drafts too: the owner prepares a course's quiz before publishing it.
    loadAdmin(getCourseChoices, ADMIN_MESSAGES.failedToLoadCourses, request),
    loadAdmin(listQuizzes, QUIZ_MESSAGES.fetchFailed, request),
  ]);
  return { courses, quizzes };
}

interface Draft {
  key: number;
  value: QuestionDraft;
}

let nextKey = 1;
const newDraft = (): Draft => ({ key: nextKey++, value: emptyQuestion() });

/** What a save refused: the course, each question's fields (by its key), the quiz's settings. */
type Refused = { course?: string; questions?: Record<number, QuestionErrors>; settings?: Record<string, string> };

/** /admin/dashboard/quiz: write a course's quiz (questions are added to its quiz if it has one). */
export default function AddQuiz({ loaderData: { courses, quizzes } }: Route.ComponentProps) {
  const { revalidate } = useRevalidator();
  const i18n = useI18n();
  const { t, fmt, plural, tr, lp } = i18n;
  const text = t.adminQuiz;
  const [courseId, setCourseId] = useState('');
  const [questions, setQuestions] = useState<Draft[]>(() => [newDraft()]);
  const [confirming, setConfirming] = useState(false);
  const { form, errors: refused, setErrors: setRefused, refuse, run, busy: saving } = useSubmit<Refused>();
  const courseError = refused.course;
  const errors = refused.questions ?? {};
  const settingsErrors = refused.settings ?? {};
  const setErrors = (change: (e: Record<number, QuestionErrors>) => Record<number, QuestionErrors>) =>
    setRefused((r) => ({ ...r, questions: change(r.questions ?? {}) }));
  const [settings, changeSettings] = useDraft<QuizSettingsDraft>(
    () => toSettingsDraft(DEFAULT_QUIZ_SETTINGS),
    (keys) => setRefused((r) => ({ ...r, settings: withoutKeys(r.settings ?? {}, keys) })),
  );

  const existing: AdminQuiz | undefined = quizzes.ok
    ? quizzes.data.quizzes.find((q) => q.courseId === courseId)
    : undefined;

  function validate(): boolean {
    const courseProblem = courseId ? undefined : QUIZ_MESSAGES.selectCourse;
    const next: Record<number, QuestionErrors> = {};
    for (const q of questions) {
      const problem = validateQuestion(q.value);
      if (problem) next[q.key] = problem;
    }
    // A course's quiz that exists keeps its settings (the Quiz List changes them).
    const settingsCheck = existing ? null : checkSettingsDraft(settings, i18n.locale);
    const settingsProblem = settingsCheck && !settingsCheck.ok ? settingsCheck.message : undefined;
    const found = {
      course: courseProblem,
      questions: next,
      settings: settingsCheck && !settingsCheck.ok ? settingsCheck.errors : {},
    };
    if (courseProblem || Object.keys(next).length || settingsProblem) {
      const refusal = courseProblem ?? settingsProblem;
      toast.error(refusal ? tr(refusal) : text.completeEveryQuestion);
      // Takes the admin to the first field that needs attention.
      refuse(found);
      return false;
    }
    setRefused(found);
    return true;
  }

  const save = () =>
    run(async () => {
      try {
        const checked = existing ? null : checkSettingsDraft(settings, i18n.locale);
        await addQuizQuestions({
          courseId,
          questions: questions.map((q) => trimQuestion(q.value)),
          ...(checked?.ok && { settings: checked.value }),
        });
        toast.success(tr(QUIZ_MESSAGES.saved));
        setConfirming(false);
        setQuestions([newDraft()]);
        setErrors(() => ({}));
        await revalidate();
      } catch (error) {
        toast.error(failureToast(error, tr(QUIZ_MESSAGES.saveFailed)));
        setConfirming(false);
      }
    });

  if (!courses.ok) return <LoadFailed failure={translateFailure(courses, tr)} loadingLabel={t.adminCourses.loading} />;
  const list = courses.data;
  const selected = list.find((c) => c._id === courseId);

  return (
    <div>
      <AdminPageHeader
        title={text.addTitle}
        lead={text.addLead}
        link={{ to: lp('/admin/dashboard/listquiz'), label: text.listTitle, variant: 'outline' }}
      />
      <form
        ref={form}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (validate()) setConfirming(true);
        }}
        className="space-y-6"
      >
        <Panel>
          <SelectInput
            label={text.course}
            value={courseId}
            onChange={(e) => {
              setCourseId(e.target.value);
              if (e.target.value) setRefused((r) => ({ ...r, course: undefined }));
            }}
            error={courseError}
            required
            hint={
              existing
                ? plural(text.existingHint, existing.questions.length)
                : list.length === 0
                  ? text.noCourses
                  : undefined
            }
          >
            <option value="">{text.selectCourse}</option>
            {list.map((course) => (
              <option key={course._id} value={course._id}>
                {course.published ? course.title : `${course.title} (${t.adminCourses.draft})`}
              </option>
            ))}
          </SelectInput>
        </Panel>

        <Panel>
          <h3 className="mb-4 font-display text-lg font-semibold text-brand-green">{text.attemptSettings}</h3>
          {existing ? (
            <p className="text-slate-700">
              {fmt(text.keepsSettings, { settings: describeQuizSettings(existing.settings, i18n) })}
            </p>
          ) : (
            <QuizSettingsFields draft={settings} onChange={changeSettings} errors={settingsErrors} disabled={saving} />
          )}
        </Panel>

        <ol className="space-y-6">
          {questions.map((q, index) => (
            <li key={q.key} data-question={q.key}>
              <Panel>
                <div className="mb-4 flex items-center justify-between gap-4">
                  <h3 className="font-display text-lg font-semibold text-brand-green">
                    {fmt(text.questionNumber, { number: index + 1 })}
                  </h3>
                  <button
                    type="button"
                    disabled={questions.length === 1 || saving}
                    onClick={() => setQuestions((all) => all.filter((other) => other.key !== q.key))}
                    className="rounded-md px-3 py-1.5 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-40"
                  >
                    {t.adminUi.remove}
                    <span className="sr-only"> {fmt(text.questionName, { number: index + 1 })}</span>
                  </button>
                </div>
                <QuestionFields
                  number={index + 1}
                  value={q.value}
                  errors={errors[q.key]}
                  disabled={saving}
                  onChange={(value) => {
                    setQuestions((all) => all.map((other) => (other.key === q.key ? { ...other, value } : other)));
                    if (errors[q.key]) setErrors((e) => ({ ...e, [q.key]: validateQuestion(value) ?? {} }));
                  }}
                />
              </Panel>
            </li>
          ))}
        </ol>

        <AddMoreActions
          addLabel={text.addQuestion}
          canAdd={questions.length < QUIZ_LIMITS.maxQuestions}
          onAdd={() => {
            const added = newDraft();
            setQuestions((all) => [...all, added]);
            requestAnimationFrame(() =>
              document.querySelector<HTMLElement>(`[data-question="${added.key}"] textarea`)?.focus(),
            );
          }}
          busy={saving}
          submitLabel={text.saveQuiz}
        />
      </form>

      <ConfirmDialog
        open={confirming}
        title={tr(QUIZ_MESSAGES.confirmSave)}
        confirmLabel={text.saveQuiz}
        busyLabel={t.adminUi.saving}
        busy={saving}
        tone="primary"
        onConfirm={save}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {fmtNodes(plural(existing ? text.confirmAdd : text.confirmSaveAs, questions.length), {
            title: <ItemName>{selected?.title}</ItemName>,
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
