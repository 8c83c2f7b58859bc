import { useEffect, useState } from 'react';
import { type MyReview, REVIEW_LIMITS } from '@oasis/shared/reviews';
import { buttonClass } from '~/components/ui/button';
import { FormMessage, TextAreaField } from '~/components/ui/form';
import { errorMessage } from '~/lib/api';
import { getMyReview, saveMyReview } from '~/lib/api/reviews';
import { useI18n } from '~/lib/i18n';

/**
 * The learner's rating of the course, on the watch page (docs/product.md#reviews): open once a
 * third of the lessons is complete (the server decides; `completed` re-asks it as lessons are
 * finished), one review per learner, a second submit edits it.
 */
export function ReviewForm({ courseId, completed }: { courseId: string; completed: number }) {
  const { t, fmt, plural, tr } = useI18n();
  const text = t.reviews;
  const [mine, setMine] = useState<MyReview | null>(null);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [saving, setSaving] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  // Asked again as lessons are completed: the form opens at a third.
  // biome-ignore lint/correctness/useExhaustiveDependencies: `completed` is the reason to ask again
  useEffect(() => {
    const controller = new AbortController();
    getMyReview(courseId, controller.signal).then(
      (answer) => {
        setMine(answer);
        if (answer.review) {
          setRating(answer.review.rating);
          setBody(answer.review.text);
        }
      },
      () => {},
    );
    return () => controller.abort();
  }, [courseId, completed]);

  if (!mine) return null;
  if (!mine.canReview) {
    return (
      <section aria-labelledby="review-form" className="rounded-2xl bg-white p-5 shadow-sm">
        <h2 id="review-form" className="font-display text-xl font-semibold text-brand-green">
          {text.formHeading}
        </h2>
        <p className="mt-2 text-slate-700">
          {fmt(text.formLocked, { completed: mine.completed, lessons: mine.lessons })}
        </p>
      </section>
    );
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSaving(true);
    setProblem(null);
    try {
      setMine(await saveMyReview(courseId, { rating, text: body }));
    } catch (error) {
      setProblem(tr(errorMessage(error, text.submit)));
    } finally {
      setSaving(false);
    }
  }

  const status = mine.review?.status;
  return (
    <section aria-labelledby="review-form" className="rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="review-form" className="font-display text-xl font-semibold text-brand-green">
        {text.formHeading}
      </h2>
      <form onSubmit={submit} className="mt-4 space-y-4" data-testid="review-form">
        <fieldset>
          <legend className="mb-2 font-semibold text-slate-800">{text.ratingLegend}</legend>
          <div className="flex flex-wrap gap-2">
            {[1, 2, 3, 4, 5].map((n) => (
              <label
                key={n}
                className="inline-flex cursor-pointer items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-2 has-[:checked]:border-brand-green has-[:checked]:bg-brand-sand has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-gold"
              >
                <input
                  type="radio"
                  name="rating"
                  value={n}
                  checked={rating === n}
                  onChange={() => setRating(n)}
                  required
                  className="accent-brand-green"
                />
                {plural(text.starOption, n, { count: n })}
              </label>
            ))}
          </div>
        </fieldset>
        <TextAreaField
          label={text.textLabel}
          value={body}
          onValue={setBody}
          maxLength={REVIEW_LIMITS.textMax}
          dir="auto"
          rows={4}
        />
        {problem && <FormMessage tone="error">{problem}</FormMessage>}
        {status && (
          <p role="status" className="text-sm text-slate-700">
            {status === 'waiting'
              ? text.statusWaiting
              : status === 'approved'
                ? text.statusApproved
                : text.statusHidden}
          </p>
        )}
        <button type="submit" className={buttonClass('primary')} disabled={saving || rating === 0} aria-busy={saving}>
          {saving ? text.sending : mine.review ? text.update : text.submit}
        </button>
      </form>
    </section>
  );
}
