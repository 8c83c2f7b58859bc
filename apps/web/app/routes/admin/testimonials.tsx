import { useRef, useState } from 'react';
import { useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { inLocale } from '@oasis/shared/i18n/content';
import { REVIEW_LIMITS, type Testimonial, type TestimonialInput } from '@oasis/shared/reviews';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, useEditModal } from '~/components/admin/edit-modal';
import { BilingualField } from '~/components/admin/bilingual-field';
import { SelectInput, TextArea, Toggle } from '~/components/admin/fields';
import { ImageInput } from '~/components/admin/image-input';
import { translatedErrors, useFormFeedback } from '~/components/admin/form-feedback';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { FormFooter } from '~/components/admin/modal-form';
import { MoveButtons, useListReorder } from '~/components/admin/move-buttons';
import { AddPanel, AdminPageHeader, EmptyState, ItemName, WhenReady } from '~/components/admin/page';
import { loadWithCourseChoices } from '~/components/admin/request';
import { uploadImage } from '~/lib/api/site';
import {
  addTestimonial,
  deleteTestimonial,
  listAdminTestimonials,
  reorderTestimonials,
  updateTestimonial,
} from '~/lib/api/reviews';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/testimonials';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, metaTexts(matches).adminReviews.testimonialsTitle);

export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadWithCourseChoices(listAdminTestimonials, ADMIN_MESSAGES.failedToLoadCourses, request);

type Draft = Required<Omit<TestimonialInput, 'photo' | 'courseId'>> & { photo: string | null; courseId: string };
type Choice = { value: string; label: string };

const EMPTY: Draft = {
  name: '',
  nameAr: '',
  role: '',
  roleAr: '',
  quote: '',
  quoteAr: '',
  photo: null,
  courseId: '',
  onHome: true,
  onAbout: false,
  onCourse: false,
};

function draftOf(item: Testimonial): Draft {
  const { _id, position, photo, courseId, ...fields } = item;
  return { ...fields, photo: photo?.base ?? null, courseId: courseId ?? '' };
}

const bodyOf = (draft: Draft): TestimonialInput => ({ ...draft, courseId: draft.courseId || null });

/**
 * /admin/dashboard/testimonials (docs/product.md#testimonials): add, edit, reorder and delete the
 * quotes shown on the home page, the About page and the linked course's page.
 */
