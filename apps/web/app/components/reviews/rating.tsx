import type { CourseRating } from '@oasis/shared/reviews';
import { useI18n } from '~/lib/i18n';

const STAR = 'M10 1.6l2.6 5.3 5.8.8-4.2 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.6 7.7l5.8-.8z';

/** Five stars, `value` of them filled (rounded to the nearest half is not needed: whole stars). Decorative. */
export function Stars({ value, className = 'h-4 w-4' }: { value: number; className?: string }) {
  const filled = Math.round(value);
  return (
    <span aria-hidden="true" className="inline-flex gap-0.5">
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          aria-hidden="true"
          key={n}
          viewBox="0 0 20 20"
          className={`${className} ${n <= filled ? 'fill-brand-gold' : 'fill-slate-300'}`}
        >
          <path d={STAR} />
        </svg>
      ))}
    </span>
  );
}

/** A course's rating as plain markup: the stars for the eye, '4.6 out of 5, 12 reviews' for everyone. */
export function RatingSummary({ rating, className = '' }: { rating: CourseRating; className?: string }) {
  const { t, plural } = useI18n();
  const text = plural(t.reviews.ratingText, rating.count, {
    average: rating.average.toFixed(1),
    count: rating.count,
  });
  return (
    <p className={`inline-flex items-center gap-2 ${className}`} data-testid="course-rating">
      <Stars value={rating.average} />
      <span>{text}</span>
    </p>
  );
}
