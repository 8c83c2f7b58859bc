import { useState } from 'react';
import { useRevalidator, useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { ADMIN_MESSAGES } from '@oasis/shared/admin/common';
import { inLocale } from '@oasis/shared/i18n/content';
import { type AdminReview, REVIEW_STATUSES } from '@oasis/shared/reviews';
import { privateMeta } from '~/components/auth/meta';
import { metaTexts } from '~/components/admin/i18n';
import { SelectInput } from '~/components/admin/fields';
import { AdminPageHeader, EmptyState, WhenReady } from '~/components/admin/page';
import { failureToast, loadAdmin } from '~/components/admin/request';
import { Stars } from '~/components/reviews/rating';
import { buttonClass } from '~/components/ui/button';
import { getCourseChoices } from '~/lib/api/courses';
import { listAdminReviews, setReviewStatus } from '~/lib/api/reviews';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/reviews';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, metaTexts(matches).adminReviews.reviewsTitle);

/** The queue and the course choices of its filter; `?course=&status=` filter the queue. */
export const clientLoader = ({ request }: Route.ClientLoaderArgs) => {
  const params = new URL(request.url).searchParams;
  const query = new URLSearchParams();
  for (const key of ['course', 'status']) {
    const value = params.get(key);
    if (value) query.set(key, value);
  }
  return loadAdmin(
    async (signal) => {
      const [reviews, courses] = await Promise.all([
        listAdminReviews(query.toString(), signal),
        getCourseChoices(signal),
      ]);
      return { reviews, courses };
    },
    ADMIN_MESSAGES.failedToLoadCourses,
    request,
  );
};

/** The owner's two decisions on a review, each offered unless the review already has it. */
const DECISIONS = [
  { status: 'approved', label: 'approve', look: 'primary' },
  { status: 'hidden', label: 'hide', look: 'outline' },
] as const;

/**
 * /admin/dashboard/reviews (docs/product.md#reviews): learners' reviews, waiting ones first; the
 * owner approves (public at once) or hides each, and filters by course and state.
 */
export default function Reviews({ loaderData }: Route.ComponentProps) {
  const i18n = useI18n();
  const { t, locale, plural } = i18n;
  const text = t.adminReviews;
  const { revalidate } = useRevalidator();
  const [params, setParams] = useSearchParams();
  const [saving, setSaving] = useState<string | null>(null);

  async function decide(review: AdminReview, status: 'approved' | 'hidden') {
    setSaving(review._id);
    try {
      await setReviewStatus(review._id, status);
      toast.success(text.saved);
      await revalidate();
    } catch (error) {
      toast.error(failureToast(error, text.failed, i18n));
    } finally {
      setSaving(null);
    }
  }

  function filter(key: 'course' | 'status', value: string) {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next);
  }

  const courses = loaderData.ok ? loaderData.data.courses : [];
  return (
    <div>
      <AdminPageHeader title={text.reviewsTitle} lead={text.reviewsLead} />
      <div className="mb-6 grid gap-4 sm:grid-cols-2">
        <SelectInput
          label={text.filterCourse}
          value={params.get('course') ?? ''}
          onValue={(value) => filter('course', value)}
          placeholder={text.allCourses}
          options={courses.map((c) => ({ value: c._id, label: inLocale(locale, c.title, c.titleAr).text }))}
        />
        <SelectInput
          label={text.filterStatus}
          value={params.get('status') ?? ''}
          onValue={(value) => filter('status', value)}
          placeholder={text.allStates}
          options={REVIEW_STATUSES.map((status) => ({ value: status, label: text[status] }))}
        />
      </div>
      <WhenReady result={loaderData} loadingLabel={text.loading}>
        {({ reviews }) =>
          reviews.length === 0 ? (
            <EmptyState title={text.noReviews} />
          ) : (
            <ul className="space-y-3" data-testid="review-queue">
              {reviews.map((review) => (
                <li key={review._id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
                  <div className="flex flex-wrap items-center gap-3">
                    <Stars value={review.rating} />
                    <span className="sr-only">{plural(t.reviews.stars, review.rating, { count: review.rating })}</span>
                    <bdi className="font-semibold text-slate-900">{review.reviewer}</bdi>
                    <bdi className="text-sm text-slate-600">{review.courseTitle}</bdi>
                    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">
                      {text[review.status]}
                    </span>
                  </div>
                  {review.text && (
                    <p dir="auto" className="mt-2 whitespace-pre-line text-slate-700">
                      {review.text}
                    </p>
                  )}
                  <div className="mt-3 flex gap-2">
                    {DECISIONS.filter((decision) => review.status !== decision.status).map((decision) => (
                      <button
                        key={decision.status}
                        type="button"
                        className={buttonClass(decision.look, 'sm')}
                        disabled={saving !== null}
                        aria-busy={saving === review._id}
                        onClick={() => void decide(review, decision.status)}
                      >
                        {text[decision.label]}
                        <span className="sr-only"> {review.reviewer}</span>
                      </button>
                    ))}
                  </div>
                </li>
              ))}
            </ul>
          )
        }
      </WhenReady>
    </div>
  );
}
