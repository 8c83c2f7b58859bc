import { useState } from 'react';
import { Link, redirect } from 'react-router';
import toast from 'react-hot-toast';
import type { CourseDetail } from '@oasis/shared/api';
import { couponFromCookies } from '@oasis/shared/coupon-link';
import type { CouponQuote } from '@oasis/shared/coupons';
import { inLocale } from '@oasis/shared/i18n/content';
import payment from '@oasis/shared/i18n/ns/payment';
import { PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { useRootData } from '~/components/layout/root-data';
import { BusyButton, FormMessage } from '~/components/ui/form';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { LearnerPage, MessagePanel, LearnerPageSkeleton } from '~/components/learner/learner-page';
import { CheckoutCoupon, type InitialCoupon } from '~/components/learner/checkout-coupon';
import { CourseThumbnail } from '~/components/learner/course-thumbnail';
import { type BuyerTax, type BuyerTaxErrors, CheckoutTax, checkBuyerTax } from '~/components/learner/checkout-tax';
import { countryOfLanguage } from '@oasis/shared/vat';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { ApiRequestError, errorMessage } from '~/lib/api';
import { MalformedAnswerError } from '~/lib/api/client';
import { getCourse } from '~/lib/api/courses';
import { getQuote, initiatePayment } from '~/lib/api/payments';
import { useAuth } from '~/lib/auth';
import { fieldErrorText } from '~/lib/field-error-text';
import { fmtNodes } from '~/lib/fmt-nodes';
import { useI18n } from '~/lib/i18n';
import { requestLocale, requestPath, textsIn } from '~/lib/loader-i18n';
import { EmailText } from '~/components/ui/email-text';
import type { Route } from './+types/checkout';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.checkout.checkout);

/**
 * Learners only. The course is read with the learner's token, so `hasAccess` says whether they
 * already own it. An unknown course is shown as such; any other failure goes home
 * (docs/product.md#checkout). A code a coupon link left for this course (in a cookie) is priced
 * here, so the page opens with it applied or its refusal shown.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs) {
  requireLearnerToken(request);
  try {
    const course = await getCourse(params.slug);
    const [coupon, plain] = await Promise.all([couponFromLink(course), plainQuote(course)]);
    return { course, coupon, plain };
  } catch (error) {
    if (error instanceof ApiRequestError && error.status === 404) return { course: null, coupon: null, plain: null };
    toast.error(textsIn(payment, requestLocale(request)).failedToFetchCourse);
    throw redirect(requestPath(request, '/'));
  }
}

async function couponFromLink(course: CourseDetail): Promise<InitialCoupon | null> {
  const code = couponFromCookies(document.cookie, course.slug);
  if (!code || course.hasAccess || course.comingSoon || !course.price) return null;
  try {
    return { code, quote: await getQuote(course._id, code), error: null };
  } catch (failure) {
    return { code, quote: null, error: errorMessage(failure, PAYMENT_MESSAGES.couponUnknown) };
  }
}

/**
 * The quote without a coupon: whether the seller is registered for VAT (then checkout asks for the
 * buyer's country) and the country of the account's phone. Null when the course cannot be bought.
 */
async function plainQuote(course: CourseDetail): Promise<CouponQuote | null> {
  if (course.hasAccess || course.comingSoon || !course.price) return null;
  return getQuote(course._id).catch(() => null);
}

export function HydrateFallback() {
  const { tr } = useI18n();
  return <LearnerPageSkeleton label={tr(PAYMENT_MESSAGES.loadingCheckout)} />;
}

export default function CheckoutRoute({ loaderData }: Route.ComponentProps) {
  const { t, tr } = useI18n();
  return (
    <RequireUser loadingLabel={tr(PAYMENT_MESSAGES.loadingCheckout)}>
      {loaderData.course ? (
        <Checkout course={loaderData.course} initialCoupon={loaderData.coupon} plain={loaderData.plain} />
      ) : (
        <LearnerPage title={t.checkout.checkout}>
          <MessagePanel
            title={tr(PAYMENT_MESSAGES.courseNotFound)}
            actions={[{ to: '/courses', label: t.checkout.browseAllCourses }]}
          >
            {t.checkout.courseMissing}
          </MessagePanel>
        </LearnerPage>
      )}
    </RequireUser>
  );
}

