import { excerpt } from '@oasis/shared/format';
import { messagesFor, translateText } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import { formatDay } from '@oasis/shared/i18n/format-locale';
import { LIMITS, PLACEHOLDER_IMAGE } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import { Link } from '~/components/page-link';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { Icon, type IconName } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { SectionHeading } from '~/components/ui/section-heading';
import { useI18n } from '~/lib/i18n';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/why-dubai';
import { loadPart } from './sections/load-part';
import { ISLANDS_PAGE } from '~/islands/island';

/** How many posts the 'Latest Blogs' grid shows. */
const LATEST_BLOGS = 6;

export async function loader({ context }: Route.LoaderArgs) {
  const { locale } = context;
  const t = messagesFor(locale).whyDubai;
  const [root, blogs] = await Promise.all([
    headContext(context),
    loadPart('why-dubai', 'blogs', context.site.blogs({ limit: LATEST_BLOGS }), []),
  ]);
  // The newest few only: never thousands of posts per render (nor copied to a render thread).
  const latest = blogs.slice(0, LATEST_BLOGS);
  return {
    t,
    // Each post's title and summary in the page's language when the owner wrote them (`inLocale`).
    blogs: latest.map((blog) => {
      const title = inLocale(locale, blog.title, blog.titleAr);
      const summary = inLocale(
        locale,
        excerpt(blog.summary, LIMITS.blogSummaryLength, '...'),
        excerpt(blog.summaryAr, LIMITS.blogSummaryLength, '...'),
      );
      return {
        slug: blog.slug,
        title: title.text,
        titleAttrs: title.attrs,
        author: blog.author,
        date: blog.date,
        image: blog.image,
        dateLabel: formatDay(blog.date, locale),
        summary: summary.text,
        summaryAttrs: summary.attrs,
      };
    }),
    // Resolved here (with the dates above), so the page's code carries no messages, limits or date code.
    placeholderImage: PLACEHOLDER_IMAGE,
    noBlogs: translateText(MESSAGES.noBlogs, locale),
    head: buildHead(root, { title: t.headTitle, description: t.headDescription, path: '/why-dubai' }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

/** The six reasons: an icon and the keys of its title and text in `whyDubai` (`taxTitle`, `taxText`…). */
const REASONS = [
  { icon: 'percent', text: 'tax' },
  { icon: 'chart', text: 'yields' },
  { icon: 'passport', text: 'visa' },
  { icon: 'shield', text: 'regulated' },
  { icon: 'building', text: 'infrastructure' },
  { icon: 'globe', text: 'city' },
] as const satisfies readonly { icon: IconName; text: string }[];

/** The four key facts beside the off-plan section: `fact1Value`, `fact1Label`… */
const FACTS = [1, 2, 3, 4] as const;

export default function WhyDubai({ loaderData }: Route.ComponentProps) {
  const { t, blogs, placeholderImage, noBlogs } = loaderData;
  const { fmt, lp } = useI18n();
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader eyebrow={t.eyebrow} title={t.title} lead={t.lead} />

      <section aria-labelledby="reasons-heading" className="bg-white py-20 sm:py-24">
        <div className="wrap">
          <SectionHeading id="reasons-heading" eyebrow={t.reasonsEyebrow} title={t.reasonsTitle} />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map(({ icon, text }) => (
              <li key={text} className="feature-card">
                <span className="icon-tile bg-brand-yellow/90 text-brand-green-dark">
                  <Icon name={icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 font-display text-xl font-semibold text-brand-green">{t[`${text}Title`]}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{t[`${text}Text`]}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="advantage-heading" className="on-dark bg-brand-green py-20 sm:py-24">
        <div className="wrap grid items-center gap-12 lg:grid-cols-[1.2fr_1fr]">
          <div>
            <SectionHeading
              id="advantage-heading"
              eyebrow={t.advantageEyebrow}
              title={t.advantageTitle}
              align="left"
              dark
            />
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-white/85">
              <p>{t.advantage1}</p>
              <p>{t.advantage2}</p>
            </div>
            <Link to={lp('/contact')} className={buttonClass('primary', 'lg', 'mt-10')}>
              {t.getConsultation}
              <Icon name="arrow-right" />
            </Link>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {FACTS.map((n) => (
              <div key={n} className="flex flex-col-reverse justify-end rounded-2xl bg-white/10 p-6">
                <dt className="mt-2 text-sm text-white/80">{t[`fact${n}Label`]}</dt>
                <dd className="font-display text-3xl font-semibold text-brand-yellow">{t[`fact${n}Value`]}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="blogs-heading" className="bg-brand-sand py-20 sm:py-24">
        <div className="wrap">
          <SectionHeading id="blogs-heading" eyebrow={t.blogsEyebrow} title={t.blogsTitle} lead={t.blogsLead} />
          {blogs.length === 0 ? (
            <p className="mx-auto mt-12 max-w-xl rounded-2xl border border-dashed border-brand-green/30 bg-white px-6 py-10 text-center text-lg text-slate-700">
              {noBlogs}
            </p>
          ) : (
            <ul className="mt-14 grid gap-8 sm:grid-cols-2 lg:grid-cols-3">
              {blogs.map((blog) => (
                <li key={blog.slug}>
                  <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-card">
                    <div className="aspect-[16/10] overflow-hidden bg-brand-mist">
                      <Picture
                        image={blog.image}
                        fallback={placeholderImage}
                        alt=""
                        sizes="(min-width: 1280px) 384px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw"
                        width={800}
                        height={500}
                        className="h-full w-full object-cover"
                      />
                    </div>
                    <div className="flex flex-1 flex-col p-6">
                      <p className="flex items-center gap-2 text-sm text-slate-600">
                        <Icon name="calendar" className="h-4 w-4" />
                        <time dateTime={blog.date}>{blog.dateLabel}</time>
                      </p>
                      <h3
                        className="mt-3 font-display text-xl font-semibold leading-snug text-brand-green"
                        {...blog.titleAttrs}
                      >
                        {blog.title}
                      </h3>
                      <p className="mt-3 flex-1 leading-relaxed text-slate-600" {...blog.summaryAttrs}>
                        {blog.summary}
                      </p>
                      <Link
                        to={lp(`/blogs/${blog.slug}`)}
                        className="mt-5 inline-flex items-center gap-1.5 self-start rounded-sm font-semibold text-brand-green underline decoration-brand-yellow decoration-2 underline-offset-4 hover:text-brand-green-light"
                      >
                        {t.readMore}
                        <span className="sr-only"> {fmt(t.readMoreAbout, { title: blog.title })}</span>
                        <Icon name="arrow-right" className="h-4 w-4" />
                      </Link>
                    </div>
                  </article>
                </li>
              ))}
            </ul>
          )}
        </div>
      </section>
    </main>
  );
}
