import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's one account: any other key is refused, as a real store would. */
export const S3_STAND_IN_KEY = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface S3StandIn {
  /** `http://127.0.0.1:{port}` */
  endpoint: string;
  /** A bucket made at start. */
  bucket: string;
  /** The S3_ variables that point the app at this store (path-style, its one account). */
  env(extra?: Record<string, string>): Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-protocol server on localhost (the `s3rver` package: objects on disk in a temporary
 * folder, signatures checked, ranges and multipart uploads), with one empty bucket.
 */
export async function startS3StandIn(bucket = 'oasis-test'): Promise<S3StandIn> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    env: (extra = {}) => ({
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      S3_ENDPOINT: endpoint,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: S3_STAND_IN_KEY.accessKeyId,
      S3_SECRET_ACCESS_KEY: S3_STAND_IN_KEY.secretAccessKey,
      ...extra,
    }),
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
