import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type Env, envSchema } from './config/env.ts';
import { type StorageConfig, s3Problems, storageConfig } from './config/storage.ts';
import { isLoopbackHost, isPublicSiteUrl, publicSiteProblems } from './config/network.ts';

// The variables' schema and the rules for each part live in config/; what the rest of the code
// imports is exported from here.
export type { Env } from './config/env.ts';
export { estimatedSecretBits } from './config/env.ts';
export { TRUST_PROXY_TRUE_MESSAGE } from './config/network.ts';
export { Secret } from './config/secret.ts';
import { Secret } from './config/secret.ts';
export { S3_REQUIRED, type StorageConfig } from './config/storage.ts';

/**
 * How often the proxy asks each instance's readiness: `health_interval` in deploy/Caddyfile (the
 * deploy-recipe test holds them equal).
 */
export const PROXY_HEALTH_INTERVAL_MS = 1_000;
/**
 * The drain after SIGTERM: until the proxy's next health check has taken the instance out of
 * rotation, with room for a check that was under way and a busy machine. A proxy with a longer
 * interval needs SHUTDOWN_DRAIN_MS raised with it.
 */
export const DEFAULT_SHUTDOWN_DRAIN_MS = 5 * PROXY_HEALTH_INTERVAL_MS;

/** The local e-invoicing adapter keeps the XML files in `dir` (DATA_DIR/e-invoices). */
export interface EInvoicingConfig {
  provider: 'local';
  dir: string;
}

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  mediaDir: string;
  /** Local disk (`mediaDir`, the default) or an S3-compatible bucket (S3_ variables). */
  storage: StorageConfig;
  /** Where business buyers' PINT AE e-invoices go (E_INVOICING_PROVIDER). */
  eInvoicing: EInvoicingConfig;
  databaseUrl: string | undefined;
  /** PostgreSQL: the longest a request's query waits for a connection, then for its answer. */
  databaseTimeoutMs: number;
  logLevel: Env['LOG_LEVEL'];
  /**
   * SHA-256 of METRICS_TOKEN (the token itself is not kept); undefined when /metrics is closed.
   * Callers of /metrics are checked by comparing digests in constant time.
   */
  metricsTokenHash: Buffer | undefined;
  /** SIGTERM: milliseconds of answering all requests, readiness at 503, before the server stops accepting. */
  shutdownDrainMs: number;
  /** Render threads beside the main one (production builds only). */
  renderThreads: number;
  /** SITE_URL is an address other than this machine: the stricter rules of a public site apply. */
  publicSite: boolean;
  seedDemo: boolean;
  /**
   * Fastify's `trustProxy`: false, the number of proxies in front of the site, or their addresses.
   * Never `true`: that would take the left-most X-Forwarded-For address, which the client writes.
   */
  trustProxy: false | number | string[];
  /** The lower-cased header a trusted proxy names the client's country in; undefined without TRUST_PROXY. */
  clientCountryHeader: string | undefined;
  registrationsPerIpPerHour: number;
  /** Page renders one client address may cause per minute (lib/render-budget.ts); 0: no budget. */
  rendersPerIpPerMinute: number;
  maxVideoBytes: number;
  /** HMAC key of uploaded-video stream links (links die with the process when it was generated). */
  mediaSigningSecret: string;
  /** CREDENTIAL_SIGNING_KEY, checked; undefined: a key kept in the data folder (never on a public site). */
  credentialSigningKey: Secret | undefined;
  /** CREDENTIAL_PREVIOUS_KEYS, checked (it may hold private keys): published for verifying, never used to sign. */
  credentialPreviousKeys: Secret | undefined;
  mail: { smtpUrl: string | undefined; from: string; contactEmail: string | undefined };
  payments: {
    provider: Env['PAYMENT_PROVIDER'];
    ziina: { apiKey?: string; apiUrl: string; webhookSecret?: string; test: boolean };
    stripe: { secretKey?: string; webhookSecret?: string; apiUrl?: string };
  };
  google: { clientId: string; clientSecret: string; issuer: string } | null;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/**
 * Render threads when RENDER_THREADS is not set (docs/decisions/018-render-threads.md): one per
 * core, at most four, as each holds a copy of the pages' code and a heap of its own (50-70 MB); the
 * main thread's HTTP work and reads take little beside them. On PostgreSQL one fewer (at least one):
 * a small server often runs the database beside Oasis, where it wants its share of the cores and
 * the memory, and a bigger site runs several instances, each best kept small (measured on two
 * cores: 225 MB after load with one thread, 305-340 with two). RENDER_THREADS overrides it.
 */
