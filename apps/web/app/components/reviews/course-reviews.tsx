import type { CourseRating, PublicReview } from '@oasis/shared/reviews';
import { useI18n } from '~/lib/i18n';
import { RatingSummary, Stars } from './rating';

/**
 * The course page's reviews (docs/product.md#reviews): the rating and the newest approved reviews,
 * shown only from three approved reviews (the loader passes none below). Server-rendered, no script.
 */
export function CourseReviews({ rating, reviews }: { rating: CourseRating; reviews: readonly PublicReview[] }) {
  const { t, plural } = useI18n();
  return (
    <section aria-labelledby="course-reviews" data-testid="course-reviews">
      <h2 id="course-reviews" className="font-display text-3xl font-semibold text-brand-green">
        {t.reviews.heading}
      </h2>
      <RatingSummary rating={rating} className="mt-3 text-lg font-semibold text-slate-800" />
      <ul className="mt-6 space-y-4">
        {reviews.map((review) => (
          <li key={review._id} className="rounded-xl border border-slate-200 bg-white p-5">
            <p className="flex items-center gap-2">
              <Stars value={review.rating} />
              <span className="sr-only">{plural(t.reviews.stars, review.rating, { count: review.rating })}</span>
              <span dir="auto" className="font-semibold text-slate-800">
                {review.reviewer}
              </span>
            </p>
            {review.text && (
              <p dir="auto" className="mt-2 whitespace-pre-line text-slate-700">
                {review.text}
              </p>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
