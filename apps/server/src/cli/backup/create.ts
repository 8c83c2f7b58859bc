// Writing an archive: the manifest, the tables in parts, the sequences and the media files.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/client.ts';
import { type ArchiveEntry, hashing, writeArchive } from './archive.ts';
import { BACKUP_FORMAT, BACKUP_VERSION, BackupError, DUMP_PART_BYTES, FETCH_ROWS, type Manifest } from './format.ts';
import { query, table, type Tx } from './sql.ts';
import { mediaKeys, rowCounts, sequences, tablesInOrder } from './catalogue.ts';
import { migrationLevel } from './migrations.ts';

export interface BackupResult {
  file: string;
  manifest: Manifest;
  bytes: number;
}

/** `oasis-backup-2026-05-01T09-30-00Z.tar.gz`: UTC, sortable, no colons (not allowed on every disk). */
export function archiveName(now = new Date()): string {
  return `oasis-backup-${now
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replaceAll(':', '-')}.tar.gz`;
}

/**
 * Writes one archive of the database and the media it refers to, from a single snapshot (a
 * repeatable-read, read-only transaction: on PostgreSQL the site may keep running meanwhile).
 * `out` is a folder (created when missing) or a file name ending in .tar.gz.
 */
export async function createBackup(options: {
  database: Database;
  storage: Storage;
  out: string;
  now?: Date;
}): Promise<BackupResult> {
  const { database, storage } = options;
  const now = options.now ?? new Date();
  const file = /\.t(ar\.)?gz$/.test(options.out) ? options.out : path.join(options.out, archiveName(now));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose another name.`);

  const manifest = await database.db.transaction(async (tx) => {
    await tx.execute(sql`set transaction isolation level repeatable read, read only`);
    const level = await migrationLevel(tx);
    if (!level) throw new BackupError('The database has no tables yet (never migrated): there is nothing to back up.');
    const tables = await tablesInOrder(tx);
    const counts = await rowCounts(tx, tables);
    const positions = await sequences(tx);
    const keys = await mediaKeys(tx);
    const present: { key: string; size: number }[] = [];
    const missing: string[] = [];
    for (const key of keys) {
      const size = await storage.size(key);
      if (size === null) missing.push(key);
      else present.push({ key, size });
    }
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      createdAt: now.toISOString(),
      engine: database.driver,
      migration: level,
      tables: counts,
      media: { files: present.length, bytes: present.reduce((sum, f) => sum + f.size, 0), missing },
    };
    const sums: [string, ReturnType<typeof createHash>][] = [];
    const tracked = (entry: ArchiveEntry): ArchiveEntry => {
      const hash = createHash('sha256');
      sums.push([entry.name, hash]);
      const body = Buffer.isBuffer(entry.body) ? [entry.body] : entry.body;
      return { ...entry, body: hashing(body as AsyncIterable<Buffer>, hash) };
    };
    const entries = async function* (): AsyncGenerator<ArchiveEntry> {
      const manifestJson = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
      yield tracked({ name: 'manifest.json', size: manifestJson.length, body: manifestJson });
      for (const name of tables) {
        let part = 0;
        let dumped = 0;
        for await (const chunk of dumpTable(tx, name)) {
          part++;
          dumped += chunk.rows;
          const partName = `database/${name}.${String(part).padStart(4, '0')}.ndjson`;
          yield tracked({ name: partName, size: chunk.data.length, body: chunk.data });
        }
        if (dumped !== counts[name])
          throw new Error(`${name}: counted ${counts[name]} rows, dumped ${dumped} (the snapshot moved?)`);
      }
      const positionsJson = Buffer.from(`${JSON.stringify(positions, null, 2)}\n`);
      yield tracked({ name: 'database/sequences.json', size: positionsJson.length, body: positionsJson });
      for (const { key } of present) {
        const object = await storage.get(key);
        if (!object)
          throw new BackupError(
            `The media file ${key} disappeared during the backup (deleted meanwhile?): run it again.`,
          );
        yield tracked({ name: `media/${key}`, size: object.size, body: object.stream });
      }
      const text = sums.map(([name, hash]) => `${hash.digest('hex')}  ${name}\n`).join('');
      yield { name: 'SHA256SUMS', size: Buffer.byteLength(text), body: Buffer.from(text) };
    };
    await writeArchive(file, entries());
    return manifest;
  });
  return { file, manifest, bytes: fs.statSync(file).size };
}

/** A table's rows as NDJSON parts of about DUMP_PART_BYTES, read through a cursor. */
async function* dumpTable(tx: Tx, name: string): AsyncGenerator<{ data: Buffer; rows: number }> {
  await tx.execute(
    sql`declare oasis_backup no scroll cursor for select to_jsonb(t)::text as row from ${table(name)} as t`,
  );
  try {
    let lines: string[] = [];
    let bytes = 0;
    for (;;) {
      const rows = await query<{ row: string }>(tx, sql.raw(`fetch forward ${FETCH_ROWS} from oasis_backup`));
      for (const { row } of rows) {
        lines.push(row);
        bytes += Buffer.byteLength(row) + 1;
      }
      if (bytes >= DUMP_PART_BYTES || (rows.length < FETCH_ROWS && lines.length)) {
        yield { data: Buffer.from(`${lines.join('\n')}\n`), rows: lines.length };
        lines = [];
        bytes = 0;
      }
      if (rows.length < FETCH_ROWS) return;
    }
  } finally {
    await tx.execute(sql`close oasis_backup`);
  }
}
