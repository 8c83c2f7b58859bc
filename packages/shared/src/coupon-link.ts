/**
 * A coupon link (`/courses/<slug>?coupon=CODE`, and under `/ar`) hands its code to checkout without
 * the public page depending on it: the server answers the link with a redirect to the page without
 * the parameter and a short-lived first-party cookie, which the checkout reads. Zod-free, so the
 * checkout and the server share it as is.
 */
export const COUPON_LINK_PARAM = 'coupon';
export const COUPON_COOKIE = 'oasis_coupon';
/** How long a followed link is kept for checkout (seconds): time to sign up and pay. */
export const COUPON_COOKIE_MAX_AGE = 6 * 60 * 60;
/** A code as the server stores it: capitals, digits, `-` and `_`. */
export const COUPON_CODE_PATTERN = /^[A-Z0-9_-]{3,32}$/;

/** Codes are compared in capitals: `launch` and `LAUNCH` are one code. */
export function normaliseCouponCode(code: string): string {
  return code.trim().toUpperCase();
}

/** The cookie's value: the course's slug and the code, so checkout applies it to that course only. */
export function couponCookieValue(slug: string, code: string): string {
  return encodeURIComponent(`${slug}|${code}`);
}

/** The code a coupon link left for the course `slug`, read from a `Cookie` header; null for none. */
export function couponFromCookies(cookieHeader: string, slug: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name !== COUPON_COOKIE) continue;
    let value: string;
    try {
      value = decodeURIComponent(rest.join('='));
    } catch {
      return null;
    }
    const bar = value.lastIndexOf('|');
    const code = value.slice(bar + 1);
    return bar > 0 && value.slice(0, bar) === slug && COUPON_CODE_PATTERN.test(code) ? code : null;
  }
  return null;
}
