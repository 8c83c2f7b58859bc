import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { formatPrice } from '@oasis/shared/format';
import { LIMITS } from '@oasis/shared/limits';
import { PAYMENT_MESSAGES, type PaymentStatus } from '@oasis/shared/payments';
import { AuthLoading } from '~/components/auth/auth-page';
import { Spinner } from '~/components/ui/form';
import { RequireUser, requireLearnerToken } from '~/components/auth/guards';
import { privateMeta } from '~/components/auth/meta';
import { LearnerPage, MessagePanel, PaymentId } from '~/components/learner/learner-page';
import { buttonClass } from '~/components/ui/button';
import { Icon } from '~/components/ui/icons';
import { ApiRequestError, api } from '~/lib/api';
import { useAuth } from '~/lib/auth';
import type { Route } from './+types/payment-success';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, 'Payment');

export const clientLoader = ({ request }: Route.ClientLoaderArgs) => requireLearnerToken(request);

const CHECKING = 'Checking your payment…';

export function HydrateFallback() {
  return <AuthLoading label={CHECKING} />;
}

export default function PaymentSuccessRoute({ params }: Route.ComponentProps) {
  return (
    <RequireUser loadingLabel={CHECKING}>
      <PaymentResult paymentIntentId={params.paymentIntentId} />
    </RequireUser>
  );
}

/** How often the page asks while the provider has not confirmed yet; slower after a minute. */
const POLL_MS = 2000;
const SLOW_POLL_MS = 5000;
const SLOW_AFTER_MS = 60_000;
/** After this long a pending payment gets a word of reassurance and a way to get help. */
const TAKING_LONG_MS = 30_000;

type Check =
  | { kind: 'checking' }
  | { kind: 'status'; payment: PaymentStatus }
  | { kind: 'not-found' }
  /** The status could not be read just now (offline, server error): the page keeps trying. */
  | { kind: 'unreachable' };

/**
 * The provider sends the buyer here with the payment's id. Opening the page confirms nothing by
 * itself: the server asks the provider (DECISIONS.md), so the page polls the status until the
 * payment is paid, failed or canceled, and shows a clear waiting state meanwhile.
 */
function usePaymentStatus(paymentIntentId: string) {
  const [check, setCheck] = useState<Check>({ kind: 'checking' });
  const [takingLong, setTakingLong] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    setCheck({ kind: 'checking' });
    setTakingLong(false);

    const again = () => {
      const elapsed = Date.now() - started;
      if (elapsed > TAKING_LONG_MS) setTakingLong(true);
      timer = setTimeout(ask, elapsed > SLOW_AFTER_MS ? SLOW_POLL_MS : POLL_MS);
    };

    async function ask() {
      try {
        const payment = await api<PaymentStatus>(`/payment/status/${encodeURIComponent(paymentIntentId)}`, {
          signal: controller.signal,
        });
        if (controller.signal.aborted) return;
        setCheck({ kind: 'status', payment });
        if (payment.status === 'pending') again();
      } catch (error) {
        if (controller.signal.aborted) return;
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) {
          setCheck({ kind: 'not-found' });
          return;
        }
        // 401 is the auth state's business (it signs out and the guard sends to /login).
        if (error instanceof ApiRequestError && error.status === 401) return;
        setCheck((previous) => (previous.kind === 'status' ? previous : { kind: 'unreachable' }));
        again();
      }
    }

    void ask();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [paymentIntentId]);

  return { check, takingLong };
}

