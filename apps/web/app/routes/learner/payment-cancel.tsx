import { PAYMENT_MESSAGES } from '@oasis/shared/payments';
import { privateMeta } from '~/components/auth/meta';
import { LearnerPage, LearnerPageSkeleton, MessagePanel, PaymentId } from '~/components/learner/learner-page';
import { readToken } from '~/lib/api';
import { getPaymentStatus } from '~/lib/api/payments';
import { fmtNodes } from '~/lib/fmt-nodes';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/payment-cancel';
import { retryPaymentPath } from './payment-retry';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, ({ tr }) => tr(PAYMENT_MESSAGES.paymentCanceled));

/**
 * Where the provider sends a buyer who canceled (docs/product.md#success-and-cancel). Nothing is
 * charged. The page names the payment and offers to try again: at that course's checkout when the
 * payment's course can be read (the buyer is signed in: checkout needs it), else the catalogue.
 * Rendered in the browser like the other payment pages.
 */
export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<{ retry: string }> {
  if (!readToken('token')) return { retry: retryPaymentPath(null) };
  try {
    const payment = await getPaymentStatus(params.paymentIntentId);
    return { retry: retryPaymentPath(payment) };
  } catch {
    // Unknown payment, ended session or offline: the catalogue still lets the buyer try again.
    return { retry: retryPaymentPath(null) };
  }
}

export function HydrateFallback() {
  return <LearnerPageSkeleton />;
}

export default function PaymentCancel({ params, loaderData }: Route.ComponentProps) {
  const { t, tr } = useI18n();
  return (
    <LearnerPage title={tr(PAYMENT_MESSAGES.paymentCanceled)}>
      <MessagePanel
        title={t.checkout.noPaymentTaken}
        actions={[
          { to: loaderData.retry, label: tr(PAYMENT_MESSAGES.retryPayment) },
          { to: '/', label: t.nav.home, variant: 'outline' },
        ]}
      >
        <p>{t.checkout.canceledText}</p>
        <p className="mt-4">{fmtNodes(t.checkout.paymentIdLine, { id: <PaymentId id={params.paymentIntentId} /> })}</p>
      </MessagePanel>
    </LearnerPage>
  );
}
