import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Link } from '~/components/page-link';
import type { CourseDetail } from '@oasis/shared/api';
import { PURCHASE_MESSAGES } from '@oasis/shared/purchase-messages';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { useAuth } from '~/lib/auth';
import { useI18n } from '~/lib/i18n';
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
  const { t, tr, lp } = useI18n();
  const [admin, setAdmin] = useState(false);
  useEffect(() => setAdmin(Boolean(readToken('adminToken'))), []);

  const watchable = course.hasAccess || auth.hasCourseAccess(course.slug) || (admin && !auth.isAuthenticated);
  if (watchable) {
    return (
      <Link to={lp(`/watch/${course.slug}`)} className={buttonClass('secondary', 'lg', className)}>
        {tr(PURCHASE_MESSAGES.goToCourse)}
        <Icon name="arrow-right" />
      </Link>
    );
  }
  // What a visitor can do instead, the waitlist form, is server-rendered beside the button.
  if (course.comingSoon) {
    return (
      <button
        type="button"
        disabled
        className={`${className} inline-flex cursor-not-allowed items-center justify-center gap-2 rounded-full bg-slate-200 px-8 py-4 font-semibold text-slate-700`}
      >
        <Icon name="clock" />
        {t.enrol.comingSoon}
      </button>
    );
  }
  if (!course.price) {
    return (
      <>
        <Link to={lp('/contact?query_type=course')} className={buttonClass('primary', 'lg', className)}>
          {t.enrol.enquireNow}
        </Link>
        <p className="mt-3 text-sm text-slate-600">{t.enrol.priceOnApplication}</p>
      </>
    );
  }

  const checkout = lp(`/checkout/${course.slug}`);
  // Without JavaScript the link still works: the checkout page's guard sends a visitor to /login.
  async function onBuy(event: React.MouseEvent<HTMLAnchorElement>) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey) return;
    // A stored session still being checked goes on: the checkout page waits for it. Without a
    // stored token there is nothing to wait for, even before the auth state has caught up.
    if (auth.isAuthenticated || (auth.loading && readToken('token'))) return;
    event.preventDefault();
    await toastBeforeNavigating('error', tr(PURCHASE_MESSAGES.loginToPurchase));
    navigate(loginUrl(lp(`/courses/${course.slug}`)));
  }

  return (
    <Link to={checkout} onClick={onBuy} className={buttonClass('primary', 'lg', className)}>
      {tr(PURCHASE_MESSAGES.buyNow)}
    </Link>
  );
}
