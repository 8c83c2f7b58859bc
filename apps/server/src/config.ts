import { createHash, randomBytes } from 'node:crypto';
import { isIP } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { inspect } from 'node:util';
import { z } from 'zod';
import { MAX_PROXY_HOPS, proxyRangeProblem } from './lib/trust-proxy.ts';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** How to make a secret, for the messages that ask for one. */
const SECRET_RECIPE = 'e.g. from: openssl rand -base64 32';

/**
 * Bits a secret of this length would hold if its characters were drawn with the frequencies seen
 * in it (Shannon). A rough bound, but it tells 32 spaces, 'aaaa…' or 'abababab…' from the output
 * of `openssl rand` (-hex 32: about 240 bits; -base64 32: about 220).
 */
export function estimatedSecretBits(secret: string): number {
  const counts = new Map<string, number>();
  for (const char of secret) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...secret].length;
  let bitsPerChar = 0;
  for (const count of counts.values()) bitsPerChar -= (count / length) * Math.log2(count / length);
  return bitsPerChar * length;
}

/**
 * A secret that looks drawn at random: at least 8 different characters, about 72 bits by the
 * estimate above (well below what random 32 hex characters, 128 bits, come out at), and
 * not one piece repeated (`password` four times), which the estimate cannot see.
 */
function isRandomEnough(secret: string): boolean {
  const chars = [...secret];
  if (new Set(chars).size < 8 || estimatedSecretBits(secret) < 72) return false;
  for (let period = 1; period <= chars.length / 2; period++) {
    if (
      chars.length % period === 0 &&
      chars
        .slice(0, period)
        .join('')
        .repeat(chars.length / period) === secret
    )
      return false;
  }
  return true;
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** The interface to listen on. Unset: this machine only (127.0.0.1). */
  HOST: z.string().min(1).optional(),
  /** A demo served beyond this machine on purpose (HOST not loopback, no public SITE_URL). */
  DEMO: bool.optional(),
  /** Public address of the site, used in e-mails, canonical links, sitemap and payment return URLs. */
  SITE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** PostgreSQL: how long a request's query waits for a connection, then for its answer, before a 503. */
  DATABASE_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Opens /metrics to a scraper that sends `Authorization: Bearer <token>`; unset, /metrics is a 404. */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters (openssl rand -hex 32)').optional(),
  /**
   * After SIGTERM: how long the server, readiness at 503, keeps answering all that reaches it before
   * it stops accepting and closes idle connections (DEFAULT_SHUTDOWN_DRAIN_MS).
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(300_000).optional(),
  /** Threads that render pages beside the main one (docs/decisions/018-render-threads.md). Unset: one per core, 1 to 4. */
  RENDER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** Seed demo content into an empty database at start (by default only on a site that is not public). */
  SEED_DEMO: bool.optional(),
  /** The proxies in front of the site: how many, or their addresses. Unset: none. */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if (parsed.ok) return parsed.value;
      for (const message of parsed.messages) ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }),
  /** Accounts one client address may create per hour (a browser test suite signing up many
   * learners from one machine raises it). */
  REGISTRATIONS_PER_IP_PER_HOUR: z.coerce.number().int().positive().default(10),
  /** Page renders (page-cache misses) one client address may cause per minute, in a burst or
   * spread out; 0 turns the budget off (the benchmarks measure misses from one address). */
  RENDERS_PER_IP_PER_MINUTE: z.coerce.number().int().min(0).max(1_000_000).default(300),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** Signs the short-lived links of uploaded lesson videos; a random one per process when unset. */
  MEDIA_SIGNING_SECRET: z
    .string()
    .min(32, `must be at least 32 random characters (${SECRET_RECIPE})`)
    .refine(isRandomEnough, `is too predictable: use at least 32 random characters (${SECRET_RECIPE})`)
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Oasis <no-reply@localhost>'),
  CONTACT_EMAIL: z.email().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'ziina', 'stripe']).default('sandbox'),
  ZIINA_API_KEY: z.string().optional(),
  ZIINA_API_URL: z.url().default('https://api-v2.ziina.com/api'),
  ZIINA_WEBHOOK_SECRET: z.string().optional(),
  ZIINA_TEST: bool.default(false),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_URL: z.url().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  /** S3-compatible object storage for uploaded media (any S3_ variable chooses it; see S3_REQUIRED). */
  S3_BUCKET: z
    .string()
    .regex(
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,61}[A-Za-z0-9]$/,
      'must be a bucket name alone (3 to 63 letters, digits, dots and hyphens), without s3:// or a path',
    )
    .optional(),
  S3_REGION: z
    .string()
    .regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as eu-central-1 (auto for Cloudflare R2)')
    .optional(),
  S3_ENDPOINT: z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined) return undefined;
      const url = URL.canParse(value) ? new URL(value) : null;
      if (
        !url ||
        !/^https?:$/.test(url.protocol) ||
        url.pathname !== '/' ||
        url.search ||
        url.hash ||
        url.username ||
        url.password
      ) {
        ctx.addIssue({
          code: 'custom',
          message:
            'must be the address of the S3 API alone, such as https://<account>.r2.cloudflarestorage.com or http://127.0.0.1:9000 (no path, no credentials)',
        });
        return z.NEVER;
      }
      return url.origin;
    }),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: bool.optional(),
  S3_PREFIX: z
    .string()
    .regex(
      /^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*\/?$/,
      'must be a folder inside the bucket such as oasis/ (letters, digits, dots, hyphens, underscores and /)',
    )
    .refine((prefix) => !prefix.split('/').some((s) => s === '.' || s === '..'), 'must not contain . or .. segments')
    .optional(),
});

