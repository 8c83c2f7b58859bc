import type { FastifyBaseLogger } from 'fastify';
import type { EInvoicing } from './adapters/e-invoicing/index.ts';
import type { MailTransport } from './adapters/mail/index.ts';
import type { PaymentProvider } from './adapters/payments/index.ts';
import type { Storage } from './adapters/storage/index.ts';
import type { Config } from './config.ts';
import type { Database, Db } from './db/client.ts';
import type { PageCache } from './lib/page-cache.ts';

/** Everything services need from the outside world; built once at start, replaced in tests. */
export interface Deps {
  config: Config;
  database: Database;
  db: Db;
  storage: Storage;
  mailTransport: MailTransport;
  /** The payment provider chosen by PAYMENT_PROVIDER (sandbox by default). */
  payments: PaymentProvider;
  /** Where business buyers' e-invoices go (E_INVOICING_PROVIDER, local files by default). */
  eInvoicing: EInvoicing;
  pageCache: PageCache;
  log: FastifyBaseLogger;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
