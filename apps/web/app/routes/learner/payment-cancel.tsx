import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import { AuthLoading } from '~/components/auth/auth-page';
import { privateMeta } from '~/components/auth/meta';
import { LearnerPage, MessagePanel, PaymentId } from '~/components/learner/learner-page';
import { fmtNodes } from '~/lib/fmt-nodes';
import { useI18n } from '~/lib/i18n';
import type { Route } from './+types/payment-cancel';

export const meta: Route.MetaFunction = ({ matches }) =>
  privateMeta(matches, ({ tr }) => tr(PAYMENT_MESSAGES.paymentCanceled));

/**
 * Where the provider sends a buyer who canceled (docs/product.md#success-and-cancel). Nothing is
 * charged and nothing needs the server: the page names the payment and offers to try again.
 * Rendered in the browser like the other payment pages.
 */
export const clientLoader = () => null;

export function HydrateFallback() {
  return <AuthLoading />;
}

export default function PaymentCancel({ params }: Route.ComponentProps) {
  const { t, tr } = useI18n();
  return (
    <LearnerPage title={tr(PAYMENT_MESSAGES.paymentCanceled)}>
      <MessagePanel
        title={t.checkout.noPaymentTaken}
        actions={[
          { to: '/courses', label: tr(PAYMENT_MESSAGES.retryPayment) },
          { to: '/', label: t.nav.home, variant: 'outline' },
        ]}
      >
        <p>{t.checkout.canceledText}</p>
        <p className="mt-4">{fmtNodes(t.checkout.paymentIdLine, { id: <PaymentId id={params.paymentIntentId} /> })}</p>
      </MessagePanel>
    </LearnerPage>
  );
}
