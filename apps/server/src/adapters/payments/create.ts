import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProvider } from './index.ts';
import { SandboxPaymentProvider } from './sandbox.ts';
import { StripePaymentProvider } from './stripe.ts';
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
    case 'stripe':
      return new StripePaymentProvider({
        secretKey: required(payments.stripe.secretKey, 'STRIPE_SECRET_KEY'),
        webhookSecret: required(payments.stripe.webhookSecret, 'STRIPE_WEBHOOK_SECRET'),
        apiUrl: payments.stripe.apiUrl,
      });
    default:
      return new SandboxPaymentProvider({ db: deps.db, siteUrl: config.siteUrl });
  }
}

function required(value: string | undefined, name: string): string {
  if (!value) throw new Error(`${name} is required for this payment provider`);
  return value;
}
