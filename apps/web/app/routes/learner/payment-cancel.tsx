import { PAYMENT_MESSAGES } from '@oasis/shared/payment-messages';
import { AuthLoading } from '~/components/auth/auth-page';
import { privateMeta } from '~/components/auth/meta';
import { LearnerPage, MessagePanel, PaymentId } from '~/components/learner/learner-page';
import type { Route } from './+types/payment-cancel';

export const meta: Route.MetaFunction = ({ matches }) => privateMeta(matches, PAYMENT_MESSAGES.paymentCanceled);

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
  return (
    <LearnerPage title={PAYMENT_MESSAGES.paymentCanceled}>
      <MessagePanel
        title="No payment was taken"
        actions={[
          { to: '/courses', label: PAYMENT_MESSAGES.retryPayment },
          { to: '/', label: 'Home', variant: 'outline' },
        ]}
      >
        <p>You canceled the payment before it was completed, so you have not been charged.</p>
        <p className="mt-4">
          Payment id: <PaymentId id={params.paymentIntentId} />
        </p>
      </MessagePanel>
    </LearnerPage>
  );
}