export function defaultRenderThreads(cores: number, postgres: boolean): number {
  return Math.min(4, Math.max(1, postgres ? cores - 1 : cores));
}

/** Parse the environment once; every problem is listed together. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  const isPublic = isPublicSiteUrl(raw.SITE_URL);
  if (!parsed.success) {
    throw new ConfigError([
      ...parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`),
      ...s3Problems(raw),
      ...(isPublic ? publicSiteProblems(raw) : []),
    ]);
  }
  const env = parsed.data;
  const problems: string[] = [];
  if (env.PAYMENT_PROVIDER === 'ziina' && !env.ZIINA_API_KEY)
    problems.push('ZIINA_API_KEY: required when PAYMENT_PROVIDER=ziina');
  if (env.PAYMENT_PROVIDER === 'ziina' && !env.ZIINA_WEBHOOK_SECRET)
    problems.push('ZIINA_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=ziina');
  if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_SECRET_KEY)
    problems.push('STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe');
  if (env.PAYMENT_PROVIDER === 'stripe' && !env.STRIPE_WEBHOOK_SECRET)
    problems.push('STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe');
  if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET))
    problems.push('GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET: set both or neither');
  problems.push(...s3Problems(raw));
  if (isPublic) problems.push(...publicSiteProblems(raw));
  if (env.HOST !== undefined && !isLoopbackHost(env.HOST) && !isPublic && !env.DEMO)
    problems.push(
      `HOST=${env.HOST} listens beyond this machine, but without a public SITE_URL the site runs as a demo (sandbox payments, demo content, the admin password printed) for anyone who reaches it. Set SITE_URL to the site's public https address (the public-site rules then apply), DEMO=true for a demo open to your network on purpose, or HOST=127.0.0.1 when a proxy on this machine is in front`,
    );
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const mediaDir = path.join(dataDir, 'media');
  const host = env.HOST ?? '127.0.0.1';
  const localHost =
    env.HOST === undefined || env.HOST === '0.0.0.0' || env.HOST === '::'
      ? 'localhost'
      : isIP(env.HOST) === 6
        ? `[${env.HOST}]`
        : env.HOST;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host,
    siteUrl: (env.SITE_URL ?? `http://${localHost}:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir,
    storage: storageConfig(env, mediaDir),
    eInvoicing: { provider: env.E_INVOICING_PROVIDER, dir: path.join(dataDir, 'e-invoices') },
    databaseUrl: env.DATABASE_URL,
    databaseTimeoutMs: env.DATABASE_TIMEOUT_MS,
    logLevel: env.LOG_LEVEL,
    metricsTokenHash: env.METRICS_TOKEN ? createHash('sha256').update(env.METRICS_TOKEN).digest() : undefined,
    // None while developing (a reload would wait for it).
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS ?? (env.NODE_ENV === 'development' ? 0 : DEFAULT_SHUTDOWN_DRAIN_MS),
    renderThreads: env.RENDER_THREADS ?? defaultRenderThreads(os.availableParallelism(), Boolean(env.DATABASE_URL)),
    publicSite: isPublic,
    // Demo content (and its printed admin login) is for trying the site out, not for the public.
    seedDemo: env.SEED_DEMO ?? !isPublic,
    trustProxy: env.TRUST_PROXY,
    clientCountryHeader: env.TRUST_PROXY ? env.CLIENT_COUNTRY_HEADER?.toLowerCase() : undefined,
    registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
    rendersPerIpPerMinute: env.RENDERS_PER_IP_PER_MINUTE,
    maxVideoBytes: env.MAX_VIDEO_BYTES,
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET ?? randomBytes(32).toString('hex'),
    credentialSigningKey: env.CREDENTIAL_SIGNING_KEY ? new Secret(env.CREDENTIAL_SIGNING_KEY) : undefined,
    credentialPreviousKeys: env.CREDENTIAL_PREVIOUS_KEYS ? new Secret(env.CREDENTIAL_PREVIOUS_KEYS) : undefined,
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, contactEmail: env.CONTACT_EMAIL },
    payments: {
      provider: env.PAYMENT_PROVIDER,
      ziina: {
        apiKey: env.ZIINA_API_KEY,
        apiUrl: env.ZIINA_API_URL.replace(/\/$/, ''),
        webhookSecret: env.ZIINA_WEBHOOK_SECRET,
        test: env.ZIINA_TEST,
      },
      stripe: {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        apiUrl: env.STRIPE_API_URL,
      },
    },
    google:
      env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET
        ? { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuer: env.GOOGLE_ISSUER }
        : null,
  };
}
