import type { Blog, BlogSummary } from '@oasis/shared/api';
import { excerpt } from '@oasis/shared/format';
import { messagesFor, translateText } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import { formatDay } from '@oasis/shared/i18n/format-locale';
import { MESSAGES } from '@oasis/shared/messages';
import { data } from 'react-router';
import { Link } from '~/components/page-link';
import { Icon } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { RichText, richOrEmpty } from '~/components/ui/rich-text';
import { buttonClass } from '~/components/ui/button';
import { useI18n } from '~/lib/i18n';
import { absoluteUrl, buildHead, headContext, notFoundHead, organizationRef, type RootData } from '~/lib/seo';
import type { Route } from './+types/blog';
import { headFromError, pageErrorBoundary } from './sections/page-error';
import { ISLANDS_PAGE } from '~/islands/island';

const MORE_POSTS = 3;

export async function loader({ params, context }: Route.LoaderArgs) {
  const { locale } = context;
  const [root, blog, all] = await Promise.all([
    headContext(context),
    context.site.blog(params.slug),
    context.site.blogs({ limit: MORE_POSTS + 1 }).catch(() => [] as BlogSummary[]),
  ]);
  if (!blog) {
    const title = translateText(MESSAGES.blogNotFound, locale);
    throw data({ title, head: notFoundHead(root, title) }, { status: 404 });
  }
  // The newest few, one more than shown in case this post is among them.
  const more = all
    .slice(0, MORE_POSTS + 1)
    .filter((b) => b.slug !== blog.slug)
    .slice(0, MORE_POSTS)
    .map((b) => {
      const title = inLocale(locale, b.title, b.titleAr);
      return {
        slug: b.slug,
        title: title.text,
        titleAttrs: title.attrs,
        date: b.date,
        dateLabel: formatDay(b.date, locale),
      };
    });
  const { title, titleAr, description, descriptionAr, ...facts } = blog;
  // The post in the page's language, each field falling back to the English (`inLocale`).
  const text = {
    title: inLocale(locale, title, titleAr),
    description: inLocale(locale, richOrEmpty(description), richOrEmpty(descriptionAr)),
  };
  return {
    t: messagesFor(locale).blog,
    blog: facts,
    text,
    dateLabel: formatDay(blog.date, locale),
    // The author's Arabic name on Arabic pages when written; the brand when the post names no one.
    author: inLocale(locale, blog.author.trim() || root.settings.brandName, blog.authorAr),
    more,
    head: blogHead(root, blog, text),
  };
}

type BlogTexts = Record<'title' | 'description', ReturnType<typeof inLocale>>;

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData, error, matches }) =>
  error || !loaderData ? headFromError(error, matches) : loaderData.head;

/** The head in the page's language: the post's Arabic title and text on Arabic pages when it has them. */
function blogHead(root: RootData, blog: Blog, text: BlogTexts) {
  const { siteUrl, locale } = root;
  const path = `/blogs/${blog.slug}`;
  const title = text.title.text;
  const description = excerpt(text.description.text, 155, '…') || title;
  const image = blog.image
    ? { url: blog.image.url, width: blog.image.width, height: blog.image.height, alt: title }
    : null;
  const author = inLocale(locale, blog.author.trim() || root.settings.brandName, blog.authorAr).text;
  // The language of the post shown: its text's, or its title's when it has no text.
  const shown = text.description.text ? text.description : text.title;
  return buildHead(root, {
    title,
    description,
    path,
    type: 'article',
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: title,
        description,
        inLanguage: shown.attrs.lang ?? locale,
        url: absoluteUrl(siteUrl, path),
        mainEntityOfPage: absoluteUrl(siteUrl, path),
        datePublished: blog.date,
        dateModified: blog.updatedAt,
        author: { '@type': 'Person', name: author },
        ...(image ? { image: absoluteUrl(siteUrl, image.url) } : {}),
        publisher: {
          ...organizationRef(root.settings, siteUrl),
          logo: { '@type': 'ImageObject', url: absoluteUrl(siteUrl, '/logo-dark.svg') },
        },
      },
    ],
  });
}

