// The archive's format: its name and version, the manifest that describes it, and the error an
// owner is shown as is.

import { z } from 'zod';

export const BACKUP_FORMAT = 'oasis-backup';
/** Raised when the archive's layout changes; a restore refuses archives of a later version. */
export const BACKUP_VERSION = 1;
/** A dump entry is cut after this many bytes: each is held in memory once while it is written. */
export const DUMP_PART_BYTES = 8 * 1024 * 1024;
export const FETCH_ROWS = 2000;
export const INSERT_ROWS = 1000;

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.number().int().positive(),
  createdAt: z.string(),
  engine: z.enum(['pglite', 'postgres']),
  migration: z.object({ count: z.number().int().nonnegative(), tag: z.string().nullable(), createdAt: z.number() }),
  /** Rows per table, in the order the dump holds them (parents before the tables that refer to them). */
  tables: z.record(z.string(), z.number().int().nonnegative()),
  media: z.object({
    files: z.number().int().nonnegative(),
    bytes: z.number().int().nonnegative(),
    /** Files the database refers to that storage did not have when the backup was made. */
    missing: z.array(z.string()),
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

/** Something the owner must act on: printed as is, without a stack trace. */
export class BackupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupError';
  }
}
