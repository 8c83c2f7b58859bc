import { checkBlogForm } from '@oasis/shared/admin/blogs';
import { ADMIN_LIMITS, ADMIN_MESSAGES, type FieldErrors } from '@oasis/shared/admin/common';
import { useI18n } from '~/lib/i18n';
import { TextInput } from './fields';
import { draftFields, fieldMessage } from './form-feedback';
import { ImageInput } from './image-input';
import { RichTextField } from './rich-text-field';

export interface BlogDraft {
  title: string;
  author: string;
  /** YYYY-MM-DD; empty keeps the current date (today for a new post). */
  date: string;
  description: string;
  image: File | null;
}

export const EMPTY_BLOG: BlogDraft = { title: '', author: '', date: '', description: '', image: null };

export function checkBlogDraft(draft: BlogDraft) {
  return checkBlogForm({
    title: draft.title,
    author: draft.author,
    description: draft.description,
    date: draft.date,
  });
}

/** The multipart body of `POST /blogs/blogs` and `PUT /blogs/blogs/{slug}`. */
export function blogFormData(draft: BlogDraft): FormData {
  const body = new FormData();
  body.set('title', draft.title.trim());
  body.set('author', draft.author.trim());
  body.set('description', draft.description);
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
  errors: FieldErrors;
  disabled?: boolean;
  currentImage?: string | null;
}) {
  const { t, tr } = useI18n();
  const text = t.adminBlogs;
  const error = fieldMessage(errors, ADMIN_MESSAGES.blogFieldsRequired, tr);
  const field = draftFields(draft, onChange, error, disabled);
  return (
    <div className="space-y-6">
      <TextInput label={text.title} {...field('title')} maxLength={ADMIN_LIMITS.titleMax} required />
      <div className="grid gap-6 sm:grid-cols-2">
        <TextInput label={text.author} {...field('author')} maxLength={ADMIN_LIMITS.authorMax} required />
        <TextInput label={text.date} type="date" {...field('date')} hint={text.dateHint} />
      </div>
      <RichTextField
        label={text.content}
        value={draft.description}
        onChange={(description) => onChange({ description })}
        error={error('description')}
        disabled={disabled}
        minHeight="16rem"
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
