import type { InLocaleAttrs } from '@oasis/shared/i18n/content';
import type { Image } from '@oasis/shared/media';
import { Link } from '~/components/page-link';
import { Icon } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { RatingSummary } from '~/components/reviews/rating';
import type { CourseRating } from '@oasis/shared/reviews';
import { useI18n } from '~/lib/i18n';

export interface CourseCardData {
  key: string;
  /** Absent for placeholders: they link to the catalogue. */
  slug?: string;
  /** In the page's language when the owner wrote one (`inLocale`), with its element's attributes. */
  title: string;
  titleAttrs: InLocaleAttrs;
  /** Plain text, already cut to length. */
  summary: string;
  summaryAttrs: InLocaleAttrs;
  /** In AED; 0 shows 'POA' (price on application). */
  price: number;
  comingSoon: boolean;
  image: Image | null;
  /** Used when there is no stored image: the course's thumbnail URL or the fallback thumbnail. */
  imageUrl: string;
  students?: number;
  /** Shown from three approved reviews (`CatalogueCourse.rating`). */
  rating?: CourseRating;
}

const SIZES = '(min-width: 1280px) 384px, (min-width: 1024px) 30vw, (min-width: 640px) 45vw, 92vw';

/** A course in a grid (`eager` for the first row, which is above the fold): the whole card is one link (the title's), so it reads once to a screen reader. */
export function CourseCard({
  course,
  eager = false,
  priority = false,
}: {
  course: CourseCardData;
  eager?: boolean;
  /** The page's main image (the first card of the catalogue on a phone). */
  priority?: boolean;
}) {
  const { t, plural, lp, money } = useI18n();
  const href = lp(course.slug ? `/courses/${course.slug}` : '/courses');
  return (
    <article className="course-card group">
      <div className="relative aspect-[16/10] overflow-hidden bg-brand-mist">
        <Picture
          image={course.image}
          src={course.imageUrl}
          alt=""
          sizes={SIZES}
          width={800}
          height={500}
          eager={eager}
          priority={priority}
          className="course-card-img"
        />
        {course.comingSoon && <span className="badge-dark absolute top-3 start-3">{t.courseCard.comingSoon}</span>}
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h3 className="font-display text-xl font-semibold leading-snug text-brand-green">
          <Link to={href} className="rounded-sm after:absolute after:inset-0 after:content-['']" {...course.titleAttrs}>
            {course.title}
          </Link>
        </h3>
        {course.rating && <RatingSummary rating={course.rating} className="mt-2 text-sm text-slate-700" />}
        {course.summary && (
          <p className="mt-3 flex-1 leading-relaxed text-slate-600" {...course.summaryAttrs}>
            {course.summary}
          </p>
        )}
        <div className="mt-5 flex items-center justify-between gap-3 border-t border-slate-100 pt-4">
          <p className="text-lg font-bold text-brand-green">
            <span className="sr-only">{t.courseCard.price} </span>
            {course.price ? money(course.price) : t.courseCard.poa}
          </p>
          {course.students !== undefined && course.students > 0 ? (
            <p className="inline-flex items-center gap-1.5 text-sm text-slate-600">
              <Icon name="users" className="h-4 w-4" />
              {/* The count as it has always been written, without a thousands separator. */}
              {plural(t.courseCard.students, course.students, { count: course.students })}
            </p>
          ) : (
            <span
              aria-hidden="true"
              className="inline-flex items-center gap-1 text-sm font-semibold text-brand-gold transition-transform group-hover:translate-x-0.5 rtl:group-hover:-translate-x-0.5"
            >
              {t.courseCard.view} <Icon name="arrow-right" className="h-4 w-4" />
            </span>
          )}
        </div>
      </div>
    </article>
  );
}
