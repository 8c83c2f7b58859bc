import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { AdminCourse } from '@oasis/shared/admin/courses';
import { privateMeta } from '~/components/auth/meta';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import {
  type CourseDraft,
  CourseFields,
  checkCourseDraft,
  courseFormData,
  sellingDraft,
} from '~/components/admin/course-fields';
import { EditModal, type EditFormProps, useEditModal } from '~/components/admin/edit-modal';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { useDraft } from '~/components/admin/use-draft';
import { fmtNodes, metaTexts, translateFailure } from '~/components/admin/i18n';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { listQuery, PagedList } from '~/components/admin/list-params';
import { ModalForm } from '~/components/admin/modal-form';
import { AdminPageHeader, EmptyState, ItemName } from '~/components/admin/page';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { loadWaitlists, WaitlistAnnounce } from '~/components/admin/waitlist-announce';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/courses';
import { deleteCourse, listAdminCourses, restoreCourse, setCoursePublished, updateCourse } from '~/lib/api/courses';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, metaTexts(matches).adminCourses.listTitle);

/** A page of the list (?page=2), titles containing the search (?q=), and the waitlists of its courses on sale. */
export async function clientLoader({ request }: Route.ClientLoaderArgs) {
  const list = await loadAdmin(
    (signal) => listAdminCourses(listQuery(request), signal),
    ADMIN_MESSAGES.failedToLoadCourses,
    request,
  );
  const waitlists = list.ok ? await loadWaitlists(list.data.courses, request.signal) : {};
  return { list, waitlists };
}

/**
 * /admin/dashboard/list (docs/product.md#admin-courses): every course as a card with Edit (modal), Delete (confirm
 * modal) and List Modules. A course that learners have bought is archived by the server instead of
 * deleted; archived courses are flagged and can be restored.
 */
