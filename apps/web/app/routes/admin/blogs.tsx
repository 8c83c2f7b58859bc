import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES, type FieldErrors, type MessageResult } from '@oasis/shared/admin';
import type { Blog } from '@oasis/shared/api';
import { excerpt, formatDate } from '@oasis/shared/format';
import { LIMITS } from '@oasis/shared/limits';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/auth/field';
import { Spinner } from '~/components/auth/auth-page';
import { type BlogDraft, BlogFields, blogFormData, checkBlogDraft, dubaiDay } from '~/components/admin/blog-fields';
import { ConfirmDialog } from '~/components/admin/confirm-dialog';
import { Modal, ModalActions } from '~/components/admin/modal';
import { AdminPageHeader, EmptyState, ErrorState, LoadingState } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/blogs';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'List Blogs');

/** /admin/dashboard/listblog (spec §2, §9): posts with 120-character excerpts; edit and delete. */
export default function BlogList() {
  const { state, retry, setData } = useAdminData<Blog[]>('/blogs/blogs', ADMIN_MESSAGES.failedToFetchBlogs);
  const [editing, setEditing] = useState<Blog | null>(null);
  const [deleting, setDeleting] = useState<Blog | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove() {
    if (!deleting) return;
    setBusy(true);
    try {
      const result = await adminApi<MessageResult>(`/blogs/blogs/${encodeURIComponent(deleting.slug)}`, {
        method: 'DELETE',
      });
      setData((blogs) => blogs.filter((b) => b._id !== deleting._id));
      toast.success(result.message || ADMIN_MESSAGES.blogDeleted);
      setDeleting(null);
    } catch (error) {
      toast.error(failureToast(error, ADMIN_MESSAGES.deleteFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <AdminPageHeader
        title="List Blogs"
        lead="Every post, newest first."
        actions={
          <Link to="/admin/dashboard/addblog" className={buttonClass('secondary', 'sm')}>
            Add Blog
          </Link>
        }
      />
      {state.status === 'loading' && <LoadingState label="Loading blogs..." />}
      {state.status === 'error' && <ErrorState message={state.message} signedOut={state.signedOut} onRetry={retry} />}
      {state.status === 'ready' &&
        (state.data.length === 0 ? (
          <EmptyState title="No blog posts yet.">
            <Link to="/admin/dashboard/addblog" className="font-semibold text-brand-green underline">
              Write the first post
            </Link>
          </EmptyState>
        ) : (
          <ul className="space-y-4">
            {state.data.map((blog) => (
              <li
                key={blog._id}
                className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:p-5"
              >
                <div className="aspect-video w-full shrink-0 overflow-hidden rounded-lg bg-slate-100 sm:w-44">
                  {blog.image && (
                    <img src={blog.image.url} alt="" loading="lazy" className="h-full w-full object-cover" />
                  )}
                </div>
                <div className="min-w-0 flex-1">
                  <h3 className="font-display text-lg leading-snug font-semibold text-brand-green">{blog.title}</h3>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {blog.author} · {formatDate(blog.date)}
                  </p>
                  <p className="mt-2 text-slate-700">
                    {excerpt(blog.description, LIMITS.adminBlogExcerptLength, '...') || (
                      <span className="text-slate-600 italic">No content yet.</span>
                    )}
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <a href={`/blogs/${blog.slug}`} className={buttonClass('ghost', 'sm')}>
                      View<span className="sr-only"> {blog.title}</span>
                    </a>
                    <button type="button" className={buttonClass('outline', 'sm')} onClick={() => setEditing(blog)}>
                      Edit<span className="sr-only"> {blog.title}</span>
                    </button>
                    <button
                      type="button"
                      className={buttonClass('outline-danger', 'sm')}
                      onClick={() => setDeleting(blog)}
                    >
                      Delete<span className="sr-only"> {blog.title}</span>
                    </button>
                  </div>
                </div>
              </li>
            ))}
          </ul>
        ))}

      <Modal
        open={editing !== null}
        onClose={() => setEditing(null)}
        busy={busy}
        size="lg"
        title="Edit blog"
        description={editing?.title}
      >
        {editing && (
          <EditBlogForm
            blog={editing}
            busy={busy}
            setBusy={setBusy}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setData((blogs) => blogs.map((b) => (b._id === saved._id ? saved : b)));
              setEditing(null);
            }}
          />
        )}
      </Modal>

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this blog post?"
        confirmLabel="Delete"
        busyLabel={ADMIN_MESSAGES.deleting}
        busy={busy}
        onConfirm={remove}
        onCancel={() => setDeleting(null)}
      >
        {deleting && (
          <p>
            <strong className="text-slate-900">{deleting.title}</strong> will be removed from the site. This cannot be
            undone.
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function EditBlogForm({
  blog,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: {
  blog: Blog;
  busy: boolean;
  setBusy(busy: boolean): void;
  onCancel(): void;
  onSaved(blog: Blog): void;
}) {
  const [draft, setDraft] = useState<BlogDraft>({
    title: blog.title,
    author: blog.author,
    date: dubaiDay(blog.date),
    description: blog.description,
    image: null,
  });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    event.stopPropagation();
    setProblem(null);
    const formEl = event.currentTarget;
    const check = checkBlogDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      setProblem(check.message);
      toast.error(check.message);
      requestAnimationFrame(() => formEl.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const body = blogFormData(draft);
      // An unchanged day keeps the post's exact time.
      if (draft.date === dubaiDay(blog.date)) body.delete('date');
      const saved = await adminApi<Blog>(`/blogs/blogs/${encodeURIComponent(blog.slug)}`, { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.blogUpdated);
      onSaved(saved);
    } catch (error) {
      const failure = describeFailure(error, ADMIN_MESSAGES.updateFailed);
      setErrors(failure.fields);
      if (failure.message !== ADMIN_MESSAGES.updateFailed) setProblem(failure.message);
      toast.error(failureToast(error, ADMIN_MESSAGES.updateFailed));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} aria-label="Edit blog">
      <BlogFields
        draft={draft}
        onChange={(patch) => setDraft((d) => ({ ...d, ...patch }))}
        errors={errors}
        disabled={busy}
        currentImage={blog.image?.url}
      />
      {problem && (
        <div className="mt-5">
          <FormMessage tone="error">{problem}</FormMessage>
        </div>
      )}
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
