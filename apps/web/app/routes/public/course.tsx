import { COURSE_LEVEL_KEYS } from '@oasis/shared/i18n/ns/course';
import type { CourseDetail, Mentor } from '@oasis/shared/api';
import { excerpt, stripHtml } from '@oasis/shared/format';
import { messagesFor, translateText } from '@oasis/shared/i18n/catalogue';
import { inLocale } from '@oasis/shared/i18n/content';
import { fmt } from '@oasis/shared/i18n/define';
import { localePath } from '@oasis/shared/i18n/locales';
import { FALLBACK_THUMBNAIL } from '@oasis/shared/limits';
import { MESSAGES } from '@oasis/shared/messages';
import { data, redirect } from 'react-router';
import { CourseSalesView } from '~/components/course/sales/course-sales';
import { InstructorBlock } from '~/components/mentor/instructor-block';
import { CourseReviews } from '~/components/reviews/course-reviews';
import { TestimonialsSection } from '~/components/reviews/testimonials';
import { testimonialsFor } from '@oasis/shared/reviews';
import { type CourseSalesData, courseSalesData, isoDuration } from '~/components/course/sales/sales-data';
import { ISLANDS_PAGE } from '~/islands/island';
import { absoluteUrl, buildHead, headContext, notFoundHead, organizationRef, type RootData } from '~/lib/seo';
import type { Route } from './+types/course';
import { headFromError, pageErrorBoundary } from './sections/page-error';

export async function loader({ params, context }: Route.LoaderArgs) {
  const [root, course, mentor, testimonials] = await Promise.all([
    headContext(context),
    context.site.course(params.slug),
    context.site.mentor(),
    context.site.testimonials(),
  ]);
  if (!course) {
    const title = translateText(MESSAGES.courseNotFound, context.locale);
    throw data({ title, head: notFoundHead(root, title) }, { status: 404 });
  }
  // Reached by id (or an old spelling): move to the one canonical address, in the page's language.
  if (course.slug !== params.slug) throw redirect(localePath(context.locale, `/courses/${course.slug}`), 301);
  const mentorName = mentor ? inLocale(context.locale, mentor.name, mentor.nameAr).text : '';
  const sales = courseSalesData(course, context.locale, root.settings, mentorName);
  const { instructorHeading, instructorMore } = messagesFor(context.locale).about;
  return {
    sales,
    // The mentor profile's block (none until the owner saves a profile).
    instructor: mentor && { mentor, labels: { heading: instructorHeading, more: instructorMore } },
    // Shown from three approved reviews only: the read model leaves both out below.
    reviews: course.rating && course.reviews ? { rating: course.rating, reviews: course.reviews } : null,
    testimonials: testimonialsFor(testimonials, 'course', course._id),
    head: courseHead(root, course, sales, mentor),
  };
}

/** The course's share image: its stored thumbnail, else its thumbnail URL, else the fallback. */
function shareImage(course: CourseDetail, title: string) {
  if (course.thumbnail) {
    return {
      url: course.thumbnail.url,
      width: course.thumbnail.width,
      height: course.thumbnail.height,
      alt: title,
    };
  }
  return { url: course.thumbnailUrl || FALLBACK_THUMBNAIL, alt: title };
}

/** Served as islands (docs/decisions/013-public-pages-as-islands.md). */
export const handle = ISLANDS_PAGE;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  error || !loaderData ? headFromError(error) : loaderData.head;

/** The head in the page's language: the course's Arabic title and description on Arabic pages when it has them. */
function courseHead(
  root: RootData,
  course: CourseDetail,
  { text, totalSeconds }: CourseSalesData,
  mentor: Mentor | null,
) {
  const { siteUrl, locale } = root;
  const path = `/courses/${course.slug}`;
  const title = text.title.text;
  const description =
    text.tagline?.text ||
    excerpt(text.description.text, 155, '…') ||
    fmt(messagesFor(locale).course.metaDescription, { title });
  const image = shareImage(course, title);
  // The language of the text described: the description's, or the title's when there is none.
  const shown = text.description.text ? text.description : text.title;
  return buildHead(root, {
    title,
    description,
    path,
    image,
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Course',
        name: title,
        description: stripHtml(text.description.text) || description,
        url: absoluteUrl(siteUrl, path),
        image: absoluteUrl(siteUrl, image.url),
        // The language the lessons are taught in; the page's own text may be in another.
        inLanguage: course.language === 'en-ar' ? ['en', 'ar'] : course.language,
        educationalLevel: messagesFor('en').course[COURSE_LEVEL_KEYS[course.level]],
        ...(totalSeconds > 0 && { timeRequired: isoDuration(totalSeconds) }),
        dateModified: course.updatedAt,
        provider: organizationRef(root.settings, siteUrl),
        offers: {
          '@type': 'Offer',
          category: course.price > 0 ? 'Paid' : 'Price on application',
          ...(course.price > 0 ? { price: course.price.toFixed(2), priceCurrency: 'AED' } : {}),
          availability: course.comingSoon ? 'https://schema.org/PreOrder' : 'https://schema.org/InStock',
          url: absoluteUrl(siteUrl, path),
        },
        // The rating and reviews only where the page shows them (from three approved reviews).
        ...(course.rating &&
          course.reviews && {
            aggregateRating: {
              '@type': 'AggregateRating',
              ratingValue: course.rating.average,
              reviewCount: course.rating.count,
              bestRating: 5,
              worstRating: 1,
            },
            review: course.reviews.map((review) => ({
              '@type': 'Review',
              author: { '@type': 'Person', name: review.reviewer },
              datePublished: review.createdAt,
              reviewRating: { '@type': 'Rating', ratingValue: review.rating, bestRating: 5, worstRating: 1 },
              ...(review.text && { reviewBody: review.text }),
            })),
          }),
        hasCourseInstance: {
          '@type': 'CourseInstance',
          courseMode: 'Online',
          ...(totalSeconds > 0 && { courseWorkload: isoDuration(totalSeconds) }),
          inLanguage: shown.attrs.lang ?? locale,
          ...(mentor && {
            instructor: {
              '@type': 'Person',
              name: inLocale(locale, mentor.name, mentor.nameAr).text,
              url: absoluteUrl(siteUrl, localePath(locale, '/about')),
            },
          }),
        },
      },
    ],
  });
}

export default function CoursePage({ loaderData }: Route.ComponentProps) {
  const { sales, instructor, reviews, testimonials } = loaderData;
  return (
    <CourseSalesView
      data={sales}
      instructor={
        <>
          {instructor && <InstructorBlock {...instructor} />}
          {reviews && <CourseReviews {...reviews} />}
          <TestimonialsSection items={testimonials} />
        </>
      }
    />
  );
}

export const ErrorBoundary = pageErrorBoundary(({ t, lp }) => ({
  message: t.course.notFoundText,
  action: { to: lp('/courses'), label: t.course.browseAll },
  failure: { title: t.course.failedTitle, message: t.course.failedText },
}));
