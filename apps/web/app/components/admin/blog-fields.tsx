import { checkBlogForm } from '@oasis/shared/admin/blogs';
import { ADMIN_LIMITS } from '@oasis/shared/admin/common';
import { useI18n } from '~/lib/i18n';
import { BilingualField } from './bilingual-field';
import { TextInput } from './fields';
import { draftFields, type FormErrors, fieldMessage } from './form-feedback';
import { ImageInput } from './image-input';

export interface BlogDraft {
  title: string;
  /** The Arabic twins (docs/i18n.md#content): '' shows the English on Arabic pages. */
  titleAr: string;
  author: string;
  authorAr: string;
  /** YYYY-MM-DD; empty keeps the current date (today for a new post). */
  date: string;
  description: string;
  descriptionAr: string;
  image: File | null;
}

export const EMPTY_BLOG: BlogDraft = {
  title: '',
  titleAr: '',
  author: '',
  authorAr: '',
  date: '',
  description: '',
  descriptionAr: '',
  image: null,
};

export function checkBlogDraft(draft: BlogDraft) {
  return checkBlogForm({
    title: draft.title,
    titleAr: draft.titleAr,
    author: draft.author,
    authorAr: draft.authorAr,
    description: draft.description,
    descriptionAr: draft.descriptionAr,
    date: draft.date,
  });
}

/** The multipart body of `POST /blogs/blogs` and `PUT /blogs/blogs/{slug}`. */
export function blogFormData(draft: BlogDraft): FormData {
  const body = new FormData();
  body.set('title', draft.title.trim());
  // Always sent: '' clears a translation.
  body.set('titleAr', draft.titleAr.trim());
  body.set('author', draft.author.trim());
  body.set('authorAr', draft.authorAr.trim());
  body.set('description', draft.description);
  body.set('descriptionAr', draft.descriptionAr);
  if (draft.date) body.set('date', draft.date);
  if (draft.image) body.set('image', draft.image);
  return body;
}

/** The fields of a blog post (Add Blog and the edit modal). */
export function BlogFields({
  draft,
  onChange,
  errors,
  disabled,
  currentImage,
}: {
  draft: BlogDraft;
  onChange(patch: Partial<BlogDraft>): void;
  errors: FormErrors;
  disabled?: boolean;
  currentImage?: string | null;
}) {
  const { t, locale } = useI18n();
  const text = t.adminBlogs;
  const error = fieldMessage(errors, 'admin.blogFieldsRequired', locale);
  const field = draftFields(draft, onChange, error, disabled);
  return (
    <div className="space-y-6">
      <BilingualField
        english={{ label: text.title, ...field('title'), maxLength: ADMIN_LIMITS.titleMax, required: true }}
        arabic={{ label: text.titleAr, ...field('titleAr') }}
      />
      <BilingualField
        english={{ label: text.author, ...field('author'), maxLength: ADMIN_LIMITS.authorMax, required: true }}
        arabic={{ label: text.authorAr, ...field('authorAr') }}
      />
      <TextInput label={text.date} type="date" {...field('date')} hint={text.dateHint} />
      <BilingualField
        kind="rich"
        english={{
          label: text.content,
          value: draft.description,
          onChange: (description) => onChange({ description }),
          error: error('description'),
          disabled,
          minHeight: '16rem',
        }}
        arabic={{
          label: text.contentAr,
          value: draft.descriptionAr,
          onChange: (descriptionAr) => onChange({ descriptionAr }),
          error: error('descriptionAr'),
        }}
      />
      <ImageInput
        label={text.image}
        file={draft.image}
        onChange={(image) => onChange({ image })}
        currentUrl={currentImage}
        currentAlt={text.currentImage}
        error={error('image')}
        hint={text.imageHint}
        disabled={disabled}
      />
    </div>
  );
}
