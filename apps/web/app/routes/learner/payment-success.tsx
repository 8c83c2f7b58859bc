import { useEffect, useState } from 'react';
import { Link, redirect, useNavigate, useRevalidator } from 'react-router';
import { inLocale } from '@oasis/shared/i18n/content';
import type { Locale } from '@oasis/shared/i18n/locales';
import { LIMITS } from '@oasis/shared/limits';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@oasis/shared/payments';
import { Spinner } from '~/components/ui/form';
import { loginUrl, pathOf, RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { LearnerPage, MessagePanel, PaymentId, LearnerPageSkeleton } from '~/components/learner/learner-page';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { ApiRequestError } from '~/lib/api';
import { getPaymentStatus } from '~/lib/api/payments';
import { authSession } from '~/lib/auth';
import { fmtNodes } from '~/lib/fmt-nodes';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, ({ t }) => t.checkout.paymentMeta);

type Check =
  | { kind: 'status'; payment: PaymentStatus }
  | { kind: 'not-found' }
  /** The status could not be read just now (offline, server error): the page keeps trying. */
  | { kind: 'unreachable' };

/**
 * The provider sends the buyer here with the payment's id. Opening the page confirms nothing by
 * itself: the server asks the provider (docs/decisions/005-payments.md), so the loader reads the status and the
 * page loads it again until the payment is paid, failed or canceled, with a clear waiting state
 * meanwhile.
 */
export async function clientLoader({ request, params }: Route.ClientLoaderArgs): Promise<Check> {
  requireLearnerToken(request);
  try {
    const payment = await getPaymentStatus(params.paymentIntentId);
    // The new course must show in the navigation's list and the enrolled page straight away.
    if (payment.status === 'paid') void authSession.refreshEnrolledCourses();
    return { kind: 'status', payment };
  } catch (error) {
    if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400))
      return { kind: 'not-found' };
    // A session the server no longer accepts counts as signed out.
    if (error instanceof ApiRequestError && error.status === 401) throw redirect(loginUrl(pathOf(request)));
    return { kind: 'unreachable' };
  }
}

export function HydrateFallback() {
  const { t } = useI18n();
  return <LearnerPageSkeleton label={t.checkout.checking} />;
}

export default function PaymentSuccessRoute({ loaderData, params }: Route.ComponentProps) {
  const { t } = useI18n();
  return (
    <RequireUser loadingLabel={t.checkout.checking}>
      {/* Another payment starts the waiting afresh. */}
      <PaymentResult key={params.paymentIntentId} check={loaderData} paymentIntentId={params.paymentIntentId} />
    </RequireUser>
  );
}

/** The paid course's title in the page's language when it has one (`inLocale`). */
function courseTitle(payment: PaymentStatus, locale: Locale) {
  return inLocale(locale, payment.course.title, payment.course.titleAr);
}

/** How often the page asks while the provider has not confirmed yet; slower after a minute. */
const POLL_MS = 2000;
const SLOW_POLL_MS = 5000;
const SLOW_AFTER_MS = 60_000;
/** After this long a pending payment gets a word of reassurance and a way to get help. */
const TAKING_LONG_MS = 30_000;

