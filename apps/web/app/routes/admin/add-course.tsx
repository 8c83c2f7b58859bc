import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES, type FieldErrors } from '@oasis/shared/admin';
import type { Course } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/ui/field';
import { Spinner } from '~/components/auth/auth-page';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import {
  type CourseDraft,
  CourseFields,
  checkCourseDraft,
  courseFormData,
  EMPTY_COURSE,
} from '~/components/admin/course-fields';
import { AdminPageHeader, Panel } from '~/components/admin/page';
import { adminApi, describeFailure } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/add-course';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Add New Course');

/**
 * /admin/dashboard/add (spec §2, §4, §5): the form, a confirmation, then 'Creating...' with the
 * loading toast, and on success the move to the new course's Add Modules screen.
 */
export default function AddCourse() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<CourseDraft>(EMPTY_COURSE);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [creating, setCreating] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function change(patch: Partial<CourseDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    // A corrected field loses its message at once.
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  }

  function onSubmit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const check = checkCourseDraft(draft, 'create');
    if (!check.ok) {
      setErrors(check.errors);
      setProblem(check.message);
      toast.error(check.message);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setConfirming(true);
  }

  async function create() {
    setCreating(true);
    const id = toast.loading(ADMIN_MESSAGES.creatingCourse);
    try {
      const course = await adminApi<Course>('/courses/course', { method: 'POST', body: courseFormData(draft) });
      toast.success(ADMIN_MESSAGES.courseCreated, { id });
      navigate(`/admin/dashboard/addmodules/${course._id}`);
    } catch (error) {
      const failure = describeFailure(error, ADMIN_MESSAGES.courseCreateFailed);
      toast.error(ADMIN_MESSAGES.courseCreateFailed, { id });
      setErrors(failure.fields);
      setProblem(failure.message === ADMIN_MESSAGES.courseCreateFailed ? null : failure.message);
      setConfirming(false);
      setCreating(false);
    }
  }

  return (
    <div>
      <AdminPageHeader title="Add New Course" lead="After creating the course you will add its modules and lessons." />
      <Panel>
        <form ref={form} noValidate onSubmit={onSubmit} aria-label="Add New Course" className="space-y-6">
          <CourseFields draft={draft} onChange={change} errors={errors} disabled={creating} mode="create" />
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
          <div className="flex justify-end border-t border-slate-100 pt-6">
            <button type="submit" className={buttonClass('secondary', 'md', 'w-full sm:w-auto')} disabled={creating}>
              {creating && <Spinner className="h-4 w-4" />}
              {creating ? ADMIN_MESSAGES.creating : 'Create Course'}
            </button>
          </div>
        </form>
      </Panel>

      <ConfirmDialog
        open={confirming}
        title="Create this course?"
        confirmLabel="Create Course"
        busyLabel={ADMIN_MESSAGES.creating}
        busy={creating}
        tone="primary"
        onConfirm={create}
        onCancel={() => setConfirming(false)}
      >
        <p>
          <strong className="text-slate-900">{draft.title.trim()}</strong> will be added to the catalogue
          {draft.comingSoon ? ' as coming soon' : ''}. You can add its modules next.
        </p>
      </ConfirmDialog>
    </div>
  );
}
