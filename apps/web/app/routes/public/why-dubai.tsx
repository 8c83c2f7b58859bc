import type { BlogSummary } from '@oasis/shared/api';
import { excerpt, formatDate } from '@oasis/shared/format';
import { LIMITS, PLACEHOLDER_IMAGE } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import { Link } from 'react-router';
import { PageHeader } from '~/components/layout/page-header';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { SectionHeading } from '~/components/ui/section-heading';
import { buildHead, headContext } from '~/lib/seo';
import type { Route } from './+types/why-dubai';
import { ISLANDS_PAGE } from '~/islands/island';

/** How many posts the 'Latest Blogs' grid shows. */
const LATEST_BLOGS = 6;

export async function loader({ context }: Route.LoaderArgs) {
  const [root, blogs] = await Promise.all([
    headContext(context),
    context.site.blogs().catch((error: unknown) => {
      console.error('why-dubai: failed to load blogs', error);
      return [] as BlogSummary[];
    }),
  ]);
  // The list comes newest first: take the head, never sort thousands of posts per render.
  const latest = blogs.slice(0, LATEST_BLOGS);
  return {
    blogs: latest.map((blog) => ({
      slug: blog.slug,
      title: blog.title,
      author: blog.author,
      date: blog.date,
      image: blog.image,
      dateLabel: formatDate(blog.date),
      summary: excerpt(blog.summary, LIMITS.blogSummaryLength, '...'),
    })),
    // Resolved here (with the dates above), so the page's code carries no messages, limits or date code.
    placeholderImage: PLACEHOLDER_IMAGE,
    noBlogs: MESSAGES.noBlogs,
    head: buildHead(root, {
      title: 'Why Invest in Dubai Real Estate',
      description:
        'Tax-free rental income, strong yields, the Golden Visa and a well-regulated off-plan market: why Dubai property stands out, plus the latest market articles.',
      path: '/why-dubai',
    }),
  };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.head ?? [];

const REASONS = [
  {
    icon: 'percent' as const,
    title: 'Tax-free returns',
    text: 'No personal income tax on rent and no capital gains tax for individual owners: more of your return stays with you.',
  },
  {
    icon: 'chart' as const,
    title: 'Strong rental yields',
    text: 'Gross yields across many communities sit well above those of London, New York or Singapore.',
  },
  {
    icon: 'passport' as const,
    title: 'Golden Visa residency',
    text: 'Property worth AED 2 million or more can qualify you and your family for a renewable ten-year UAE residence visa.',
  },
  {
    icon: 'shield' as const,
    title: 'Regulated and secure',
    text: 'Off-plan payments go into escrow accounts, and developers and brokers answer to the Dubai Land Department and RERA.',
  },
  {
    icon: 'building' as const,
    title: 'World-class infrastructure',
    text: 'Two international airports, an expanding metro, excellent schools and healthcare, and new communities still being built.',
  },
  {
    icon: 'globe' as const,
    title: 'A growing global city',
    text: 'A fast-growing population, a diversified economy and a time zone that connects Europe, Asia and Africa.',
  },
];

export default function WhyDubai({ loaderData }: Route.ComponentProps) {
  const { blogs, placeholderImage, noBlogs } = loaderData;
  return (
    <main id="main" tabIndex={-1}>
      <PageHeader
        eyebrow="Dubai real estate"
        title="Why Invest in Dubai Real Estate?"
        lead="A stable, tax-efficient market with strong demand, clear rules and room to grow. Here is why investors from around the world are choosing Dubai."
      />

      <section aria-labelledby="reasons-heading" className="bg-white py-20 sm:py-24">
        <div className="wrap">
          <SectionHeading id="reasons-heading" eyebrow="Six good reasons" title="What makes Dubai different" />
          <ul className="mt-14 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {REASONS.map(({ icon, title, text }) => (
              <li key={title} className="feature-card">
                <span className="icon-tile bg-brand-yellow/90 text-brand-green-dark">
                  <Icon name={icon} className="h-6 w-6" />
                </span>
                <h3 className="mt-5 font-display text-xl font-semibold text-brand-green">{title}</h3>
                <p className="mt-2 leading-relaxed text-slate-600">{text}</p>
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
              eyebrow="The off-plan advantage"
              title="Buy earlier, pay gradually, gain more"
              align="left"
              dark
            />
            <div className="mt-6 space-y-4 text-lg leading-relaxed text-white/85">
              <p>
                Buying off-plan means buying from the developer before or during construction. Launch prices are usually
                lower than for finished homes, and payment plans spread the cost over the build, often with part of the
                price due after handover.
              </p>
              <p>
                Your money is protected in a regulated escrow account, released to the developer only as the work
                progresses. By handover, many buyers own a brand-new property in a maturing community that is worth more
                than they paid. The key is choosing the right developer, location and plan, and that is exactly where I
                can help.
              </p>
            </div>
            <Link to="/contact" className={buttonClass('primary', 'lg', 'mt-10')}>
              Get Your Free Consultation
              <Icon name="arrow-right" />
            </Link>
          </div>
          <dl className="grid grid-cols-2 gap-4">
            {[
              { value: '0%', label: 'income tax on rental income' },
              { value: '10 yrs', label: 'Golden Visa residency' },
              { value: 'Escrow', label: 'protection for off-plan payments' },
              { value: '4%', label: 'one-off DLD transfer fee' },
            ].map((fact) => (
              <div key={fact.label} className="flex flex-col-reverse justify-end rounded-2xl bg-white/10 p-6">
                <dt className="mt-2 text-sm text-white/80">{fact.label}</dt>
                <dd className="font-display text-3xl font-semibold text-brand-yellow">{fact.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </section>

      <section aria-labelledby="blogs-heading" className="bg-brand-sand py-20 sm:py-24">
        <div className="wrap">
          <SectionHeading
            id="blogs-heading"
            eyebrow="Insights"
            title="Latest Blogs"
            lead="Market updates, buying guides and lessons from the field."
          />
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
                      <h3 className="mt-3 font-display text-xl font-semibold leading-snug text-brand-green">
                        {blog.title}
                      </h3>
                      <p className="mt-3 flex-1 leading-relaxed text-slate-600">{blog.summary}</p>
                      <Link
                        to={`/blogs/${blog.slug}`}
                        className="mt-5 inline-flex items-center gap-1.5 self-start rounded-sm font-semibold text-brand-green underline decoration-brand-yellow decoration-2 underline-offset-4 hover:text-brand-green-light"
                      >
                        Read More<span className="sr-only"> about {blog.title}</span>
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