/** The S3_ variables that S3-compatible storage cannot do without. */
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

export const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

/**
 * A secret that stays out of logs, JSON and `util.inspect` (`console.log(config)` shows
 * `[redacted]`); `reveal()` hands it to the one client that needs it.
 */
export class Secret {
  readonly #value: string;
  constructor(value: string) {
    this.#value = value;
  }
  reveal(): string {
    return this.#value;
  }
  toJSON(): string {
    return '[redacted]';
  }
  toString(): string {
    return '[redacted]';
  }
  [inspect.custom](): string {
    return '[redacted]';
  }
}

/** Where uploaded media (images, lesson videos) are kept. */
export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      /** The S3 API's origin; undefined for AWS itself (from the region). */
      endpoint: string | undefined;
      /** Bucket in the path (`endpoint/bucket/key`) rather than the host name: MinIO and most self-hosted stores. */
      forcePathStyle: boolean;
      /** Folder inside the bucket every key lives under: '' or ending with '/'. */
      prefix: string;
      accessKeyId: string;
      secretAccessKey: Secret;
    };

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  mediaDir: string;
  /** Local disk (`mediaDir`, the default) or an S3-compatible bucket (S3_ variables). */
  storage: StorageConfig;
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
  registrationsPerIpPerHour: number;
  /** Page renders one client address may cause per minute (lib/render-budget.ts); 0: no budget. */
  rendersPerIpPerMinute: number;
  maxVideoBytes: number;
  /** HMAC key of uploaded-video stream links (links die with the process when it was generated). */
  mediaSigningSecret: string;
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

/** Parse the environment once; every problem is listed together. */
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
    registrationsPerIpPerHour: env.REGISTRATIONS_PER_IP_PER_HOUR,
    rendersPerIpPerMinute: env.RENDERS_PER_IP_PER_MINUTE,
    maxVideoBytes: env.MAX_VIDEO_BYTES,
    mediaSigningSecret: env.MEDIA_SIGNING_SECRET ?? randomBytes(32).toString('hex'),
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

/**
 * Any S3_ variable chooses S3-compatible storage; then each one it cannot do without and that is
 * missing is listed, so half a configuration stops the start rather than falling back to the disk.
 */
function s3Problems(raw: Record<string, string | undefined>): string[] {
  const set = S3_VARIABLES.filter((name) => raw[name] !== undefined);
  if (set.length === 0) return [];
  const missing = S3_REQUIRED.filter((name) => raw[name] === undefined);
  return missing.map(
    (name) =>
      `${name}: required because ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (S3-compatible storage needs ${S3_REQUIRED.join(', ')}; set none of the S3_ variables to keep media on local disk)`,
  );
}

