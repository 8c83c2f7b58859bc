import { useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { type BlogDraft, BlogFields, blogFormData, checkBlogDraft, EMPTY_BLOG } from '~/components/admin/blog-fields';
import { AdminPageHeader, Panel } from '~/components/admin/page';
import { useFormFeedback } from '~/components/admin/form-feedback';
import { PageForm } from '~/components/admin/page-form';
import { useDraft } from '~/components/admin/use-draft';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/add-blog';
import { createBlog } from '~/lib/api/blogs';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, metaTexts(matches).adminBlogs.addTitle);

/**
 * /admin/dashboard/addblog (docs/product.md#admin-blogs): title and author required, rich text,
 * optional image. A new post is saved as a draft: List Blogs previews and publishes it.
 */
export default function AddBlog() {
  const navigate = useNavigate();
  const { t, lp } = useI18n();
  const text = t.adminBlogs;
  const { errors, problem, saving, accept, save, clear } = useFormFeedback();
  const [draft, change] = useDraft<BlogDraft>(EMPTY_BLOG, clear);

  function submit(form: HTMLFormElement) {
    if (!accept(form, checkBlogDraft(draft))) return;
    void save(ADMIN_MESSAGES.blogCreateFailed, async () => {
      const blog = await createBlog(blogFormData(draft));
      toast.success(text.draftSaved);
      navigate(lp('/admin/dashboard/listblog'), { state: { created: blog.slug } });
    });
  }

  return (
    <div>
      <AdminPageHeader
        title={text.addTitle}
        lead={text.addLead}
        link={{ to: '/admin/dashboard/listblog', label: t.adminShell.listBlogs, variant: 'outline' }}
      />
      <Panel>
        <PageForm
          label={text.addTitle}
          onSubmit={submit}
          problem={problem}
          busy={saving}
          submitLabel={text.saveDraft}
          busyLabel={text.savingDraft}
        >
          <BlogFields draft={draft} onChange={change} errors={errors} disabled={saving} />
        </PageForm>
      </Panel>
    </div>
  );
}
