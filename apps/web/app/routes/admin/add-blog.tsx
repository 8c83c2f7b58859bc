import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES, type FieldErrors } from '@oasis/shared/admin';
import type { Blog } from '@oasis/shared/api';
import { privateMeta } from '~/components/auth/meta';
import { FormMessage } from '~/components/ui/field';
import { Spinner } from '~/components/auth/auth-page';
import { type BlogDraft, BlogFields, blogFormData, checkBlogDraft, EMPTY_BLOG } from '~/components/admin/blog-fields';
import { AdminPageHeader, Panel } from '~/components/admin/page';
import { adminApi, describeFailure, failureToast } from '~/components/admin/request';
import { buttonClass } from '~/components/ui/button';
import type { Route } from './+types/add-blog';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Add Blog');

/** /admin/dashboard/addblog (spec §5): title and author required, rich-text body, optional image. */
export default function AddBlog() {
  const navigate = useNavigate();
  const [draft, setDraft] = useState<BlogDraft>(EMPTY_BLOG);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  function change(patch: Partial<BlogDraft>) {
    setDraft((d) => ({ ...d, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  }

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setProblem(null);
    const check = checkBlogDraft(draft);
    if (!check.ok) {
      setErrors(check.errors);
      setProblem(check.message);
      toast.error(check.message);
      requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const blog = await adminApi<Blog>('/blogs/blogs', { method: 'POST', body: blogFormData(draft) });
      toast.success(ADMIN_MESSAGES.blogCreated);
      navigate('/admin/dashboard/listblog', { state: { created: blog.slug } });
    } catch (error) {
      const failure = describeFailure(error, ADMIN_MESSAGES.blogCreateFailed);
      setErrors(failure.fields);
      setProblem(failure.message);
      toast.error(failureToast(error, ADMIN_MESSAGES.blogCreateFailed));
      setSaving(false);
    }
  }

  return (
    <div>
      <AdminPageHeader
        title="Add Blog"
        lead="Posts appear on the Dubai Real Estate page, newest first."
        actions={
          <Link to="/admin/dashboard/listblog" className={buttonClass('outline', 'sm')}>
            List Blogs
          </Link>
        }
      />
      <Panel>
        <form ref={form} noValidate onSubmit={submit} aria-label="Add Blog" className="space-y-6">
          <BlogFields draft={draft} onChange={change} errors={errors} disabled={saving} />
          {problem && <FormMessage tone="error">{problem}</FormMessage>}
          <div className="flex justify-end border-t border-slate-100 pt-6">
            <button type="submit" className={buttonClass('secondary', 'md', 'w-full sm:w-auto')} disabled={saving}>
              {saving && <Spinner className="h-4 w-4" />}
              {saving ? 'Publishing...' : 'Publish Blog'}
            </button>
          </div>
        </form>
      </Panel>
    </div>
  );
}
