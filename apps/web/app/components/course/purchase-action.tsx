import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CourseDetail } from '@oasis/shared/api';
import { PURCHASE_MESSAGES } from '@oasis/shared/purchase-messages';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useAuth } from '~/lib/auth';
import { loginUrl } from '~/lib/login-url';
import { toastBeforeNavigating } from '~/lib/page-toast';
import { readToken } from '~/lib/tokens';

type Purchasable = Pick<CourseDetail, 'slug' | 'price' | 'comingSoon' | 'hasAccess'>;

/**
 * The course page's call to action (docs/product.md#course-page): 'Go to Course' with access, a
 * disabled 'Coming soon', an enquiry for POA courses, else 'Buy Now'.
 *
 * The page is server-rendered and cached for everyone, so who is asking is decided here, in the
 * browser, after hydration: the server and the first browser render both show the anonymous
 * button (the auth state starts empty), then it follows the signed-in learner. An admin (who holds
 * an admin token, not a learner session) may watch every course without buying.
 */
export function PurchaseAction({ course, className = 'mt-6 w-full' }: { course: Purchasable; className?: string }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const [admin, setAdmin] = useState(false);
  useEffect(() => setAdmin(Boolean(readToken('adminToken'))), []);

  const watchable = course.hasAccess || auth.hasCourseAccess(course.slug) || (admin && !auth.isAuthenticated);
  if (watchable) {
    return (
      <Link to={`/watch/${course.slug}`} className={buttonClass('secondary', 'lg', className)}>
        {PURCHASE_MESSAGES.goToCourse}
        <Icon name="arrow-right" />
      </Link>
    );
  }
  if (course.comingSoon) {
    return (
      <>
        <button
          type="button"
          disabled
          className={`${className} inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-full bg-slate-200 px-8 py-4 font-semibold text-slate-700`}
        >
          <Icon name="clock" />
          Coming soon
        </button>
        <p className="mt-3 text-sm text-slate-600">
          Want to know when it opens?{' '}
          <Link to="/contact?query_type=course" className="font-semibold text-brand-green underline underline-offset-2">
            Ask me
          </Link>
          .
        </p>
      </>
    );
  }
  if (!course.price) {
    return (
      <>
        <Link to="/contact?query_type=course" className={buttonClass('primary', 'lg', className)}>
          Enquire Now
        </Link>
        <p className="mt-3 text-sm text-slate-600">Price on application: send me a message for details.</p>
      </>
    );
  }

  const checkout = `/checkout/${course.slug}`;
  // Without JavaScript the link still works: the checkout page's guard sends a visitor to /login.
  async function onBuy(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // A stored session still being checked goes on: the checkout page waits for it. Without a
    // stored token there is nothing to wait for, even before the auth state has caught up.
    if (auth.isAuthenticated || (auth.loading && readToken('token'))) return;
    event.preventDefault();
    await toastBeforeNavigating('error', PURCHASE_MESSAGES.loginToPurchase);
    navigate(loginUrl(`/courses/${course.slug}`));
  }

  return (
    <Link to={checkout} onClick={onBuy} className={buttonClass('primary', 'lg', className)}>
      {PURCHASE_MESSAGES.buyNow}
    </Link>
  );
}
