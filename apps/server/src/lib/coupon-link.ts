import {
  COUPON_CODE_PATTERN,
  COUPON_COOKIE,
  COUPON_COOKIE_MAX_AGE,
  COUPON_LINK_PARAM,
  couponCookieValue,
  normaliseCouponCode,
} from '@oasis/shared/coupon-link';

/** A course page in either language: `/courses/<slug>` or `/ar/courses/<slug>`. */
const COURSE_PAGE = /^(?:\/ar)?\/courses\/([^/.?]+)$/i;

export interface CouponLinkAnswer {
  /** The same page without the coupon parameter (other parameters kept). */
  location: string;
  /** The cookie that carries the code to checkout; none for a code no coupon could have. */
  cookie: string | null;
}

/**
 * A followed coupon link (`/courses/<slug>?coupon=CODE`): where to send the visitor and the cookie
 * to set, or null for any other address. The page itself never sees the code, so its cached copy is
 * the same for every code, and checkout (a learner page) reads the cookie.
 */
export function couponLinkAnswer(url: string, secure: boolean): CouponLinkAnswer | null {
  const mark = url.indexOf('?');
  if (mark === -1) return null;
  const path = url.slice(0, mark);
  const match = COURSE_PAGE.exec(path);
  if (!match) return null;
  const params = new URLSearchParams(url.slice(mark + 1));
  const raw = params.get(COUPON_LINK_PARAM);
  if (raw === null) return null;
  params.delete(COUPON_LINK_PARAM);
  const rest = params.toString();
  const code = normaliseCouponCode(raw);
  const slug = (match[1] ?? '').toLowerCase();
  const cookie = COUPON_CODE_PATTERN.test(code)
    ? [
        `${COUPON_COOKIE}=${couponCookieValue(slug, code)}`,
        'Path=/',
        `Max-Age=${COUPON_COOKIE_MAX_AGE}`,
        'SameSite=Lax',
        ...(secure ? ['Secure'] : []),
      ].join('; ')
    : null;
  return { location: rest ? `${path}?${rest}` : path, cookie };
}
