import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { AdminCourse, AdminCoursePage, DeleteCourseResult } from '@oasis/shared/admin/courses';
import type { Course } from '@oasis/shared/api';
import { formatPrice } from '@oasis/shared/format';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { type CourseDraft, CourseFields, checkCourseDraft, courseFormData } from '~/components/admin/course-fields';
import { EditModal, type EditFormProps, useEditModal } from '~/components/admin/edit-modal';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { listQuery, PagedList } from '~/components/admin/list-params';
import { ModalForm } from '~/components/admin/modal-form';
import { AdminPageHeader, EmptyState } from '~/components/admin/page';
import { adminApi, failureToast, loadAdmin } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/courses';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'List Courses');

/** A page of the list (?page=2), titles containing the search (?q=). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin<AdminCoursePage>(`/admin/courses${listQuery(request)}`, ADMIN_MESSAGES.failedToLoadCourses, request);

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * /admin/dashboard/list (docs/product.md#admin-courses): every course as a card with Edit (modal), Delete (confirm
 * modal) and List Modules. A course that learners have bought is archived by the server instead of
 * deleted; archived courses are flagged and can be restored.
 */
export default function CourseList({ loaderData }: Route.ComponentProps) {
  const { revalidate: reload } = useRevalidator();
  const editing = useEditModal<AdminCourse>();
  const deleting = useConfirmDelete<AdminCourse>(async (course) => {
    const result = await adminApi<DeleteCourseResult>(`/courses/course/${course._id}`, { method: 'DELETE' });
    // 'Course deleted!', or the server's word that it archived the course instead.
    if (result.archived) toast.success(result.message || ADMIN_MESSAGES.courseArchived, { duration: 6000 });
    else toast.success(result.message || ADMIN_MESSAGES.courseDeleted);
    reload();
  });
  const [restoring, setRestoring] = useState<string | null>(null);

  async function restore(course: AdminCourse) {
    setRestoring(course._id);
    try {
      await adminApi<AdminCourse>(`/admin/courses/${course._id}/restore`, { method: 'POST' });
      toast.success(ADMIN_MESSAGES.courseRestored);
      reload();
    } catch (error) {
      toast.error(failureToast(error, 'Restore failed'));
    } finally {
      setRestoring(null);
    }
  }

  return (
    <div>
      <AdminPageHeader
        title="List Courses"
        lead="Edit a course, manage its modules, or remove it."
        link={{ to: '/admin/dashboard/add', label: 'Add Course' }}
      />
      <PagedList
        result={loaderData}
        items={(page) => page.courses}
        searchLabel="Search courses"
        loadingLabel="Loading courses..."
        noMatch="No courses match this search."
        empty={
          <EmptyState title="No courses yet." link={{ to: '/admin/dashboard/add', label: 'Add the first course' }} />
        }
      >
        {(courses) => (
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {courses.map((course) => (
              <CourseCard key={course._id} course={course}>
                <Link to={`/admin/dashboard/listModules/${course._id}`} className={buttonClass('secondary', 'sm')}>
                  List Modules<span className="sr-only"> of {course.title}</span>
                </Link>
                <EditButton name={course.title} onClick={() => editing.open(course)} />
                {course.archived ? (
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm')}
                    onClick={() => restore(course)}
                    disabled={restoring === course._id}
                  >
                    {restoring === course._id ? 'Restoring...' : 'Restore'}
                    <span className="sr-only"> {course.title}</span>
                  </button>
                ) : (
                  <DeleteButton name={course.title} onClick={() => deleting.ask(course)} />
                )}
              </CourseCard>
            ))}
          </ul>
        )}
      </PagedList>

      <EditModal modal={editing} size="lg" title="Edit course" description={editing.item?.title}>
        {(course, form) => (
          <EditCourseForm
            course={course}
            {...form}
            onSaved={() => {
              editing.close();
              reload();
            }}
          />
        )}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title="Delete this course?">
        {(course) =>
          course.enrolments > 0 ? (
            <p>
              {plural(course.enrolments, 'learner is', 'learners are')} enrolled in{' '}
              <strong className="text-slate-900">{course.title}</strong>, so it will be archived instead: hidden from
              the catalogue, with their access kept.
            </p>
          ) : (
            <p>
              <strong className="text-slate-900">{course.title}</strong> will be deleted with its modules, videos and
              quiz. This cannot be undone. (If someone has already ordered it, it is archived instead.)
            </p>
          )
        }
      </ConfirmDeleteDialog>
    </div>
  );
}

