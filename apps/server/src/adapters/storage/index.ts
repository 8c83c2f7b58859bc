import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
  /** Inclusive byte range when a range was asked for. */
  range?: { start: number; end: number };
}

/**
 * Where uploaded media live. Keys are relative paths such as `images/abc/640.webp`. The local-disk
 * implementation is the default; an S3-compatible store can implement the same four calls.
 */
export interface Storage {
  put(key: string, body: Buffer | Readable): Promise<{ size: number }>;
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  size(key: string): Promise<number | null>;
  /** Removes the object at `key`, or everything under it when it is a folder. */
  remove(key: string): Promise<void>;
}
