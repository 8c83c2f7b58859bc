import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createLocalDiskStorage } from './adapters/storage/local-disk.ts';
import { createLogTransport } from './adapters/mail/log-transport.ts';
import { createPaymentProvider } from './adapters/payments/create.ts';
import { createSmtpTransport } from './adapters/mail/smtp.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startAnalyzeSchedule } from './db/analyze.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { seedDemoContent } from './db/seed.ts';
import type { Deps } from './deps.ts';
import { contentSecurityPolicy } from './lib/csp.ts';
import { createLogger } from './lib/logger.ts';
import { PageCache } from './lib/page-cache.ts';
import { startOutboxWorker } from './modules/mail/outbox.ts';
import { registerWeb } from './plugins/web.ts';
import { createPublicSiteData } from './site-data.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web');

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config);

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
  });
  await database.migrate();
  logger.info({ driver: database.driver }, 'database ready');

  // E-mail goes to SMTP when SMTP_URL is set; otherwise it is kept in the outbox and
  // announced in the log (with its text only on this machine: it may carry a reset link).
  const smtp = config.mail.smtpUrl ? createSmtpTransport(config.mail.smtpUrl) : null;
  const deps: Deps = {
    config,
    database,
    db: database.db,
    storage: createLocalDiskStorage(config.mediaDir),
    mailTransport: smtp ?? createLogTransport(logger, { printText: !config.publicSite }),
    payments: createPaymentProvider(config, { db: database.db }),
    pageCache: new PageCache(),
    log: logger,
  };

  if (config.env === 'production' && config.payments.provider === 'sandbox')
    logger.warn('PAYMENT_PROVIDER is sandbox: buyers pay on a test page and no money moves');
  if (config.seedDemo) await seedDemoContent(deps);

  const app = await buildApp({
    deps,
    logger: logger,
    pageFastLane: config.env !== 'development',
    web: (instance) =>
      registerWeb(instance, {
        webRoot,
        buildDir: process.env.WEB_BUILD_DIR,
        contentSecurityPolicy: config.env === 'development' ? undefined : contentSecurityPolicy,
        mode: config.env === 'development' ? 'development' : 'production',
        site: createPublicSiteData(deps),
        publicConfig: {
          siteUrl: config.siteUrl,
          googleSignIn: Boolean(config.google),
          paymentProvider: config.payments.provider,
        },
      }),
  });

  const outboxWorker = startOutboxWorker(deps);
  // The embedded database has no autovacuum: its statistics are refreshed in the background.
  const analyzer = startAnalyzeSchedule(database, logger);

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, 10_000);
    timer.unref();
    try {
      await app.close();
      await Promise.all([outboxWorker.stop(), analyzer.stop()]);
      smtp?.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`Oasis is running on ${config.siteUrl}`);
}

main().catch((error) => {
  // Another process has the embedded database: its message says which and what to do; a stack
  // trace would only bury it.
  console.error(error instanceof DataDirInUseError ? error.message : error);
  process.exit(1);
});
