import { useState } from 'react';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES, type MessageResult } from '@oasis/shared/admin';
import type { Blog } from '@oasis/shared/api';
import { excerpt, formatDate } from '@oasis/shared/format';
import { LIMITS } from '@oasis/shared/limits';
import { privateMeta } from '~/components/auth/meta';
import { type BlogDraft, BlogFields, blogFormData, checkBlogDraft, dubaiDay } from '~/components/admin/blog-fields';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, type EditFormProps, useEditModal } from '~/components/admin/edit-modal';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { ModalForm } from '~/components/admin/modal-form';
import { AdminPageHeader, WhenReady, EmptyState } from '~/components/admin/page';
import { adminApi } from '~/components/admin/request';
import { useAdminData } from '~/components/admin/use-admin-data';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/blogs';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'List Blogs');

/** /admin/dashboard/listblog (spec §2, §9): posts with 120-character excerpts; edit and delete. */
export default function BlogList() {
  const { state, retry, setData } = useAdminData<Blog[]>('/blogs/blogs', ADMIN_MESSAGES.failedToFetchBlogs);
  const editing = useEditModal<Blog>();
  const deleting = useConfirmDelete<Blog>(async (blog) => {
    const result = await adminApi<MessageResult>(`/blogs/blogs/${encodeURIComponent(blog.slug)}`, {
      method: 'DELETE',
    });
    setData((blogs) => blogs.filter((b) => b._id !== blog._id));
    toast.success(result.message || ADMIN_MESSAGES.blogDeleted);
  });

  return (
    <div>
      <AdminPageHeader
        title="List Blogs"
        lead="Every post, newest first."
        link={{ to: '/admin/dashboard/addblog', label: 'Add Blog' }}
      />
      <WhenReady state={state} loadingLabel="Loading blogs..." onRetry={retry}>
        {(blogs) =>
          blogs.length === 0 ? (
            <EmptyState
              title="No blog posts yet."
              link={{ to: '/admin/dashboard/addblog', label: 'Write the first post' }}
            />
          ) : (
            <ul className="space-y-4">
              {blogs.map((blog) => (
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
                      <EditButton name={blog.title} onClick={() => editing.open(blog)} />
                      <DeleteButton name={blog.title} onClick={() => deleting.ask(blog)} />
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </WhenReady>

      <EditModal modal={editing} size="lg" title="Edit blog" description={editing.item?.title}>
        {(blog, form) => (
          <EditBlogForm
            blog={blog}
            {...form}
            onSaved={(saved) => {
              setData((blogs) => blogs.map((b) => (b._id === saved._id ? saved : b)));
              editing.close();
            }}
          />
        )}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title="Delete this blog post?">
        {(blog) => (
          <p>
            <strong className="text-slate-900">{blog.title}</strong> will be removed from the site. This cannot be
            undone.
          </p>
        )}
      </ConfirmDeleteDialog>
    </div>
  );
}

function EditBlogForm({
  blog,
  busy,
  setBusy,
  onCancel,
  onSaved,
}: EditFormProps & { blog: Blog; onSaved(blog: Blog): void }) {
  const [draft, setDraft] = useState<BlogDraft>({
    title: blog.title,
    author: blog.author,
    date: dubaiDay(blog.date),
    description: blog.description,
    image: null,
  });
  const { errors, problem, accept, fail, clear } = useFormFeedback();

  async function submit(form: HTMLFormElement) {
    if (!accept(form, checkBlogDraft(draft))) return;
    setBusy(true);
    try {
      const body = blogFormData(draft);
      // An unchanged day keeps the post's exact time.
      if (draft.date === dubaiDay(blog.date)) body.delete('date');
      const saved = await adminApi<Blog>(`/blogs/blogs/${encodeURIComponent(blog.slug)}`, { method: 'PUT', body });
      toast.success(ADMIN_MESSAGES.blogUpdated);
      onSaved(saved);
    } catch (error) {
      fail(error, ADMIN_MESSAGES.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm label="Edit blog" onSubmit={submit} busy={busy} onCancel={onCancel} problem={problem}>
      <BlogFields
        draft={draft}
        onChange={(patch) => {
          setDraft((d) => ({ ...d, ...patch }));
          // A corrected field loses its message at once, as on Add Blog and Add Course.
          clear(Object.keys(patch));
        }}
        errors={errors}
        disabled={busy}
        currentImage={blog.image?.url}
      />
    </ModalForm>
  );
}
