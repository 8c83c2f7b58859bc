import type { Readable } from 'node:stream';
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  DeleteObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  type GetObjectCommandOutput,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  UploadPartCommand,
} from '@aws-sdk/client-s3';
import { type Storage, StorageCheckError } from './index.ts';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** The S3 API's origin (R2, B2, MinIO…); undefined for AWS. */
  endpoint?: string;
  forcePathStyle?: boolean;
  /** Folder inside the bucket: '' or ending with '/'. */
  prefix?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Streams longer than this go up in parts of about this size (multipart upload), one part in
   * memory at a time. At least 5 MiB (the S3 minimum for all but the last part); default 8 MiB,
   * which carries a video up to 78 GB within S3's 10,000 parts.
   */
  partSize?: number;
}

const MIB = 1024 * 1024;
const DEFAULT_PART_SIZE = 8 * MIB;

/** Content types by extension, so that objects read right when looked at in the store itself. */
const CONTENT_TYPE: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  jpg: 'image/jpeg',
  png: 'image/png',
  mp4: 'video/mp4',
  webm: 'video/webm',
};

interface S3Error {
  name?: string;
  message?: string;
  code?: string;
  $metadata?: { httpStatusCode?: number };
}

const statusOf = (error: unknown) => (error as S3Error | null)?.$metadata?.httpStatusCode;
const isNotFound = (error: unknown) => {
  const name = (error as S3Error | null)?.name;
  return name === 'NoSuchKey' || name === 'NotFound' || statusOf(error) === 404;
};

/** Keys as local disk takes them: relative, `/`-separated, no `.` or `..` segment. */
function checkKey(key: string): void {
  const segments = key.split('/');
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || segments.some((s) => s === '.' || s === '..'))
    throw new Error(`Invalid storage key: ${key}`);
}

export type S3Storage = Storage & { client: S3Client; check(): Promise<void>; close(): Promise<void> };

