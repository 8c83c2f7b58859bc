import { useState } from 'react';
import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import {
  type CourseDraft,
  CourseFields,
  checkCourseDraft,
  courseFormData,
  EMPTY_COURSE,
} from '~/components/admin/course-fields';
import { AdminPageHeader, ItemName, Panel } from '~/components/admin/page';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { useDraft } from '~/components/admin/use-draft';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { PageForm } from '~/components/admin/page-form';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/add-course';
import { createCourse } from '~/lib/api/courses';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminCourses.addTitle);

/**
 * /admin/dashboard/add (docs/product.md#admin-courses): the form, a confirmation, then 'Creating...' with the
 * loading toast, and on success the move to the new course's Add Modules screen.
 */
export default function AddCourse() {
  const navigate = useNavigate();
  const { t, tr, lp } = useI18n();
  const c = t.adminCourses;
  const [confirming, setConfirming] = useState(false);
  const { errors, problem, saving: creating, accept, save, clear } = useFormFeedback();
  const [draft, change] = useDraft<CourseDraft>(EMPTY_COURSE, clear);

  function submit(form: HTMLFormElement) {
    if (accept(form, checkCourseDraft(draft, 'create'))) setConfirming(true);
  }

  function create() {
    const id = toast.loading(tr(ADMIN_MESSAGES.creatingCourse));
    void save(
      tr(ADMIN_MESSAGES.courseCreateFailed),
      async () => {
        try {
          const course = await createCourse(courseFormData(draft));
          toast.success(tr(ADMIN_MESSAGES.courseCreated), { id });
          navigate(lp(`/admin/dashboard/addmodules/${course._id}`));
        } catch (error) {
          // The form comes back to be corrected; the failure's toast replaces the loading one.
          setConfirming(false);
          throw error;
        }
      },
      id,
    );
  }

  return (
    <div>
      <AdminPageHeader title={c.addTitle} lead={c.addLead} />
      <Panel>
        <PageForm
          label={c.addTitle}
          onSubmit={submit}
          problem={problem && tr(problem)}
          busy={creating}
          submitLabel={c.createCourse}
          busyLabel={tr(ADMIN_MESSAGES.creating)}
        >
          <CourseFields draft={draft} onChange={change} errors={errors} disabled={creating} mode="create" />
        </PageForm>
      </Panel>

      <ConfirmDialog
        open={confirming}
        title={c.confirmCreateTitle}
        confirmLabel={c.createCourse}
        busyLabel={tr(ADMIN_MESSAGES.creating)}
        busy={creating}
        tone="primary"
        onConfirm={create}
        onCancel={() => setConfirming(false)}
      >
        <p>
          {fmtNodes(draft.comingSoon ? c.confirmCreateSoon : c.confirmCreate, {
            title: <ItemName>{draft.title.trim()}</ItemName>,
          })}
        </p>
      </ConfirmDialog>
    </div>
  );
}
