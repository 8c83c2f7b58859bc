import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  /** Public address of the site, used in e-mails, canonical links, sitemap and payment return URLs. */
  SITE_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Seed demo content into an empty database at start. */
  SEED_DEMO: bool.default(true),
  TRUST_PROXY: bool.default(false),
  MAX_VIDEO_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 3),
  /** Signs the short-lived links of uploaded lesson videos; a random one per process when unset. */
  MEDIA_SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  siteUrl: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl: string | undefined;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  trustProxy: boolean;
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
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const raw = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(raw);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
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
  if (problems.length) throw new ConfigError(problems);

  const dataDir = path.resolve(env.DATA_DIR);
  const localHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    siteUrl: (env.SITE_URL ?? `http://${localHost}:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    databaseUrl: env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO,
    trustProxy: env.TRUST_PROXY,
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
