import type { PaymentProviderName } from '@oasis/shared/payments';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './index.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { ZiinaPaymentProvider } from './ziina.ts';

/** The provider chosen by PAYMENT_PROVIDER (config.ts has already checked its keys are there). */
export function createPaymentProvider(config: Config, deps: { db: Db }): PaymentProvider {
  const { payments } = config;
  switch (payments.provider) {
    case 'ziina':
      return new ZiinaPaymentProvider({
        apiUrl: payments.ziina.apiUrl,
        apiKey: required(payments.ziina.apiKey, 'ZIINA_API_KEY'),
        webhookSecret: required(payments.ziina.webhookSecret, 'ZIINA_WEBHOOK_SECRET'),
        test: payments.ziina.test,
      });
    case 'stripe': {
      const options = {
        secretKey: required(payments.stripe.secretKey, 'STRIPE_SECRET_KEY'),
        webhookSecret: required(payments.stripe.webhookSecret, 'STRIPE_WEBHOOK_SECRET'),
        apiUrl: payments.stripe.apiUrl,
      };
      // Stripe's SDK is a few hundred modules: loaded only when Stripe is the provider.
      return loadedInBackground('stripe', () =>
        import('./stripe.ts').then(({ StripePaymentProvider }) => new StripePaymentProvider(options)),
      );
    }
    default:
      return new SandboxPaymentProvider({ db: deps.db, siteUrl: config.siteUrl });
  }
}

/**
 * A provider whose module starts loading now and is awaited by each call, so the server does not
 * wait for it to start. A module that fails to load is an unhandled rejection: the process stops,
 * as it did when the module was imported with the server.
 */
function loadedInBackground(name: PaymentProviderName, load: () => Promise<PaymentProvider>): PaymentProvider {
  const provider = load();
  return {
    name,
    createPayment: async (input) => (await provider).createPayment(input),
    getPayment: async (paymentIntentId) => (await provider).getPayment(paymentIntentId),
    verifyWebhook: async (rawBody, headers) => (await provider).verifyWebhook(rawBody, headers),
    refund: async (input) => (await provider).refund(input),
    getRefund: async (refundRef) => (await provider).getRefund(refundRef),
  };
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required for this payment provider`);
  return value;
}