export default function BlogPage({ loaderData }: Route.ComponentProps) {
  const { t, blog, text, dateLabel, author, more } = loaderData;
  const { t: ui, lp } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <article>
        <header className="on-dark bg-brand-green pt-[4.5rem] text-white">
          <div className="mx-auto max-w-3xl px-4 pt-12 pb-16 sm:px-6 sm:pt-16">
            <nav aria-label={ui.common.breadcrumb} className="text-sm">
              <Link
                to={lp('/why-dubai')}
                className="inline-flex items-center gap-2 rounded-sm text-white/80 hover:text-brand-yellow"
              >
                <Icon name="arrow-left" className="h-4 w-4" />
                {t.back}
              </Link>
            </nav>
            <p className="mt-8 eyebrow text-brand-yellow">{t.eyebrow}</p>
            <h1 className="mt-3 font-display text-4xl font-semibold leading-tight sm:text-5xl" {...text.title.attrs}>
              {text.title.text}
            </h1>
            <div className="mt-8 flex flex-wrap items-center gap-x-6 gap-y-3 text-white/85">
              <p className="flex items-center gap-3">
                {blog.authorImage ? (
                  <img
                    src={blog.authorImage}
                    alt=""
                    width={40}
                    height={40}
                    className="h-10 w-10 rounded-full object-cover ring-2 ring-brand-yellow"
                  />
                ) : (
                  <span
                    aria-hidden="true"
                    className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-yellow font-bold text-brand-green-dark"
                    {...author.attrs}
                  >
                    {(author.text[0] ?? 'A').toUpperCase()}
                  </span>
                )}
                <span>
                  <span className="sr-only">{t.by} </span>
                  <span className="font-semibold text-white" {...author.attrs}>
                    {author.text}
                  </span>
                </span>
              </p>
              <p className="flex items-center gap-2">
                <Icon name="calendar" className="text-brand-yellow" />
                <time dateTime={blog.date}>{dateLabel}</time>
              </p>
            </div>
          </div>
        </header>

        <div className="bg-white pb-16">
          {blog.image && (
            <div className="mx-auto max-w-4xl px-4 sm:px-6">
              <div className="-mt-2 overflow-hidden rounded-2xl bg-brand-mist shadow-card sm:mt-0 sm:translate-y-[-2.5rem]">
                <Picture
                  image={blog.image}
                  fallback=""
                  alt={text.title.text}
                  sizes="(min-width: 896px) 848px, 92vw"
                  width={blog.image.width}
                  height={blog.image.height}
                  priority
                  className="h-auto w-full"
                />
              </div>
            </div>
          )}
          <div className={`mx-auto max-w-3xl px-4 sm:px-6 ${blog.image ? 'pt-8 sm:pt-0' : 'pt-12'}`}>
            <RichText html={text.description.text} attrs={text.description.attrs} empty={t.empty} className="" />
          </div>
        </div>
      </article>

      <aside aria-labelledby="more-heading" className="bg-brand-sand py-16">
        <div className="mx-auto max-w-3xl px-4 sm:px-6">
          <h2 id="more-heading" className="font-display text-2xl font-semibold text-brand-green">
            {more.length ? t.keepReading : t.planning}
          </h2>
          {more.length > 0 && (
            <ul className="mt-6 divide-y divide-slate-200 rounded-2xl bg-white shadow-card">
              {more.map((post) => (
                <li key={post.slug}>
                  <Link
                    to={lp(`/blogs/${post.slug}`)}
                    className="flex items-center justify-between gap-4 rounded-2xl px-5 py-4 hover:bg-brand-mist/50"
                  >
                    <span>
                      <span className="block font-semibold text-brand-green" {...post.titleAttrs}>
                        {post.title}
                      </span>
                      <time dateTime={post.date} className="text-sm text-slate-600">
                        {post.dateLabel}
                      </time>
                    </span>
                    <Icon name="arrow-right" className="shrink-0 text-brand-gold" />
                  </Link>
                </li>
              ))}
            </ul>
          )}
          <div className="mt-8 flex flex-wrap gap-4">
            <Link to={lp('/consult')} className={buttonClass('secondary')}>
              {t.bookConsultation}
            </Link>
            <Link to={lp('/courses')} className={buttonClass('outline')}>
              {t.exploreCourses}
            </Link>
          </div>
        </div>
      </aside>
    </main>
  );
}

export const ErrorBoundary = pageErrorBoundary(({ t, lp }) => ({
  title: t.common.pageNotFound,
  message: t.notFound.blogText,
  action: { to: lp('/why-dubai'), label: t.notFound.blogAction },
}));