/** A course as a card: thumbnail, flags, price and counts; `children` are its buttons. */
function CourseCard({ course, children }: { course: AdminCourse; children: React.ReactNode }) {
  return (
    <li
      className={`flex flex-col overflow-hidden rounded-2xl border bg-white shadow-sm ${course.archived ? 'border-dashed border-slate-400' : 'border-slate-200'}`}
    >
      <div className="relative aspect-video bg-slate-100">
        {course.thumbnailUrl && (
          <img
            src={course.thumbnailUrl}
            alt=""
            loading="lazy"
            className={`h-full w-full object-cover ${course.archived ? 'opacity-60 grayscale' : ''}`}
          />
        )}
        <div className="absolute top-3 start-3 flex flex-wrap gap-2">
          {course.archived && (
            <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-bold text-white">Archived</span>
          )}
          {course.comingSoon && (
            <span className="rounded-full bg-brand-yellow px-2.5 py-0.5 text-xs font-bold text-brand-green-dark">
              Coming soon
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 className="font-display text-lg leading-snug font-semibold text-brand-green">{course.title}</h3>
        <p className="mt-1 font-semibold text-slate-900">{formatPrice(course.price)}</p>
        <p className="mt-2 text-sm text-slate-600">
          {plural(course.moduleCount, 'module', 'modules')} · {plural(course.videoCount, 'video', 'videos')} ·{' '}
          {course.hasQuiz ? 'quiz' : 'no quiz'} · {plural(course.enrolments, 'learner', 'learners')}
        </p>
        {course.archived && (
          <p className="mt-2 text-sm text-slate-700">Hidden from the catalogue; learners who bought it keep access.</p>
        )}
        <div className="mt-auto flex flex-wrap gap-2 pt-5">{children}</div>
      </div>
    </li>
  );
}

function EditCourseForm({
  course,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { course: AdminCourse; onSaved(): void }) {
  const [draft, setDraft] = useState<CourseDraft>({
    title: course.title,
    price: String(course.price),
    author: course.author,
    description: course.description,
    courseOutcome: course.courseOutcome,
    comingSoon: course.comingSoon,
    requireWatching: course.requireWatching,
    watchSharePercent: String(course.watchSharePercent),
    thumbnail: null,
  });
  const { errors, problem, accept, fail, clear } = useFormFeedback();

  async function submit(form: HTMLFormElement) {
    if (!accept(form, checkCourseDraft(draft, 'update'))) return;
    setBusy(true);
    try {
      const body = courseFormData(draft);
      // The author shown may be the brand name standing in for none: send it only when changed.
      if (draft.author.trim() === course.author) body.delete('author');
      await adminApi<Course>(`/courses/courses/course/${encodeURIComponent(course.slug)}`, { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.courseUpdated);
      onSaved();
    } catch (error) {
      fail(error, ADMIN_MESSAGES.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm label="Edit course" onSubmit={submit} busy={busy} onCancel={onCancel} problem={problem}>
      <CourseFields
        draft={draft}
        onChange={(patch) => {
          setDraft((d) => ({ ...d, ...patch }));
          // A corrected field loses its message at once, as on Add Blog and Add Course.
          clear(Object.keys(patch));
        }}
        errors={errors}
        disabled={busy}
        currentThumbnail={course.thumbnailUrl}
        mode="update"
      />
    </ModalForm>
  );
}
