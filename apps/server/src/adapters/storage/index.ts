import type { Readable } from 'node:stream';

export interface StoredObject {
  stream: Readable;
  size: number;
  /** Inclusive byte range when a range was asked for. */
  range?: { start: number; end: number };
}

/**
 * Where uploaded media live. Keys are relative paths such as `images/abc/640.webp`. Local disk is
 * the default (`local-disk.ts`); an S3-compatible bucket (`s3.ts`) implements the same calls.
 * `create.ts` picks one from the configuration.
 */
export interface Storage {
  put(key: string, body: Buffer | Readable): Promise<{ size: number }>;
  get(key: string, range?: { start: number; end?: number }): Promise<StoredObject | null>;
  size(key: string): Promise<number | null>;
  /** Removes the object at `key`, or everything under it when it is a folder. */
  remove(key: string): Promise<void>;
  /** Makes sure the store can be used (reached, signed in, bucket there); throws a message saying what to fix. */
  check?(): Promise<void>;
  /** Releases connections at shutdown. */
  close?(): Promise<void>;
}

/** The store cannot be used (checked at start): the message says what to fix, without any secret. */
export class StorageCheckError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StorageCheckError';
  }
}