/** While `waiting`, loads the page's data again every few seconds; says when it has taken long. */
function usePolling(waiting: boolean): { takingLong: boolean } {
  const revalidator = useRevalidator();
  const [started] = useState(() => Date.now());
  const [takingLong, setTakingLong] = useState(false);

  useEffect(() => {
    if (!waiting || revalidator.state !== 'idle') return;
    const elapsed = Date.now() - started;
    if (elapsed > TAKING_LONG_MS) setTakingLong(true);
    const timer = setTimeout(() => void revalidator.revalidate(), elapsed > SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, revalidator, started]);

  return { takingLong };
}

function PaymentResult({ check, paymentIntentId }: { check: Check; paymentIntentId: string }) {
  const waiting = check.kind === 'unreachable' || (check.kind === 'status' && check.payment.status === 'pending');
  const { takingLong } = usePolling(waiting);
  const { t, tr } = useI18n();

  if (check.kind === 'not-found') {
    return (
      <LearnerPage title={tr(PAYMENT_MESSAGES.paymentNotFound)}>
        <MessagePanel
          title={t.checkout.notFoundTitle}
          actions={[
            { to: '/enrolledCourse', label: t.learning.myCourses },
            { to: '/courses', label: t.learning.browseCourses, variant: 'outline' },
          ]}
        >
          <p>
            {fmtNodes(t.checkout.notFoundText, { id: <PaymentId id={paymentIntentId} />, contact: <ContactLink /> })}
          </p>
        </MessagePanel>
      </LearnerPage>
    );
  }

  if (check.kind === 'unreachable' || check.payment.status === 'pending') {
    return (
      <Waiting paymentIntentId={paymentIntentId} unreachable={check.kind === 'unreachable'} takingLong={takingLong} />
    );
  }

  const { payment } = check;
  if (payment.status === 'paid') return <Paid payment={payment} />;

  const canceled = payment.status === 'canceled';
  return (
    <LearnerPage title={canceled ? tr(PAYMENT_MESSAGES.paymentCanceled) : t.checkout.paymentFailedTitle}>
      <MessagePanel
        title={canceled ? t.checkout.canceledTitle : t.checkout.failedTitle}
        tone="error"
        role="alert"
        actions={[
          {
            to: payment.course.slug ? `/checkout/${payment.course.slug}` : '/courses',
            label: tr(PAYMENT_MESSAGES.retryPayment),
          },
          { to: '/', label: t.nav.home, variant: 'outline' },
        ]}
      >
        <p>{tr(PAYMENT_MESSAGES.paymentFailed)}</p>
        <PaymentDetails payment={payment} />
      </MessagePanel>
    </LearnerPage>
  );
}

function Waiting({
  paymentIntentId,
  unreachable,
  takingLong,
}: {
  paymentIntentId: string;
  unreachable: boolean;
  takingLong: boolean;
}) {
  const { t, tr, lp } = useI18n();
  return (
    <LearnerPage title={t.checkout.confirming} eyebrow={t.checkout.pleaseWait}>
      <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <div role="status" className="flex items-start gap-4">
          <Spinner className="mt-1 h-7 w-7 shrink-0 text-brand-green" />
          <div>
            <h2 className="font-display text-2xl font-semibold text-brand-green">{t.checkout.almostThere}</h2>
            <p className="mt-2 text-lg text-slate-700">{tr(PAYMENT_MESSAGES.waitingForConfirmation)}</p>
            {unreachable && <p className="mt-2 text-slate-700">{t.checkout.unreachable}</p>}
          </div>
        </div>
        <p className="mt-6 text-slate-700">
          {fmtNodes(t.checkout.paymentIdLine, { id: <PaymentId id={paymentIntentId} /> })}
        </p>
        <p className="mt-2 text-sm text-slate-600">{t.checkout.updatesItself}</p>
        {takingLong && (
          <p className="mt-6 rounded-lg border border-brand-yellow/60 bg-brand-sand px-4 py-3 text-slate-800">
            {fmtNodes(t.checkout.takingLong, {
              courses: (
                <Link to={lp('/enrolledCourse')} className="font-semibold text-brand-green underline">
                  {t.checkout.yourCourses}
                </Link>
              ),
              contact: <ContactLink />,
            })}
          </p>
        )}
      </div>
    </LearnerPage>
  );
}

/** 'contact me', inside a sentence of the catalogue. */
function ContactLink() {
  const { t, lp } = useI18n();
  return (
    <Link to={lp('/contact')} className="font-semibold text-brand-green underline">
      {t.checkout.contactMeLink}
    </Link>
  );
}

function Paid({ payment }: { payment: PaymentStatus }) {
  const navigate = useNavigate();
  const { t, tr, lp, plural, locale } = useI18n();
  const title = courseTitle(payment, locale);
  const total = Math.round(LIMITS.paymentSuccessRedirectMs / 1000);
  const [secondsLeft, setSecondsLeft] = useState(total);
  const [staying, setStaying] = useState(false);
  useEffect(() => {
    if (staying) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(timer);
        navigate(lp('/enrolledCourse'));
      }
    }, 250);
    return () => clearInterval(timer);
  }, [staying, total, navigate, lp]);

  return (
    <LearnerPage title={tr(PAYMENT_MESSAGES.paymentSuccessful)} eyebrow={t.checkout.thankYou}>
      <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <div role="status" className="flex items-start gap-4">
          <span className="mt-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
            <Icon name="check" className="h-6 w-6" />
          </span>
          <div>
            <h2 className="font-display text-2xl font-semibold text-brand-green">{t.checkout.enrolled}</h2>
            <p className="mt-2 text-lg text-slate-700">
              {fmtNodes(t.checkout.paidText, {
                course: (
                  <strong className="font-semibold" {...title.attrs}>
                    {title.text}
                  </strong>
                ),
              })}
            </p>
          </div>
        </div>
        <PaymentDetails payment={payment} />
        <div className="mt-8 rounded-xl bg-brand-sand px-5 py-4">
          {staying ? (
            <p className="text-slate-700">{t.checkout.staying}</p>
          ) : (
            <p className="text-slate-700">
              {fmtNodes(t.checkout.redirecting, {
                time: (
                  <span className="font-semibold text-slate-900 tabular-nums">
                    {plural(t.checkout.seconds, secondsLeft)}
                  </span>
                ),
              })}
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to={lp('/enrolledCourse')} className={buttonClass('secondary')}>
              {t.checkout.goToMyCourses}
            </Link>
            {payment.course.slug && (
              <Link to={lp(`/watch/${payment.course.slug}`)} className={buttonClass('outline')}>
                {t.checkout.startCourse}
              </Link>
            )}
            {!staying && (
              <button type="button" onClick={() => setStaying(true)} className={buttonClass('ghost')}>
                {t.checkout.stay}
              </button>
            )}
          </div>
        </div>
      </div>
    </LearnerPage>
  );
}

function PaymentDetails({ payment }: { payment: PaymentStatus }) {
  const { t, money, locale } = useI18n();
  const title = courseTitle(payment, locale);
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-3 border-t border-slate-100 pt-6 sm:grid-cols-[max-content_1fr]">
      {title.text && (
        <>
          <dt className="font-semibold text-slate-600">{t.checkout.course}</dt>
          <dd className="text-slate-900" {...title.attrs}>
            {title.text}
          </dd>
        </>
      )}
      <dt className="font-semibold text-slate-600">{t.checkout.amount}</dt>
      <dd className="text-slate-900">{payment.amount ? money(payment.amount) : t.checkout.poa}</dd>
      <dt className="font-semibold text-slate-600">{t.checkout.orderReference}</dt>
      <dd className="font-mono text-slate-900">
        <span dir="ltr">{payment.reference}</span>
      </dd>
      <dt className="font-semibold text-slate-600">{t.checkout.paymentId}</dt>
      <dd>
        <PaymentId id={payment.paymentIntentId} />
      </dd>
    </dl>
  );
}
