import { Link, useRevalidator } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import type { AdminBlog } from '@oasis/shared/admin/blogs';
import { dubaiDay, excerpt } from '@oasis/shared/format';
import { LIMITS } from '@oasis/shared/limits';
import { privateMeta } from '~/components/auth/meta';
import { fmtNodes, metaTexts } from '~/components/admin/i18n';
import { type BlogDraft, BlogFields, blogFormData, checkBlogDraft } from '~/components/admin/blog-fields';
import { ConfirmDeleteDialog, useConfirmDelete } from '~/components/admin/confirm-dialog';
import { EditModal, type EditFormProps, useEditModal } from '~/components/admin/edit-modal';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { useDraft } from '~/components/admin/use-draft';
import { DeleteButton, EditButton } from '~/components/admin/item-buttons';
import { listQuery, PagedList } from '~/components/admin/list-params';
import { ModalForm } from '~/components/admin/modal-form';
import { AdminPageHeader, EmptyState, ItemName } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import { useItemSwitch } from '~/components/admin/use-item-switch';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/blogs';
import { deleteBlog, listAdminBlogs, setBlogPublished, updateBlog } from '~/lib/api/blogs';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminBlogs.listTitle);

/** A page of the list (?page=2), titles containing the search (?q=). */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) =>
  loadAdmin((signal) => listAdminBlogs(listQuery(request), signal), ADMIN_MESSAGES.failedToFetchBlogs, request);

/**
 * /admin/dashboard/listblog (docs/product.md#admin-blogs): posts with 120-character excerpts, each
 * a draft or published; preview, publish or unpublish, edit and delete.
 */
export default function BlogList({ loaderData }: Route.ComponentProps) {
  const { t, tr, lp, day } = useI18n();
  const text = t.adminBlogs;
  const { revalidate } = useRevalidator();
  const editing = useEditModal<AdminBlog>();
  // The post whose Publish or Unpublish is being saved.
  const { switching, run } = useItemSwitch('blog-publish');

  function setPublished(blog: AdminBlog, published: boolean) {
    return run(blog._id, () => setBlogPublished(blog.slug, published), {
      done: published ? text.publishedToast : text.unpublishedToast,
      failed: published ? text.publishFailed : text.unpublishFailed,
    });
  }

  const deleting = useConfirmDelete<AdminBlog>(async (blog) => {
    const result = await deleteBlog(blog.slug);
    toast.success(tr(result.message || ADMIN_MESSAGES.blogDeleted));
    await revalidate();
  });

  return (
    <div>
      <AdminPageHeader
        title={text.listTitle}
        lead={text.listLead}
        link={{ to: '/admin/dashboard/addblog', label: t.adminShell.addBlog }}
      />
      <PagedList
        result={loaderData}
        items={(page) => page.blogs}
        searchLabel={text.search}
        loadingLabel={text.loading}
        noMatch={text.noMatch}
        empty={<EmptyState title={text.empty} link={{ to: '/admin/dashboard/addblog', label: text.writeFirst }} />}
      >
        {(blogs) => (
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
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <h3 dir="auto" className="font-display text-lg leading-snug font-semibold text-brand-green">
                      {blog.title}
                    </h3>
                    <span
                      className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-bold ${
                        blog.publishedAt ? 'bg-brand-mist text-brand-green' : 'bg-brand-yellow text-brand-green-dark'
                      }`}
                    >
                      {blog.publishedAt ? text.published : text.draft}
                    </span>
                  </div>
                  <p className="mt-0.5 text-sm text-slate-600">
                    {blog.author} · {day(blog.date)}
                  </p>
                  <p className="mt-2 text-slate-700">
                    {excerpt(blog.description, LIMITS.adminBlogExcerptLength, '...') || (
                      <span className="text-slate-600 italic">{text.noContent}</span>
                    )}
                  </p>
                  <div className="mt-4 flex flex-wrap gap-2">
                    <button
                      type="button"
                      onClick={() => void setPublished(blog, !blog.publishedAt)}
                      disabled={switching !== null}
                      aria-busy={switching === blog._id}
                      className={buttonClass(blog.publishedAt ? 'outline' : 'secondary', 'sm')}
                    >
                      {blog.publishedAt ? text.unpublish : text.publish}
                      <span className="sr-only"> {blog.title}</span>
                    </button>
                    <Link
                      to={lp(`/admin/dashboard/blogpreview/${encodeURIComponent(blog.slug)}`)}
                      className={buttonClass('ghost', 'sm')}
                    >
                      {text.preview}
                      <span className="sr-only"> {blog.title}</span>
                    </Link>
                    {/* Only a published post has a page on the site. */}
                    {blog.publishedAt && (
                      <a href={lp(`/blogs/${blog.slug}`)} className={buttonClass('ghost', 'sm')}>
                        {text.view}
                        <span className="sr-only"> {blog.title}</span>
                      </a>
                    )}
                    <EditButton name={blog.title} onClick={() => editing.open(blog)} />
                    <DeleteButton name={blog.title} onClick={() => deleting.ask(blog)} />
                  </div>
                </div>
              </li>
            ))}
          </ul>
        )}
      </PagedList>

      <EditModal modal={editing} size="lg" title={text.editTitle} description={editing.item?.title}>
        {(blog, form) => <EditBlogForm blog={blog} {...form} />}
      </EditModal>

      <ConfirmDeleteDialog dialog={deleting} title={text.deleteTitle}>
        {(blog) => <p>{fmtNodes(text.deleteText, { title: <ItemName>{blog.title}</ItemName> })}</p>}
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
}: EditFormProps & { blog: AdminBlog; onSaved(): void }) {
  const { errors, problem, accept, fail, clear } = useFormFeedback();
  const [draft, change] = useDraft<BlogDraft>(
    {
      title: blog.title,
      titleAr: blog.titleAr,
      author: blog.author,
      authorAr: blog.authorAr,
      date: dubaiDay(blog.date),
      description: blog.description,
      descriptionAr: blog.descriptionAr,
      image: null,
    },
    clear,
  );
  const { t, tr } = useI18n();

  async function submit(form: HTMLFormElement) {
    if (!accept(form, checkBlogDraft(draft))) return;
    setBusy(true);
    try {
      const body = blogFormData(draft);
      // An unchanged day keeps the post's exact time.
      if (draft.date === dubaiDay(blog.date)) body.delete('date');
      await updateBlog(blog.slug, body);
      toast.success(tr(ADMIN_MESSAGES.blogUpdated));
      onSaved();
    } catch (error) {
      fail(error, ADMIN_MESSAGES.updateFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <ModalForm label={t.adminBlogs.editTitle} onSubmit={submit} busy={busy} onCancel={onCancel} problem={problem}>
      <BlogFields draft={draft} onChange={change} errors={errors} disabled={busy} currentImage={blog.image?.url} />
    </ModalForm>
  );
}
