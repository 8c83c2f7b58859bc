// The environment's variables as zod parses them, with the rules for secrets.

import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { z } from 'zod';
import { parseTrustProxy } from './network.ts';
import { SECRET_RECIPE } from './secret.ts';

/**
 * The credentials' signing key as a private key object: a JWK (JSON) or a PEM. Throws when it is
 * neither, or not an Ed25519 or P-256 key (the two the credentials are signed with).
 */
export function parseSigningKey(value: string): KeyObject {
  const text = value.trim();
  const key = text.startsWith('{')
    ? createPrivateKey({ key: JSON.parse(text), format: 'jwk' })
    : createPrivateKey({ key: text.replace(/\\n/g, '\n'), format: 'pem' });
  return ofSigningCurve(key);
}

/**
 * CREDENTIAL_PREVIOUS_KEYS as public keys: each a JWK or a PEM, public or private (only the public
 * part is kept). Keys are separated by commas before a `{` or a `-----BEGIN`, since a JWK holds
 * commas of its own. Throws when one is not an Ed25519 or P-256 key.
 */
export function parsePreviousKeys(value: string): KeyObject[] {
  return value
    .split(/,\s*(?=\{|-----BEGIN)/)
    .map((part) => part.trim())
    .filter(Boolean)
    .map((text) =>
      ofSigningCurve(
        text.startsWith('{')
          ? createPublicKey({ key: JSON.parse(text), format: 'jwk' })
          : createPublicKey({ key: text.replace(/\\n/g, '\n'), format: 'pem' }),
      ),
    );
}

function ofSigningCurve(key: KeyObject): KeyObject {
  const curve = key.asymmetricKeyDetails?.namedCurve;
  if (key.asymmetricKeyType !== 'ed25519' && !(key.asymmetricKeyType === 'ec' && curve === 'prime256v1')) {
    throw new Error('not an Ed25519 or P-256 key');
  }
  return key;
}

function isSigningKey(value: string): boolean {
  try {
    parseSigningKey(value);
    return true;
  } catch {
    return false;
  }
}

function arePreviousKeys(value: string): boolean {
  try {
    return parsePreviousKeys(value).length > 0;
  } catch {
    return false;
  }
}

const SIGNING_KEY_PROBLEM =
  'must be an Ed25519 or P-256 private key, as a JWK or a PKCS8 PEM (openssl genpkey -algorithm ed25519)';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

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

export const envSchema = z.object({
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
  /**
   * The request header a trusted proxy or CDN puts the client's country in (e.g. `CF-IPCountry`),
   * recorded on orders; read only when TRUST_PROXY is set.
   */
  CLIENT_COUNTRY_HEADER: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9-]{1,64}$/, 'a header name: letters, digits and hyphens')
    .optional(),
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
  /**
   * Signs the Open Badges credentials of certificates: a private key as a JWK (Ed25519 or P-256)
   * or a PKCS8 PEM. Without it a key is made once and kept in the data folder (not on a public site).
   */
  CREDENTIAL_SIGNING_KEY: z.string().refine(isSigningKey, SIGNING_KEY_PROBLEM).optional(),
  /**
   * Keys that signed credentials before a rotation, kept in the published key set so those still
   * verify: comma-separated, each a public or private key (JWK or PEM), Ed25519 or P-256.
   */
  CREDENTIAL_PREVIOUS_KEYS: z
    .string()
    .refine(arePreviousKeys, 'must be Ed25519 or P-256 keys (public or private, JWK or PEM), separated by commas')
    .optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().default('Oasis <no-reply@localhost>'),
  CONTACT_EMAIL: z.email().optional(),
  PAYMENT_PROVIDER: z.enum(['sandbox', 'ziina', 'stripe']).default('sandbox'),
  E_INVOICING_PROVIDER: z.enum(['local']).default('local'),
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

export type Env = z.infer<typeof envSchema>;