export default function Testimonials({ loaderData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const text = t.adminReviews;
  const { revalidate } = useRevalidator();
  const editing = useEditModal<Testimonial>();
  const list = useRef<HTMLUListElement>(null);
  const {
    moving,
    move,
    shown: items,
  } = useListReorder(list, loaderData.ok ? loaderData.data.items : [], reorderTestimonials);
  const courses: Choice[] = loaderData.ok
    ? loaderData.data.courses.map((c) => ({ value: c._id, label: inLocale(locale, c.title, c.titleAr).text }))
    : [];
  const deleting = useConfirmDelete<Testimonial>(async (item) => {
    await deleteTestimonial(item._id);
    toast.success(text.saved);
    await revalidate();
  });

  return (
    <div>
      <AdminPageHeader title={text.testimonialsTitle} lead={text.testimonialsLead} />
      <AddPanel heading={text.addTestimonial}>
        <TestimonialForm
          courses={courses}
          submitLabel={text.addTestimonial}
          onSubmit={async (draft) => {
            await addTestimonial(bodyOf(draft));
            await revalidate();
          }}
        />
      </AddPanel>
      <WhenReady result={loaderData} loadingLabel={text.loading}>
        {() =>
          items.length === 0 ? (
            <EmptyState title={text.noTestimonials} />
          ) : (
            <ul ref={list} className="space-y-3">
              {items.map((item, index) => (
                <li
                  key={item._id}
                  className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center"
                >
                  <div className="min-w-0 flex-1">
                    <p className="font-semibold text-slate-900">
                      <bdi>{item.name}</bdi>
                    </p>
                    <p className="truncate text-sm text-slate-600">
                      <bdi>{item.quote}</bdi>
                    </p>
                    <p className="text-xs text-slate-600">
                      {[item.onHome && text.onHome, item.onAbout && text.onAbout, item.onCourse && text.onCourse]
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    <MoveButtons
                      name={item.name}
                      id={item._id}
                      first={index === 0}
                      last={index === items.length - 1}
                      disabled={moving}
                      onMove={(by) => move(index, by)}
                    />
                    <EditButton name={item.name} onClick={() => editing.open(item)} />
                    <DeleteButton name={item.name} onClick={() => deleting.ask(item)} />
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </WhenReady>
      <EditModal modal={editing} title={text.editTestimonial}>
        {(item, form) => (
          <TestimonialForm
            courses={courses}
            initial={draftOf(item)}
            currentPhoto={item.photo?.url ?? null}
            submitLabel={text.save}
            onBusy={form.setBusy}
            onCancel={form.onCancel}
            onSubmit={async (draft) => {
              await updateTestimonial(item._id, bodyOf(draft));
              editing.close();
              void revalidate();
            }}
          />
        )}
      </EditModal>
      <ConfirmDeleteDialog dialog={deleting} title={text.deleteConfirm}>
        {(item) => (
          <p>
            <ItemName>{item.name}</ItemName>
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

function TestimonialForm({
  courses,
  initial = EMPTY,
  currentPhoto = null,
  submitLabel,
  onSubmit,
  onBusy,
  onCancel,
}: {
  courses: Choice[];
  initial?: Draft;
  currentPhoto?: string | null;
  submitLabel: string;
  onSubmit(draft: Draft): Promise<void>;
  onBusy?: (busy: boolean) => void;
  onCancel?: () => void;
}) {
  const [draft, setDraft] = useState<Draft>(initial);
  const [file, setFile] = useState<File | null>(null);
  const { errors, problem, saving, save } = useFormFeedback();
  const { t, locale } = useI18n();
  const text = t.adminReviews;
  const error = translatedErrors(errors, locale);
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    onBusy?.(true);
    await save(text.failed, async () => {
      let photo = draft.photo;
      if (file) {
        const form = new FormData();
        form.set('image', file);
        photo = (await uploadImage(form)).base;
      }
      await onSubmit({ ...draft, photo });
      toast.success(text.saved);
      if (!onCancel) {
        setDraft(EMPTY);
        setFile(null);
      }
    });
    onBusy?.(false);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-5">
      <BilingualField
        english={{
          label: text.name,
          value: draft.name,
          onValue: (name) => set({ name }),
          error: error('name'),
          maxLength: REVIEW_LIMITS.testimonialNameMax,
          disabled: saving,
          required: true,
        }}
        arabic={{
          label: text.nameAr,
          value: draft.nameAr,
          onValue: (nameAr) => set({ nameAr }),
          error: error('nameAr'),
        }}
      />
      <BilingualField
        english={{
          label: text.role,
          value: draft.role,
          onValue: (role) => set({ role }),
          error: error('role'),
          maxLength: REVIEW_LIMITS.testimonialRoleMax,
          disabled: saving,
        }}
        arabic={{
          label: text.roleAr,
          value: draft.roleAr,
          onValue: (roleAr) => set({ roleAr }),
          error: error('roleAr'),
        }}
      />
      <div className="grid gap-5 md:grid-cols-2">
        <TextArea
          label={text.quote}
          value={draft.quote}
          onValue={(quote) => set({ quote })}
          error={error('quote')}
          maxLength={REVIEW_LIMITS.testimonialQuoteMax}
          disabled={saving}
          required
        />
        <TextArea
          label={text.quoteAr}
          dir="rtl"
          lang="ar"
          value={draft.quoteAr}
          onValue={(quoteAr) => set({ quoteAr })}
          error={error('quoteAr')}
          maxLength={REVIEW_LIMITS.testimonialQuoteMax}
          disabled={saving}
        />
      </div>
      <ImageInput
        label={text.photo}
        file={file}
        onChange={setFile}
        currentUrl={draft.photo ? currentPhoto : null}
        error={error('photo')}
        disabled={saving}
      />
      {draft.photo && !file && (
        <button type="button" className="text-sm underline" onClick={() => set({ photo: null })}>
          {text.removePhoto}
        </button>
      )}
      <SelectInput
        label={text.linkedCourse}
        value={draft.courseId}
        onValue={(courseId) => set({ courseId })}
        placeholder={text.noCourse}
        options={courses}
        error={error('courseId')}
        disabled={saving}
      />
      <fieldset className="space-y-3">
        <legend className="mb-2 font-semibold text-slate-800">{text.showOn}</legend>
        <Toggle label={text.onHome} checked={draft.onHome} onChange={(onHome) => set({ onHome })} disabled={saving} />
        <Toggle
          label={text.onAbout}
          checked={draft.onAbout}
          onChange={(onAbout) => set({ onAbout })}
          disabled={saving}
        />
        <Toggle
          label={text.onCourse}
          checked={draft.onCourse}
          onChange={(onCourse) => set({ onCourse })}
          disabled={saving || !draft.courseId}
        />
      </fieldset>
      <FormFooter
        problem={problem}
        busy={saving}
        submitLabel={submitLabel}
        busyLabel={text.loading}
        onCancel={onCancel}
      />
    </form>
  );
}