export default function CourseList({ loaderData: { list, waitlists } }: Route.ComponentProps) {
  const { revalidate: reload } = useRevalidator();
  const { t, fmt, plural, tr, lp } = useI18n();
  const c = t.adminCourses;
  const editing = useEditModal<AdminCourse>();
  const deleting = useConfirmDelete<AdminCourse>(async (course) => {
    const result = await deleteCourse(course._id);
    // 'Course deleted!', or the server's word that it archived the course instead.
    if (result.archived) toast.success(tr(result.message || ADMIN_MESSAGES.courseArchived), { duration: 6000 });
    else toast.success(tr(result.message || ADMIN_MESSAGES.courseDeleted));
    reload();
  });
  const [restoring, setRestoring] = useState<string | null>(null);
  const [publishing, setPublishing] = useState<string | null>(null);

  /** Publish a draft, or take a published course back to draft. */
  async function setPublished(course: AdminCourse, publish: boolean) {
    setPublishing(course._id);
    try {
      const result = await setCoursePublished(course._id, publish);
      toast.success(tr(result.message), { id: `publish-${course._id}` });
      reload();
    } catch (error) {
      toast.error(failureToast(error, tr(ADMIN_MESSAGES.updateFailed)), { id: `publish-${course._id}` });
    } finally {
      setPublishing(null);
    }
  }

  async function restore(course: AdminCourse) {
    setRestoring(course._id);
    try {
      await restoreCourse(course._id);
      toast.success(tr(ADMIN_MESSAGES.courseRestored));
      reload();
    } catch (error) {
      toast.error(failureToast(error, c.restoreFailed));
    } finally {
      setRestoring(null);
    }
  }

  return (
    <div>
      <AdminPageHeader
        title={c.listTitle}
        lead={c.listLead}
        link={{ to: lp('/admin/dashboard/add'), label: c.addCourse }}
      />
      <PagedList
        result={translateFailure(list, tr)}
        items={(page) => page.courses}
        searchLabel={c.search}
        loadingLabel={c.loading}
        noMatch={c.noMatch}
        empty={<EmptyState title={c.empty} link={{ to: lp('/admin/dashboard/add'), label: c.addFirst }} />}
      >
        {(courses) => (
          <ul className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {courses.map((course) => (
              <CourseCard
                key={course._id}
                course={course}
                waitlist={<WaitlistAnnounce course={course} waitlist={waitlists[course._id]} onSent={reload} />}
              >
                <Link to={lp(`/admin/dashboard/listModules/${course._id}`)} className={buttonClass('secondary', 'sm')}>
                  {c.listModules}
                  <span className="sr-only"> {fmt(c.ofCourse, { title: course.title })}</span>
                </Link>
                <EditButton name={course.title} onClick={() => editing.open(course)} />
                <Link to={lp(`/admin/dashboard/preview/${course._id}`)} className={buttonClass('outline', 'sm')}>
                  {c.preview}
                  <span className="sr-only"> {fmt(c.ofCourse, { title: course.title })}</span>
                </Link>
                {!course.archived && (
                  <button
                    type="button"
                    className={buttonClass(course.publishedAt ? 'outline' : 'primary', 'sm')}
                    onClick={() => setPublished(course, !course.publishedAt)}
                    disabled={publishing === course._id}
                  >
                    {course.publishedAt ? c.unpublish : c.publish}
                    <span className="sr-only"> {course.title}</span>
                  </button>
                )}
                {course.archived ? (
                  <button
                    type="button"
                    className={buttonClass('outline', 'sm')}
                    onClick={() => restore(course)}
                    disabled={restoring === course._id}
                  >
                    {restoring === course._id ? c.restoring : c.restore}
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

      <EditModal modal={editing} size="lg" title={c.editCourse} description={editing.item?.title}>
        {(course, form) => <EditCourseForm course={course} {...form} />}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title={c.deleteTitle}>
        {(course) => (
          <p>
            {fmtNodes(course.enrolments > 0 ? plural(c.deleteEnrolled, course.enrolments) : c.deleteBody, {
              title: <ItemName>{course.title}</ItemName>,
            })}
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

/** A course as a card: thumbnail, flags, price and counts, its waitlist; `children` are its buttons. */
function CourseCard({
  course,
  waitlist,
  children,
}: {
  course: AdminCourse;
  waitlist: React.ReactNode;
  children: React.ReactNode;
}) {
  const { t, plural, money } = useI18n();
  const c = t.adminCourses;
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
            <span className="rounded-full bg-slate-900 px-2.5 py-0.5 text-xs font-bold text-white">{c.archived}</span>
          )}
          {!course.archived &&
            (course.publishedAt ? (
              <span className="rounded-full bg-brand-green px-2.5 py-0.5 text-xs font-bold text-white">
                {c.published}
              </span>
            ) : (
              <span className="rounded-full bg-white px-2.5 py-0.5 text-xs font-bold text-slate-900 ring-1 ring-slate-400">
                {c.draft}
              </span>
            ))}
          {course.comingSoon && (
            <span className="rounded-full bg-brand-yellow px-2.5 py-0.5 text-xs font-bold text-brand-green-dark">
              {c.comingSoon}
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-1 flex-col p-5">
        <h3 dir="auto" className="font-display text-lg leading-snug font-semibold text-brand-green">
          {course.title}
        </h3>
        <p className="mt-1 font-semibold text-slate-900">{course.price ? money(course.price) : c.poa}</p>
        <p className="mt-2 text-sm text-slate-600">
          {[
            plural(c.modules, course.moduleCount),
            plural(c.videos, course.videoCount),
            course.hasQuiz ? c.quiz : c.noQuiz,
            plural(c.learners, course.enrolments),
          ].join(' · ')}
        </p>
        {course.archived && <p className="mt-2 text-sm text-slate-700">{c.archivedNote}</p>}
        {waitlist}
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
  const { errors, problem, accept, fail, clear } = useFormFeedback();
  const [draft, change] = useDraft<CourseDraft>(
    {
      title: course.title,
      titleAr: course.titleAr,
      price: String(course.price),
      author: course.author,
      authorAr: course.authorAr,
      description: course.description,
      descriptionAr: course.descriptionAr,
      courseOutcome: course.courseOutcome,
      courseOutcomeAr: course.courseOutcomeAr,
      comingSoon: course.comingSoon,
      requireWatching: course.requireWatching,
      lessonsInOrder: course.lessonsInOrder,
      watchSharePercent: String(course.watchSharePercent),
      thumbnail: null,
      ...sellingDraft(course),
    },
    clear,
  );
  const { t, tr } = useI18n();

  async function submit(form: HTMLFormElement) {
    if (!accept(form, checkCourseDraft(draft, 'update'))) return;
    setBusy(true);
    try {
      const body = courseFormData(draft);
      // The author shown may be the brand name standing in for none: send it only when changed.
      if (draft.author.trim() === course.author) body.delete('author');
      await updateCourse(course.slug, body);
      toast.success(tr(ADMIN_MESSAGES.courseUpdated));
      onSaved();
    } catch (error) {
      fail(error, tr(ADMIN_MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm label={t.adminCourses.editCourse} onSubmit={submit} busy={busy} onCancel={onCancel} problem={problem}>
      <CourseFields
        draft={draft}
        onChange={change}
        errors={errors}
        disabled={busy}
        currentThumbnail={course.thumbnailUrl}
        mode="update"
      />
    </ModalForm>
  );
}