function PaymentResult({ paymentIntentId }: { paymentIntentId: string }) {
  const { check, takingLong } = usePaymentStatus(paymentIntentId);

  if (check.kind === 'checking') return <AuthLoading label={CHECKING} />;

  if (check.kind === 'not-found') {
    return (
      <LearnerPage title={PAYMENT_MESSAGES.paymentNotFound}>
        <MessagePanel
          title="We could not find this payment"
          actions={[
            { to: '/enrolledCourse', label: 'My courses' },
            { to: '/courses', label: 'Browse courses', variant: 'outline' },
          ]}
        >
          <p>
            There is no payment with the id <PaymentId id={paymentIntentId} /> on your account. If you have been
            charged, please{' '}
            <Link to="/contact" className="font-semibold text-brand-green underline">
              contact me
            </Link>{' '}
            with this id.
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
    <LearnerPage title={canceled ? PAYMENT_MESSAGES.paymentCanceled : 'Payment failed'}>
      <MessagePanel
        title={canceled ? 'Your payment was canceled' : 'Your payment did not go through'}
        tone="error"
        role="alert"
        actions={[
          {
            to: payment.course.slug ? `/checkout/${payment.course.slug}` : '/courses',
            label: PAYMENT_MESSAGES.retryPayment,
          },
          { to: '/', label: 'Home', variant: 'outline' },
        ]}
      >
        <p>{PAYMENT_MESSAGES.paymentFailed}</p>
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
  return (
    <LearnerPage title="Confirming your payment" eyebrow="Please wait">
      <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <div role="status" className="flex items-start gap-4">
          <Spinner className="mt-1 h-7 w-7 shrink-0 text-brand-green" />
          <div>
            <h2 className="font-display text-2xl font-semibold text-brand-green">Almost there</h2>
            <p className="mt-2 text-lg text-slate-700">{PAYMENT_MESSAGES.waitingForConfirmation}</p>
            {unreachable && (
              <p className="mt-2 text-slate-700">
                We cannot reach the server just now. We will keep trying; please check your connection.
              </p>
            )}
          </div>
        </div>
        <p className="mt-6 text-slate-700">
          Payment id: <PaymentId id={paymentIntentId} />
        </p>
        <p className="mt-2 text-sm text-slate-600">
          This page updates by itself. Please keep it open; there is no need to pay again.
        </p>
        {takingLong && (
          <p className="mt-6 rounded-lg border border-brand-yellow/60 bg-brand-sand px-4 py-3 text-slate-800">
            This is taking longer than usual. If your payment was taken, your course will appear under{' '}
            <Link to="/enrolledCourse" className="font-semibold text-brand-green underline">
              your courses
            </Link>{' '}
            as soon as the provider confirms it. You can also{' '}
            <Link to="/contact" className="font-semibold text-brand-green underline">
              contact me
            </Link>{' '}
            with the payment id above.
          </p>
        )}
      </div>
    </LearnerPage>
  );
}

function Paid({ payment }: { payment: PaymentStatus }) {
  const navigate = useNavigate();
  const { refreshEnrolledCourses } = useAuth();
  const total = Math.round(LIMITS.paymentSuccessRedirectMs / 1000);
  const [secondsLeft, setSecondsLeft] = useState(total);
  const [staying, setStaying] = useState(false);
  const refreshed = useRef(false);

  // The new course must show in the navigation's list and the enrolled page straight away.
  useEffect(() => {
    if (refreshed.current) return;
    refreshed.current = true;
    void refreshEnrolledCourses();
  }, [refreshEnrolledCourses]);

  useEffect(() => {
    if (staying) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const left = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        clearInterval(timer);
        navigate('/enrolledCourse');
      }
    }, 250);
    return () => clearInterval(timer);
  }, [staying, total, navigate]);

  return (
    <LearnerPage title={PAYMENT_MESSAGES.paymentSuccessful} eyebrow="Thank you">
      <div className="rounded-2xl bg-white p-6 shadow-card sm:p-10">
        <div role="status" className="flex items-start gap-4">
          <span className="mt-1 flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-emerald-100 text-emerald-800">
            <Icon name="check" className="h-6 w-6" />
          </span>
          <div>
            <h2 className="font-display text-2xl font-semibold text-brand-green">You are enrolled</h2>
            <p className="mt-2 text-lg text-slate-700">
              Your payment for <strong className="font-semibold">{payment.course.title}</strong> is confirmed. A receipt
              is on its way to your inbox.
            </p>
          </div>
        </div>
        <PaymentDetails payment={payment} />
        <div className="mt-8 rounded-xl bg-brand-sand px-5 py-4">
          {staying ? (
            <p className="text-slate-700">You are staying on this page.</p>
          ) : (
            <p className="text-slate-700">
              Taking you to your enrolled courses in{' '}
              <span className="font-semibold text-slate-900 tabular-nums">
                {secondsLeft} {secondsLeft === 1 ? 'second' : 'seconds'}
              </span>
              …
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-3">
            <Link to="/enrolledCourse" className={buttonClass('secondary')}>
              Go to my courses now
            </Link>
            {payment.course.slug && (
              <Link to={`/watch/${payment.course.slug}`} className={buttonClass('outline')}>
                Start the course
              </Link>
            )}
            {!staying && (
              <button type="button" onClick={() => setStaying(true)} className={buttonClass('ghost')}>
                Stay on this page
              </button>
            )}
          </div>
        </div>
      </div>
    </LearnerPage>
  );
}

function PaymentDetails({ payment }: { payment: PaymentStatus }) {
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-3 border-t border-slate-100 pt-6 sm:grid-cols-[max-content_1fr]">
      {payment.course.title && (
        <>
          <dt className="font-semibold text-slate-600">Course</dt>
          <dd className="text-slate-900">{payment.course.title}</dd>
        </>
      )}
      <dt className="font-semibold text-slate-600">Amount</dt>
      <dd className="text-slate-900">{formatPrice(payment.amount)}</dd>
      <dt className="font-semibold text-slate-600">Order reference</dt>
      <dd className="font-mono text-slate-900">{payment.reference}</dd>
      <dt className="font-semibold text-slate-600">Payment id</dt>
      <dd>
        <PaymentId id={payment.paymentIntentId} />
      </dd>
    </dl>
  );
}