/**
 * Storage in an S3-compatible bucket (AWS S3, Cloudflare R2, Backblaze B2, MinIO…) through the AWS
 * SDK v3. The bucket stays private: everything is read back through the server (see
 * docs/decisions/014-object-storage.md). A "folder" (an image's renditions) is every key under
 * `key/`, removed with a listing.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const partSize = Math.max(options.partSize ?? DEFAULT_PART_SIZE, 5 * MIB);
  const prefix = options.prefix ?? '';
  const Bucket = options.bucket;
  const client = new S3Client({
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle ?? false,
    // Only these credentials: never the machine's AWS profile, environment or instance role.
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // Checksums only where S3 requires them: several S3-compatible stores refuse the newer
    // CRC headers the SDK otherwise adds to every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
    // Each video being watched holds a connection while it streams: more than the SDK's 50.
    requestHandler: { connectionTimeout: 10_000, httpAgent: { maxSockets: 500 }, httpsAgent: { maxSockets: 500 } },
  });

  const fullKey = (key: string) => {
    checkKey(key);
    return `${prefix}${key}`;
  };
  const contentType = (key: string) =>
    CONTENT_TYPE[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';

  async function putBuffer(Key: string, body: Buffer, ContentType: string) {
    await client.send(new PutObjectCommand({ Bucket, Key, Body: body, ContentLength: body.length, ContentType }));
  }

  /**
   * A stream of unknown length: buffered up to one part; a short one is a single PUT, a longer one
   * a multipart upload whose parts go one at a time (the upload waits, so memory stays at one part).
   * Any failure aborts the multipart upload, so no parts are left behind to be billed.
   */
  async function putStream(Key: string, body: Readable, ContentType: string): Promise<number> {
    let uploadId: string | undefined;
    const parts: { ETag: string | undefined; PartNumber: number }[] = [];
    let pending: Buffer[] = [];
    let pendingBytes = 0;
    let total = 0;
    const flush = async () => {
      if (uploadId === undefined) {
        const created = await client.send(new CreateMultipartUploadCommand({ Bucket, Key, ContentType }));
        if (!created.UploadId) throw new Error('the store started a multipart upload without an id');
        uploadId = created.UploadId;
      }
      const data = Buffer.concat(pending, pendingBytes);
      pending = [];
      pendingBytes = 0;
      const PartNumber = parts.length + 1;
      const part = await client.send(
        new UploadPartCommand({ Bucket, Key, UploadId: uploadId, PartNumber, Body: data, ContentLength: data.length }),
      );
      parts.push({ ETag: part.ETag, PartNumber });
    };
    try {
      for await (const chunk of body) {
        const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        pending.push(buffer);
        pendingBytes += buffer.length;
        total += buffer.length;
        if (pendingBytes >= partSize) await flush();
      }
      if (uploadId === undefined) {
        await putBuffer(Key, Buffer.concat(pending, pendingBytes), ContentType);
        return total;
      }
      if (pendingBytes > 0) await flush();
      await client.send(
        new CompleteMultipartUploadCommand({ Bucket, Key, UploadId: uploadId, MultipartUpload: { Parts: parts } }),
      );
      return total;
    } catch (error) {
      body.destroy();
      if (uploadId !== undefined)
        await client.send(new AbortMultipartUploadCommand({ Bucket, Key, UploadId: uploadId })).catch(() => {});
      throw error;
    }
  }

  async function removeUnder(folder: string) {
    let ContinuationToken: string | undefined;
    do {
      const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: folder, ContinuationToken }));
      const keys = (page.Contents ?? []).flatMap((object) => (object.Key ? [{ Key: object.Key }] : []));
      if (keys.length > 0) {
        const result = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: keys, Quiet: true } }));
        const failed = result.Errors ?? [];
        if (failed.length > 0)
          throw new Error(`could not delete ${failed.length} object(s) under ${folder}: ${failed[0]?.Code ?? ''}`);
      }
      ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (ContinuationToken);
  }

  return {
    client,
    async put(key, body) {
      const Key = fullKey(key);
      if (Buffer.isBuffer(body)) {
        await putBuffer(Key, body, contentType(key));
        return { size: body.length };
      }
      return { size: await putStream(Key, body, contentType(key)) };
    },

    async get(key, range) {
      const Key = fullKey(key);
      const Range = range ? `bytes=${range.start}-${range.end ?? ''}` : undefined;
      let answer: GetObjectCommandOutput;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket, Key, Range }));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      // In Node the body is the HTTP response itself: reading it streams from the store.
      const stream = answer.Body as Readable;
      if (!range) return { stream, size: answer.ContentLength ?? 0 };
      const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(answer.ContentRange ?? '');
      if (!match) {
        stream.destroy();
        throw new Error(`the store answered a range request without Content-Range (${Key})`);
      }
      return {
        stream,
        size: Number(match[3]),
        range: { start: Number(match[1]), end: Number(match[2]) },
      };
    },

    async size(key) {
      try {
        const head = await client.send(new HeadObjectCommand({ Bucket, Key: fullKey(key) }));
        return head.ContentLength ?? 0;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async remove(key) {
      const Key = fullKey(key);
      await client.send(new DeleteObjectCommand({ Bucket, Key }));
      await removeUnder(`${Key}/`);
    },

    async check() {
      const where = `bucket "${Bucket}"${options.endpoint ? ` at ${options.endpoint}` : ` in AWS region ${options.region}`}`;
      try {
        await client.send(new HeadBucketCommand({ Bucket }));
      } catch (error) {
        const status = statusOf(error);
        const reason =
          status === 403 || status === 401
            ? 'access denied: check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY and that the key may use this bucket'
            : status === 404
              ? 'no such bucket: create it first, or correct S3_BUCKET'
              : status === 301 || status === 400
                ? `the store refused the request (${status}): check S3_REGION, S3_ENDPOINT and S3_FORCE_PATH_STYLE`
                : `${(error as S3Error).name ?? 'Error'}: ${(error as S3Error).message ?? String(error)}${status ? ` (${status})` : ''}`;
        throw new StorageCheckError(`S3 storage: cannot use ${where}: ${reason}`, { cause: error });
      }
    },

    async close() {
      client.destroy();
    },
  };
}
