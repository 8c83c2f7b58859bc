import path from 'node:path';
import { createStorage } from './adapters/storage/create.ts';
import { createLogTransport } from './adapters/mail/log-transport.ts';
import { createPaymentProvider } from './adapters/payments/create.ts';
import { createEInvoicing } from './adapters/e-invoicing/create.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { startAnalyzeSchedule } from './db/analyze.ts';
import { openDatabase } from './db/client.ts';
import { DataDirInUseError } from './db/data-dir-lock.ts';
import { StorageCheckError } from './adapters/storage/index.ts';
import { seedDemoContent } from './db/seed.ts';
import type { Deps } from './deps.ts';
import { contentSecurityPolicy } from './lib/csp.ts';
import { startInstanceSync } from './lib/instance-sync.ts';
import { tuneHeap } from './lib/heap.ts';
import { createLogger } from './lib/logger.ts';
import { serverDir } from './lib/server-dir.ts';
import { PageCache } from './lib/page-cache.ts';
import { gracefulShutdown } from './modules/health/lifecycle.ts';
import { startOutboxWorker } from './modules/mail/outbox.ts';
import { startComebackReminders } from './modules/progress/reminders.ts';
import { startBookingReminders } from './modules/booking/reminders.ts';
import { startOrderChecks } from './modules/payments/order-checks.ts';
import { registerWeb } from './plugins/web.ts';
import { createPublicSiteData } from './site-data.ts';

const webRoot = path.resolve(serverDir, '../web');

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
  tuneHeap(config);

  // Media on local disk, or in an S3-compatible bucket that must answer before the site opens.
  const storage = await createStorage(config.storage);
  await storage.check?.();
  if (config.storage.kind === 's3')
    logger.info(
      { bucket: config.storage.bucket, endpoint: config.storage.endpoint ?? 'aws', prefix: config.storage.prefix },
      'media in S3-compatible storage',
    );

  const database = await openDatabase({
    url: config.databaseUrl,
    dataDir: path.join(config.dataDir, 'pglite'),
    onIdleError: (error) => logger.warn({ err: error }, 'idle database connection lost'),
    timeoutMs: config.databaseTimeoutMs,
  });
  await database.migrate();
  logger.info({ driver: database.driver }, 'database ready');

  // E-mail goes to SMTP when SMTP_URL is set; otherwise it is kept in the outbox and
  // announced in the log (with its text only on this machine: it may carry a reset link).
  const smtp = config.mail.smtpUrl
    ? (await import('./adapters/mail/smtp.ts')).createSmtpTransport(config.mail.smtpUrl)
    : null;
  const deps: Deps = {
    config,
    database,
    db: database.db,
    storage,
    mailTransport: smtp ?? createLogTransport(logger, { printText: !config.publicSite }),
    payments: createPaymentProvider(config, { db: database.db }),
    eInvoicing: createEInvoicing(config.eInvoicing),
    pageCache: new PageCache(),
    log: logger,
  };

  if (config.env === 'production' && config.payments.provider === 'sandbox')
    logger.warn('PAYMENT_PROVIDER is sandbox: buyers pay on a test page and no money moves');
  // On PostgreSQL, content writes of other instances reach this one's cache at once, and its own
  // (the demo seed's too) reach theirs (lib/instance-sync.ts; null on PGlite).
  const instanceSync = startInstanceSync(deps);
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
        renderThreads: config.renderThreads,
        site: createPublicSiteData(deps),
        publicConfig: {
          siteUrl: config.siteUrl,
          googleSignIn: Boolean(config.google),
          paymentProvider: config.payments.provider,
        },
      }),
  });

  const outboxWorker = startOutboxWorker(deps);
  // Orders left pending: settled from the provider's word, or canceled after a day.
  const orderChecks = startOrderChecks(deps);
  // Learners idle half-way through a course: one reminder each (modules/progress/reminders.ts).
  const reminders = startComebackReminders(deps);
  // Booking reminders, 24 hours and 1 hour before.
  const bookingReminders = startBookingReminders(deps);
  // The embedded database has no autovacuum: its statistics are refreshed in the background.
  const analyzer = startAnalyzeSchedule(database, logger);

  // SIGTERM (a process manager, an orchestrator, `docker stop`): readiness answers 503 at once and
  // the server answers all that reaches it for SHUTDOWN_DRAIN_MS (the proxy's next health check
  // takes it out of rotation), answers GETs 503 until no connection comes (a proxy without health
  // checks leaves it out), then stops accepting, closes idle connections after a grace, lets
  // in-flight requests finish, and closes the database (modules/health/lifecycle.ts).
  // SIGINT (Ctrl-C in a terminal) skips the drain. A second signal does not cut the drain short (a
  // signal to the process group arrives twice: directly and through `npm start`); a third does.
  const shutdown = gracefulShutdown(app, {
    drainMs: config.shutdownDrainMs,
    cleanup: async () => {
      await Promise.all([
        outboxWorker.stop(),
        orderChecks.stop(),
        reminders.stop(),
        bookingReminders.stop(),
        analyzer.stop(),
        instanceSync?.stop(),
      ]);
      smtp?.close();
      await storage.close?.();
      await database.close();
    },
  });
  let signals = 0;
  const stop = (signal: string, drainMs: number) => {
    signals += 1;
    if (signals > 1) {
      logger.info({ signal }, signals === 2 ? 'already shutting down' : 'shutting down now');
      void shutdown();
      return;
    }
    logger.info({ signal, drainMs }, drainMs > 0 ? 'draining, then shutting down' : 'shutting down');
    const timer = setTimeout(() => {
      logger.error('shutdown timed out');
      process.exit(1);
    }, drainMs + 10_000);
    timer.unref();
    shutdown(drainMs).then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM', config.shutdownDrainMs));
  process.on('SIGINT', () => stop('SIGINT', 0));

  await app.listen({ port: config.port, host: config.host });
  logger.info(`Oasis is running on ${config.siteUrl}`);
}

main().catch((error) => {
  // Another process has the embedded database: its message says which and what to do; a stack
  // trace would only bury it.
  console.error(error instanceof DataDirInUseError || error instanceof StorageCheckError ? error.message : error);
  process.exit(1);
});
