import type { StorageConfig } from '../../config.ts';
import type { Storage } from './index.ts';
import { createLocalDiskStorage } from './local-disk.ts';

/**
 * The storage the configuration chooses: local disk by default, an S3-compatible bucket when the
 * S3_ variables are set. The AWS SDK is loaded only then, so a site on local disk never loads it.
 */
export async function createStorage(config: StorageConfig): Promise<Storage> {
  if (config.kind === 'local') return createLocalDiskStorage(config.dir);
  const { createS3Storage } = await import('./s3.ts');
  return createS3Storage({
    bucket: config.bucket,
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    prefix: config.prefix,
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey.reveal(),
  });
}
