import { Link } from 'react-router';
import type { Course } from '@oasis/shared/api';
import { excerpt } from '@oasis/shared/format';
import { inLocale } from '@oasis/shared/i18n/content';
import { FALLBACK_THUMBNAIL, LIMITS } from '@oasis/shared/limits';
import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import { Icon } from '~/components/ui/icons';
import { Picture } from '~/components/ui/picture';
import { useI18n } from '~/lib/i18n';

/**
 * One enrolled course (docs/product.md#enrolled-courses): thumbnail, title ('Untitled Course' when empty) and the
 * description as plain text cut to 100 characters plus '…', in Arabic on Arabic pages where the
 * owner wrote it. The whole card opens the course page (the title's link is stretched over it);
 * 'Continue learning' goes straight to the lessons.
 */
export function EnrolledCourseCard({ course }: { course: Course }) {
  const { t, tr, lp, locale } = useI18n();
  const named = inLocale(locale, course.title.trim(), course.titleAr);
  const title = named.text ? named : { text: tr(PAYMENT_MESSAGES.untitledCourse), attrs: {} };
  const key = course.slug || course._id;
  const summaryOf = (html: string) => excerpt(html, LIMITS.enrolledExcerptLength, '…');
  const summary = inLocale(
    locale,
    summaryOf(course.description),
    locale === 'ar' ? summaryOf(course.descriptionAr) : undefined,
  );
  return (
    <article className="group relative flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-card transition-shadow hover:shadow-card-hover motion-reduce:transition-none">
      <div className="aspect-video overflow-hidden bg-brand-mist">
        <Picture
          image={course.thumbnail}
          src={course.thumbnailUrl}
          fallback={FALLBACK_THUMBNAIL}
          alt=""
          sizes="(min-width: 1024px) 400px, (min-width: 640px) 45vw, 92vw"
          width={640}
          height={360}
          className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.03] motion-reduce:transition-none"
        />
      </div>
      <div className="flex flex-1 flex-col p-6">
        <h2 className="font-display text-xl font-semibold text-brand-green">
          <Link
            to={lp(`/courses/${key}`)}
            className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] hover:underline"
            {...title.attrs}
          >
            {title.text}
          </Link>
        </h2>
        {summary.text && (
          <p className="mt-3 flex-1 text-slate-700" {...summary.attrs}>
            {summary.text}
          </p>
        )}
        <Link
          to={lp(`/watch/${key}`)}
          className="relative z-10 mt-5 inline-flex items-center gap-2 self-start rounded-full font-semibold text-brand-green underline-offset-4 hover:underline"
        >
          {t.learning.continueLearning}
          <Icon name="arrow-right" />
        </Link>
      </div>
    </article>
  );
}
