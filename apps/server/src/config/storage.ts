// Where uploaded media are kept: local disk, or an S3-compatible bucket when its variables are set.

import type { Env } from './env.ts';
import { Secret } from './secret.ts';

/** The S3_ variables that S3-compatible storage cannot do without. */
export const S3_REQUIRED = ['S3_BUCKET', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_VARIABLES = [...S3_REQUIRED, 'S3_ENDPOINT', 'S3_FORCE_PATH_STYLE', 'S3_PREFIX'] as const;

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

/**
 * Any S3_ variable chooses S3-compatible storage; then each one it cannot do without and that is
 * missing is listed, so half a configuration stops the start rather than falling back to the disk.
 */
export function s3Problems(raw: Record<string, string | undefined>): string[] {
  const set = S3_VARIABLES.filter((name) => raw[name] !== undefined);
  if (set.length === 0) return [];
  const missing = S3_REQUIRED.filter((name) => raw[name] === undefined);
  return missing.map(
    (name) =>
      `${name}: required because ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (S3-compatible storage needs ${S3_REQUIRED.join(', ')}; set none of the S3_ variables to keep media on local disk)`,
  );
}

export function storageConfig(env: Env, mediaDir: string): StorageConfig {
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