function storageConfig(env: Env, mediaDir: string): StorageConfig {
  const { S3_BUCKET: bucket, S3_REGION: region, S3_ACCESS_KEY_ID: keyId, S3_SECRET_ACCESS_KEY: secret } = env;
  if (!bucket || !region || !keyId || !secret) return { kind: 'local', dir: mediaDir };
  const prefix = env.S3_PREFIX ? env.S3_PREFIX.replace(/\/?$/, '/') : '';
  return {
    kind: 's3',
    bucket,
    region,
    endpoint: env.S3_ENDPOINT,
    forcePathStyle: env.S3_FORCE_PATH_STYLE ?? false,
    prefix,
    accessKeyId: keyId,
    secretAccessKey: new Secret(secret),
  };
}

export const TRUST_PROXY_TRUE_MESSAGE =
  'TRUST_PROXY=true would trust any X-Forwarded-For a client writes: set the number of proxies in front of the site (TRUST_PROXY=1) or their addresses (TRUST_PROXY=127.0.0.1,10.0.0.0/8)';

/**
 * TRUST_PROXY as Fastify's `trustProxy` takes it. A hop count or the proxies' addresses make the
 * client address the one the last trusted proxy saw; whatever a client writes further left in
 * X-Forwarded-For is ignored.
 */
function parseTrustProxy(
  value: string | undefined,
): { ok: true; value: false | number | string[] } | { ok: false; messages: string[] } {
  const text = value?.trim().toLowerCase() ?? '';
  if (text === '' || text === 'false' || text === '0' || text === 'no') return { ok: true, value: false };
  if (text === 'true' || text === 'yes') return { ok: false, messages: [TRUST_PROXY_TRUE_MESSAGE] };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= MAX_PROXY_HOPS) return { ok: true, value: hops };
    // Every hop past the real proxies is a client's own entry: a large count trusts whatever it writes.
    return {
      ok: false,
      messages: [
        `${text} proxies is more than a site has in front of it (at most ${MAX_PROXY_HOPS}), and a count above the real one lets clients write their own address: set the number of proxies (TRUST_PROXY=1 for one nginx or Caddy), or list their addresses`,
      ],
    };
  }
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const invalid = entries.filter((entry) => !isAddressOrRange(entry));
  if (entries.length === 0 || invalid.length > 0)
    return {
      ok: false,
      messages: [
        `not a number of proxies nor a list of IP addresses or CIDR ranges (${invalid.join(', ') || value}); e.g. TRUST_PROXY=1 or TRUST_PROXY=127.0.0.1,10.0.0.0/8`,
      ],
    };
  const messages = entries.flatMap((entry) => {
    const problem = proxyRangeProblem(entry);
    return problem ? [`${entry}: ${problem}`] : [];
  });
  return messages.length > 0 ? { ok: false, messages } : { ok: true, value: entries };
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/** An interface of this machine alone: localhost, 127.0.0.0/8 or ::1. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/^\[|\]$/g, '');
  if (name === 'localhost' || name === '::1') return true;
  return isIP(name) === 4 && name.startsWith('127.');
}

/**
 * A site served to others: SITE_URL is set to an address this machine alone cannot stand for
 * (localhost, *.localhost, 127.0.0.0/8 and ::1 can). False for an unset or unreadable SITE_URL.
 */
function isPublicSiteUrl(url: string | undefined): boolean {
  if (!url || !URL.canParse(url)) return false;
  const host = new URL(url).hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return false;
  if (isIP(host) === 4) return !host.startsWith('127.');
  return host !== '::1';
}

/**
 * Settings that are fine for a demo on this machine but unsafe once the site is public: each one
 * is listed, so the owner fixes them all in one go.
 */
function publicSiteProblems(raw: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  const site = `SITE_URL=${raw.SITE_URL} is a public address`;
  if (raw.PAYMENT_PROVIDER === undefined)
    problems.push(
      `PAYMENT_PROVIDER: required because ${site}; without it payments run in the built-in sandbox, where anyone enrols without paying. Set PAYMENT_PROVIDER=ziina or stripe (with their keys), or PAYMENT_PROVIDER=sandbox for a test site on purpose`,
    );
  if (raw.MEDIA_SIGNING_SECRET === undefined)
    problems.push(
      `MEDIA_SIGNING_SECRET: required because ${site}, so that video links survive restarts and work on every instance (at least 32 random characters, ${SECRET_RECIPE})`,
    );
  if (raw.SITE_URL && new URL(raw.SITE_URL).protocol !== 'https:')
    problems.push(
      `SITE_URL: must start with https:// because it is a public address (sign-in, passwords and payment returns travel over it)`,
    );
  return problems;
}