function Checkout({
  course,
  initialCoupon,
  plain,
}: {
  course: CourseDetail;
  initialCoupon: InitialCoupon | null;
  plain: CouponQuote | null;
}) {
  const { user, hasCourseAccess, refreshEnrolledCourses } = useAuth();
  // The server's prices with the applied coupon; null without one.
  const [quote, setQuote] = useState<CouponQuote | null>(initialCoupon?.quote ?? null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [enrolled, setEnrolled] = useState(course.hasAccess || hasCourseAccess(course.slug));
  const testMode = useRootData()?.publicConfig.paymentProvider === 'sandbox';
  const { t, tr, fmt, lp, money, locale } = useI18n();
  const title = inLocale(locale, course.title, course.titleAr);
  const coursePath = lp(`/courses/${course.slug}`);
  const price = course.price ? money(course.price) : t.checkout.poa;
  const total = quote?.coupon ? money(quote.price) : price;
  const buyable = !enrolled && !course.comingSoon && Boolean(course.price);
  const vatRegistered = Boolean(plain?.vatRegistered);
  // Preselected: the account's phone code, else the browser's language region, else the UAE.
  const [tax, setTax] = useState<BuyerTax>(() => ({
    buyerCountry: plain?.phoneCountry ?? countryOfLanguage(globalThis.navigator?.language) ?? 'AE',
    buyerCompany: '',
    buyerAddress: '',
    buyerTrn: '',
  }));
  const [taxErrors, setTaxErrors] = useState<BuyerTaxErrors>({});

  async function pay() {
    // Checkout is blocked without a course or a user (docs/product.md#checkout).
    if (busy || !user) return;
    const taxCheck = vatRegistered ? checkBuyerTax(tax) : {};
    setTaxErrors(taxCheck);
    const firstTaxError = Object.values(taxCheck)[0];
    if (firstTaxError) return fail(fieldErrorText(firstTaxError, locale));
    setBusy(true);
    setError(null);
    try {
      const coupon = quote?.coupon?.code;
      const result = await initiatePayment({
        courseId: course._id,
        email: user.email,
        ...(coupon ? { coupon } : {}),
        ...(vatRegistered ? tax : {}),
      });
      // Stay busy: the browser is leaving for the provider's payment page.
      window.location.assign(result.paymentUrl);
    } catch (failure) {
      // An answer without the provider's page (the client could not read one).
      if (failure instanceof MalformedAnswerError) return fail(tr(PAYMENT_MESSAGES.paymentUrlNotFound));
      if (failure instanceof ApiRequestError) setTaxErrors({ ...failure.errors, ...failure.fields });
      if (failure instanceof ApiRequestError && failure.status === 409) {
        // Bought meanwhile (another tab): offer the course instead.
        setEnrolled(true);
        void refreshEnrolledCourses();
      }
      fail(tr(errorMessage(failure, PAYMENT_MESSAGES.paymentInitiationFailed)));
    }
  }

  function fail(message: string) {
    setError(message);
    toast.error(message);
    setBusy(false);
  }

  return (
    <LearnerPage
      title={t.checkout.checkout}
      eyebrow={t.checkout.securePayment}
      crumbs={[
        { to: lp('/courses'), label: t.nav.courses },
        { to: coursePath, label: title.text },
      ]}
    >
      {testMode && <TestModeBanner />}
      <section aria-labelledby="order-summary" className="overflow-hidden rounded-2xl bg-white shadow-card">
        <div className="grid sm:grid-cols-[minmax(0,16rem)_1fr]">
          <div className="aspect-video bg-brand-mist sm:aspect-auto sm:h-full">
            <CourseThumbnail
              course={course}
              sizes="(min-width: 640px) 256px, 92vw"
              eager
              className="h-full w-full object-cover"
            />
          </div>
          <div className="p-6 sm:p-8">
            <h2 id="order-summary" className="eyebrow text-brand-gold">
              {t.checkout.orderSummary}
            </h2>
            <p className="mt-2 font-display text-2xl font-semibold text-brand-green sm:text-3xl" {...title.attrs}>
              {title.text}
            </p>
            <dl className="mt-6 space-y-3 border-t border-slate-100 pt-6">
              <div className="flex items-baseline justify-between gap-4">
                <dt className="text-slate-600">{t.checkout.lifetimeAccess}</dt>
                <dd className="font-semibold whitespace-nowrap text-slate-900">{price}</dd>
              </div>
              {quote?.coupon && (
                <div className="flex items-baseline justify-between gap-4">
                  <dt className="text-slate-600">{fmt(t.checkout.couponLine, { code: quote.coupon.code })}</dt>
                  <dd className="font-semibold whitespace-nowrap text-brand-green">-{money(quote.discount)}</dd>
                </div>
              )}
              <div className="flex items-baseline justify-between gap-4 border-t border-slate-100 pt-3">
                <dt className="font-semibold text-slate-900">{t.checkout.total}</dt>
                <dd className="font-display text-3xl font-semibold whitespace-nowrap text-brand-green">{total}</dd>
              </div>
            </dl>
            {buyable && <CheckoutCoupon courseId={course._id} initial={initialCoupon} onQuote={setQuote} />}
            {buyable && vatRegistered && <CheckoutTax value={tax} errors={taxErrors} onChange={setTax} />}
          </div>
        </div>

        <div className="border-t border-slate-100 bg-white p-6 sm:p-8">
          <CheckoutAction
            course={course}
            enrolled={enrolled}
            busy={busy}
            email={user?.email ?? ''}
            free={Boolean(quote?.coupon) && quote?.price === 0}
            onPay={pay}
            coursePath={coursePath}
          />
          {error && (
            <div className="mt-4">
              <FormMessage tone="error">{error}</FormMessage>
            </div>
          )}
        </div>
      </section>
      <p className="mt-6 text-center">
        <Link
          to={coursePath}
          className="inline-flex items-center gap-2 font-semibold text-brand-green underline-offset-4 hover:underline"
        >
          <Icon name="arrow-left" />
          {t.checkout.backToCourse}
        </Link>
      </p>
    </LearnerPage>
  );
}

/** The site takes no real payments (PAYMENT_PROVIDER=sandbox): said in words, not by colour alone. */
function TestModeBanner() {
  const { tr } = useI18n();
  return (
    <div
      role="note"
      className="mb-6 flex items-start gap-3 rounded-xl border-2 border-amber-600 bg-amber-50 px-4 py-3 text-amber-950"
    >
      <Icon name="alert" className="mt-0.5 h-5 w-5 shrink-0" />
      <p>
        <strong className="font-semibold">{tr(PAYMENT_MESSAGES.testMode)}</strong> {tr(PAYMENT_MESSAGES.testModeDetail)}
      </p>
    </div>
  );
}

function CheckoutAction({
  course,
  enrolled,
  busy,
  email,
  free,
  onPay,
  coursePath,
}: {
  course: CourseDetail;
  enrolled: boolean;
  busy: boolean;
  email: string;
  /** A coupon covers the whole price: the learner enrols without paying. */
  free: boolean;
  onPay: () => void;
  coursePath: string;
}) {
  const { t, tr, lp } = useI18n();
  if (enrolled) {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">{tr(PAYMENT_MESSAGES.alreadyEnrolled)}</p>
        <Link to={lp(`/watch/${course.slug}`)} className={buttonClass('secondary', 'lg', 'w-full sm:w-auto')}>
          {tr(PAYMENT_MESSAGES.goToCourse)}
          <Icon name="arrow-right" />
        </Link>
      </div>
    );
  }
  if (course.comingSoon || !course.price) {
    return (
      <div className="space-y-4">
        <p className="text-slate-700">
          {tr(course.comingSoon ? PAYMENT_MESSAGES.comingSoon : PAYMENT_MESSAGES.priceOnApplication)}
        </p>
        <div className="flex flex-wrap gap-3">
          <Link to={lp('/contact?query_type=course')} className={buttonClass('primary')}>
            {t.checkout.contactMe}
          </Link>
          <Link to={coursePath} className={buttonClass('outline')}>
            {t.checkout.backToCourse}
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="space-y-4">
      {email && (
        <p className="text-slate-700">
          {fmtNodes(t.checkout.receiptTo, {
            email: <EmailText email={email} className="font-semibold text-slate-900" />,
          })}
        </p>
      )}
      <BusyButton
        type="button"
        onClick={onPay}
        busy={busy}
        busyLabel={tr(PAYMENT_MESSAGES.processing)}
        className={buttonClass('primary', 'lg', 'w-full')}
      >
        {free ? t.checkout.enrolFree : tr(PAYMENT_MESSAGES.payNow)}
      </BusyButton>
      <p className="flex items-start gap-2 text-sm text-slate-600">
        <Icon name="shield" className="mt-0.5 h-4 w-4 text-brand-green-light" />
        {free ? t.checkout.freeNote : t.checkout.providerPage}
      </p>
    </div>
  );
}
