import { inLocale } from '@oasis/shared/i18n/content';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { AdminPageHeader, failureIn, LoadFailed } from '~/components/admin/page';
import { loadAdmin } from '~/components/admin/request';
import { RichText, richOrEmpty } from '~/components/ui/rich-text';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/blog-preview';
import { getAdminBlog } from '~/lib/api/blogs';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, metaTexts(matches).adminBlogs.previewTitle);

/**
 * The post from the admin API (drafts included, answered private and no-store). The page itself is
 * an admin page: rendered in the browser for the signed-in admin only, never cached as a public page.
 */
export const clientLoader = ({ request, params }: Route.ClientLoaderArgs) =>
  loadAdmin((signal) => getAdminBlog(params.slug, signal), 'Failed to load the post', request);

/** /admin/dashboard/blogpreview/{slug} (docs/product.md#admin-blogs): a post as visitors will read it. */
export default function BlogPreview({ loaderData }: Route.ComponentProps) {
  const { t, locale, day } = useI18n();
  const text = t.adminBlogs;
  const back = { to: '/admin/dashboard/listblog', label: text.backToList };
  if (!loaderData.ok) {
    return (
      <div>
        <AdminPageHeader title={text.previewTitle} back={back} />
        <LoadFailed failure={failureIn(loaderData, text.postFailed)} loadingLabel={text.loadingPost} />
      </div>
    );
  }
  const blog = loaderData.data;
  const title = inLocale(locale, blog.title, blog.titleAr);
  const body = inLocale(locale, richOrEmpty(blog.description), richOrEmpty(blog.descriptionAr));
  return (
    <div>
      <AdminPageHeader title={text.previewTitle} back={back} />
      <p
        role="note"
        className={`mb-6 rounded-xl border px-4 py-3 ${
          blog.publishedAt
            ? 'border-slate-200 bg-white text-slate-700'
            : 'border-brand-yellow/70 bg-brand-sand text-slate-800'
        }`}
      >
        {blog.publishedAt ? text.previewNote : text.previewDraftNote}
      </p>
      <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <header className="on-dark bg-brand-green px-5 py-8 text-white sm:px-10 sm:py-12">
          <h3 className="font-display text-3xl leading-tight font-semibold sm:text-4xl" {...title.attrs}>
            {title.text}
          </h3>
          <p className="mt-4 text-white/85">
            {blog.author} · {day(blog.date)}
          </p>
        </header>
        {blog.image && (
          <img
            src={blog.image.url}
            alt=""
            width={blog.image.width}
            height={blog.image.height}
            className="aspect-video w-full object-cover"
          />
        )}
        <div className="px-5 py-8 sm:px-10">
          <RichText html={body.text} attrs={body.attrs} empty={text.noContent} className="" />
        </div>
      </article>
    </div>
  );
}
