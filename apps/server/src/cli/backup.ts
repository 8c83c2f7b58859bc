// `npm run backup` and `npm run restore -- <archive>`: one .tar.gz holding a logical dump of the
// database and the uploaded media, for the embedded database (PGlite) and PostgreSQL alike (see
// docs/decisions/015-backups.md). Like `npm run admin`, it runs as compiled JavaScript with plain
// node on the configured database (DATABASE_URL, or the embedded one in DATA_DIR, which the site
// must not have open: the data-dir lock refuses with the same message).
//
// The archive (backup-archive.ts), in this order:
//   manifest.json                    format version, engine, migration level, rows per table, files
//   database/<table>.<part>.ndjson   one row a line (to_jsonb), tables parents first
//   database/sequences.json          the sequences' positions
//   media/<storage key>              every file the media table refers to
//   SHA256SUMS                       of every entry above (`sha256sum -c` reads it once extracted)
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { type SQL, sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { z } from 'zod';
import { type Storage, StorageCheckError } from '../adapters/storage/index.ts';
import { createStorage } from '../adapters/storage/create.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import {
  appliedMigrations,
  type Database,
  type Db,
  migrationJournal,
  migrationsFolder,
  openDatabase,
  rows,
} from '../db/client.ts';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.ts';
import { holdOutbound } from '../modules/mail/outbox.ts';
import { IMAGE_FORMAT_EXT } from '../modules/media/service.ts';
import { ArchiveError, type ArchiveEntry, hashing, readArchive, writeArchive } from './backup-archive.ts';
import { type CliIo, describeLockError, parseOrExplain } from './cli-database.ts';

export { ArchiveError } from './backup-archive.ts';

export const BACKUP_FORMAT = 'oasis-backup';
/** Raised when the archive's layout changes; a restore refuses archives of a later version. */
export const BACKUP_VERSION = 1;
/** A dump entry is cut after this many bytes: each is held in memory once while it is written. */
const DUMP_PART_BYTES = 8 * 1024 * 1024;
const FETCH_ROWS = 2000;
const INSERT_ROWS = 1000;

export const USAGE = `Usage:
  npm run backup [-- --out <folder or file.tar.gz>]
      Writes oasis-backup-<UTC time>.tar.gz (the database and the uploaded media) into --out,
      else BACKUP_DIR, else ./backups.
  npm run restore -- <archive> [--force]
      Restores an archive into an empty database and media folder. --force replaces what is
      there (the command says what first).

The database is the one the server uses (DATABASE_URL, or the embedded database in DATA_DIR). With
the embedded database the site must be stopped; stop it for a restore on PostgreSQL too.`;

const manifestSchema = z.object({
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

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
type Runner = Db | Tx;

const query = rows;

const ident = (name: string) => sql.identifier(name);
const table = (name: string) => sql`${ident('public')}.${ident(name)}`;

// ---------------------------------------------------------------- migrations

interface Migration {
  tag: string;
  when: number;
  hash: string;
  statements: string[];
}

/** The migrations this code knows, oldest first (the same files and hashes drizzle's migrator uses). */
export function codeMigrations(): Migration[] {
  const journal = migrationJournal();
  return readMigrationFiles({ migrationsFolder }).map((migration, index) => ({
    tag: journal[index]?.tag ?? String(index),
    when: migration.folderMillis,
    hash: migration.hash,
    statements: migration.sql,
  }));
}

type Level = Manifest['migration'];

/** The migrations applied to a database, as drizzle's migrator records them; null for none. */
async function migrationLevel(db: Runner): Promise<Level | null> {
  const applied = await appliedMigrations(db);
  if (!applied) return null;
  return {
    count: applied.count,
    tag: codeMigrations().find((m) => m.when === applied.last)?.tag ?? null,
    createdAt: applied.last,
  };
}

/** Refuses an archive whose schema this code cannot rebuild (made by a newer or another version). */
function checkLevel(level: Level, migrations: Migration[]): void {
  const last = migrations.at(-1);
  const name = level.tag ?? `migration ${level.count}`;
  if (!last || level.createdAt > last.when)
    throw new BackupError(
      `The archive was made by a newer version of Oasis: its database is at ${name} (${level.count} migrations), and this code knows ${migrations.length} (up to ${last?.tag ?? 'none'}). Update Oasis to the version that made the backup, then restore.`,
    );
  if (!migrations.some((m) => m.when === level.createdAt))
    throw new BackupError(
      `The archive's database is at a migration this code does not know (${name}, made ${new Date(level.createdAt).toISOString()}): restore it with the version of Oasis that made it.`,
    );
}

/** Applies the migrations after `from` up to `to` (timestamps), recording them as drizzle does. */
async function applyMigrations(tx: Tx, migrations: Migration[], from: number, to: number): Promise<void> {
  await tx.execute(sql`create schema if not exists drizzle`);
  await tx.execute(
    sql`create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)`,
  );
  for (const migration of migrations) {
    if (migration.when <= from || migration.when > to) continue;
    for (const statement of migration.statements) await tx.execute(sql.raw(statement));
    await tx.execute(
      sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${migration.hash}, ${migration.when})`,
    );
  }
}

// ---------------------------------------------------------------- the catalogue

/** The tables of schema public, parents before the tables whose foreign keys refer to them. */
async function tablesInOrder(db: Runner): Promise<string[]> {
  const tables = await query<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') order by c.relname`,
  );
  const links = await query<{ child: string; parent: string }>(
    db,
    sql`select child.relname as child, parent.relname as parent from pg_constraint co
        join pg_class child on child.oid = co.conrelid
        join pg_class parent on parent.oid = co.confrelid
        join pg_namespace n on n.oid = child.relnamespace
        where co.contype = 'f' and n.nspname = 'public' and co.conrelid <> co.confrelid`,
  );
  const names = tables.map((t) => t.name);
  const parents = new Map(names.map((name) => [name, new Set<string>()]));
  for (const link of links) parents.get(link.child)?.add(link.parent);
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter(
      (name) => !placed.has(name) && [...(parents.get(name) ?? [])].every((p) => placed.has(p)),
    );
    if (!ready.length) throw new BackupError('The tables refer to each other in a cycle: no order to restore them in.');
    for (const name of ready) {
      ordered.push(name);
      placed.add(name);
    }
  }
  return ordered;
}

async function rowCounts(db: Runner, tables: string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const name of tables) {
    const [row] = await query<{ count: number | string }>(db, sql`select count(*) as count from ${table(name)}`);
    counts[name] = Number(row?.count ?? 0);
  }
  return counts;
}

async function sequences(db: Runner): Promise<Record<string, { lastValue: string; isCalled: boolean }>> {
  const names = await query<{ name: string }>(
    db,
    sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'S' order by c.relname`,
  );
  const result: Record<string, { lastValue: string; isCalled: boolean }> = {};
  for (const { name } of names) {
    const [row] = await query<{ last_value: string; is_called: boolean }>(
      db,
      sql`select last_value::text as last_value, is_called from ${table(name)}`,
    );
    if (row) result[name] = { lastValue: row.last_value, isCalled: row.is_called };
  }
  return result;
}

interface MediaRowKeys {
  kind: string;
  key: string;
  widths: number[] | null;
  formats: string[] | null;
}

/**
 * The storage keys of every stored file, from the media table: the Storage interface has no
 * listing, and the table is the index of what the site stored (images keep one file per width and
 * format under their key, a video is one file). Files nothing records are not backed up.
 */
async function mediaKeys(db: Runner): Promise<string[]> {
  const [exists] = await query<{ found: boolean }>(db, sql`select to_regclass('public.media') is not null as found`);
  if (!exists?.found) return [];
  const rows = await query<MediaRowKeys>(db, sql`select kind::text as kind, key, widths, formats from public.media`);
  const keys = new Set<string>();
  for (const row of rows) {
    if (row.kind !== 'image') {
      keys.add(row.key);
      continue;
    }
    for (const width of row.widths ?? [])
      for (const format of row.formats ?? [])
        keys.add(`${row.key}/${width}.${IMAGE_FORMAT_EXT[format as keyof typeof IMAGE_FORMAT_EXT] ?? format}`);
  }
  return [...keys].sort();
}

// ---------------------------------------------------------------- backup

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

// ---------------------------------------------------------------- checking an archive

export interface VerifiedArchive {
  file: string;
  manifest: Manifest;
  /** SHA-256 of every entry, checked against SHA256SUMS. */
  sums: Map<string, string>;
  /** The storage keys of the media files it holds. */
  mediaKeys: string[];
}

const PART_NAME = /^database\/([a-z_][a-z0-9_$]*)\.(\d{4,})\.ndjson$/;

function mediaKeyOf(name: string): string | null {
  if (!name.startsWith('media/')) return null;
  const key = name.slice('media/'.length);
  const segments = key.split('/');
  if (!segments.every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..')) return null;
  return key;
}

async function collect(body: AsyncIterable<Buffer>, limit: number, name: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    size += chunk.length;
    if (size > limit) throw new ArchiveError(`${name} is larger than an Oasis backup writes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/**
 * Reads the whole archive once without changing anything: gzip and tar integrity, every entry
 * against SHA256SUMS, row and file counts against the manifest, and the migration level against
 * this code. Throws ArchiveError (damaged, cut off, not a backup) or BackupError (cannot be
 * restored by this version).
 */
export async function verifyArchive(file: string): Promise<VerifiedArchive> {
  const sums = new Map<string, string>();
  const rows = new Map<string, number>();
  let manifest: Manifest | null = null;
  let listed: string | null = null;
  const mediaFiles: string[] = [];
  let sequencesSeen = false;
  for await (const entry of readArchive(file)) {
    if (listed !== null) throw new ArchiveError(`unexpected entry ${entry.name} after SHA256SUMS`);
    if (sums.has(entry.name)) throw new ArchiveError(`${entry.name} appears twice`);
    if (!manifest) {
      if (entry.name !== 'manifest.json')
        throw new ArchiveError('it is not an Oasis backup (it does not start with manifest.json)');
      const data = await collect(entry.body, 1024 * 1024, entry.name);
      manifest = parseManifest(data);
      checkLevel(manifest.migration, codeMigrations());
      sums.set(entry.name, sha256(data));
      continue;
    }
    if (entry.name === 'SHA256SUMS') {
      listed = (await collect(entry.body, 64 * 1024 * 1024, entry.name)).toString('utf8');
      continue;
    }
    const hash = createHash('sha256');
    const part = PART_NAME.exec(entry.name);
    if (part) {
      const tableName = part[1] as string;
      if (!(tableName in manifest.tables)) throw new ArchiveError(`${entry.name}: a table the manifest does not list`);
      const data = await collect(entry.body, DUMP_PART_BYTES * 4, entry.name);
      hash.update(data);
      rows.set(tableName, (rows.get(tableName) ?? 0) + countRows(data, entry.name));
    } else if (entry.name === 'database/sequences.json') {
      const data = await collect(entry.body, 16 * 1024 * 1024, entry.name);
      hash.update(data);
      parseJson(data, entry.name);
      sequencesSeen = true;
    } else if (mediaKeyOf(entry.name)) {
      for await (const chunk of entry.body) hash.update(chunk);
      mediaFiles.push(mediaKeyOf(entry.name) as string);
    } else {
      throw new ArchiveError(`unexpected entry ${entry.name}`);
    }
    sums.set(entry.name, hash.digest('hex'));
  }
  if (!manifest) throw new ArchiveError('the archive is empty');
  if (listed === null) throw new ArchiveError('the file ends early: SHA256SUMS, its last entry, is missing');
  const expected = new Map<string, string>();
  for (const line of listed.split('\n').filter(Boolean)) {
    const match = /^([0-9a-f]{64}) {2}(.+)$/.exec(line);
    if (!match) throw new ArchiveError('SHA256SUMS is damaged');
    expected.set(match[2] as string, match[1] as string);
  }
  for (const [name, hash] of sums) {
    const wanted = expected.get(name);
    if (!wanted) throw new ArchiveError(`${name} is not listed in SHA256SUMS`);
    if (wanted !== hash) throw new ArchiveError(`${name} is damaged (its SHA-256 does not match SHA256SUMS)`);
  }
  for (const name of expected.keys()) if (!sums.has(name)) throw new ArchiveError(`${name} is missing`);
  for (const [name, count] of Object.entries(manifest.tables)) {
    if ((rows.get(name) ?? 0) !== count)
      throw new ArchiveError(`the table ${name} holds ${rows.get(name) ?? 0} rows, the manifest says ${count}`);
  }
  if (!sequencesSeen) throw new ArchiveError('database/sequences.json is missing');
  if (mediaFiles.length !== manifest.media.files)
    throw new ArchiveError(`it holds ${mediaFiles.length} media files, the manifest says ${manifest.media.files}`);
  return { file, manifest, sums, mediaKeys: mediaFiles };
}

function parseManifest(data: Buffer): Manifest {
  const json = parseJson(data, 'manifest.json') as { format?: unknown; version?: unknown };
  if (json?.format !== BACKUP_FORMAT) throw new ArchiveError('it is not an Oasis backup (manifest.json is not ours)');
  if (typeof json.version === 'number' && json.version > BACKUP_VERSION)
    throw new BackupError(
      `The archive was written by a newer version of Oasis (backup format ${json.version}; this one reads up to ${BACKUP_VERSION}). Update Oasis, then restore.`,
    );
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) throw new ArchiveError(`manifest.json is damaged (${parsed.error.issues[0]?.message})`);
  return parsed.data;
}

function parseJson(data: Buffer, name: string): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    throw new ArchiveError(`${name} is damaged (not JSON)`);
  }
}

function countRows(data: Buffer, name: string): number {
  const text = data.toString('utf8');
  if (text.length && !text.endsWith('\n')) throw new ArchiveError(`${name} is damaged (its last row is cut off)`);
  return text.length ? text.split('\n').length - 1 : 0;
}

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

// ---------------------------------------------------------------- restoring

export interface TargetState {
  /** Rows per table of schema public (the tables that hold any). */
  rows: Record<string, number>;
  /** Files the database refers to that storage has. */
  referencedFiles: string[];
  /** Files of the archive that storage has already (with S3 the only other way to see a used bucket). */
  archiveFilesPresent: string[];
  /** Files in the local media folder (local-disk storage only). */
  localFiles: string[];
}

/** What the target holds now: what a restore of `archiveKeys` would replace. */
export async function inspectTarget(
  database: Database,
  storage: Storage,
  localMediaDir: string | undefined,
  archiveKeys: string[],
): Promise<TargetState> {
  const counts = await rowCounts(database.db, await tablesInOrder(database.db));
  const rows = Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0));
  const referencedFiles: string[] = [];
  for (const key of await mediaKeys(database.db)) if ((await storage.size(key)) !== null) referencedFiles.push(key);
  const archiveFilesPresent: string[] = [];
  for (const key of archiveKeys) if ((await storage.size(key)) !== null) archiveFilesPresent.push(key);
  return { rows, referencedFiles, archiveFilesPresent, localFiles: localMediaDir ? listFiles(localMediaDir) : [] };
}

function listFiles(root: string, under = ''): string[] {
  const dir = path.join(root, under);
  if (!fs.existsSync(dir)) return [];
  const entries = fs
    .readdirSync(dir, { withFileTypes: true, encoding: 'utf8' })
    .sort((a, b) => a.name.localeCompare(b.name));
  const files: string[] = [];
  for (const entry of entries) {
    const key = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...listFiles(root, key));
    else files.push(key);
  }
  return files;
}

export function isEmpty(state: TargetState): boolean {
  return (
    Object.keys(state.rows).length === 0 &&
    state.referencedFiles.length === 0 &&
    state.archiveFilesPresent.length === 0 &&
    state.localFiles.length === 0
  );
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

export function describeTarget(state: TargetState): string {
  const total = Object.values(state.rows).reduce((sum, n) => sum + n, 0);
  const tables = Object.entries(state.rows)
    .sort(([, a], [, b]) => b - a)
    .map(([name, n]) => `${name} ${n.toLocaleString('en')}`)
    .join(', ');
  const stored = new Set([...state.referencedFiles, ...state.archiveFilesPresent]);
  const files = Math.max(state.localFiles.length, stored.size);
  const parts = [
    total ? `${plural(total, 'row')} in ${plural(Object.keys(state.rows).length, 'table')} (${tables})` : 'no rows',
    files ? plural(files, 'media file') : 'no media files',
  ];
  return parts.join(' and ');
}

export function describeArchive(manifest: Manifest): string {
  const rows = Object.values(manifest.tables).reduce((sum, n) => sum + n, 0);
  return `${plural(rows, 'row')} and ${plural(manifest.media.files, 'media file')}, made ${manifest.createdAt} from ${
    manifest.engine === 'pglite' ? 'the embedded database' : 'PostgreSQL'
  } at migration ${manifest.migration.tag ?? manifest.migration.count}`;
}

export interface RestoreResult {
  manifest: Manifest;
  replaced: TargetState;
  /** Old media files removed (those of the replaced content that the archive does not hold). */
  removedFiles: number;
  /** E-mails waiting in the restored outbox: held, with everything queued later, until released. */
  heldMail: number;
}

/**
 * Restores a verified archive: every media file is put into storage, and in one transaction the
 * database is emptied, rebuilt by the migrations up to the archive's level, loaded, checked
 * against the manifest's counts and migrated to this code's level. Anything failing rolls the
 * transaction back and removes the files it added: the target stays as it was. Only once that
 * has committed are the replaced content's own files removed.
 *
 * The restored site sends no e-mail until the operator releases it (`npm run outbox -- release`):
 * the outbox's waiting messages, and the backup's people, belong to a site that may still be running
 * or may already have sent them.
 */
export async function restoreBackup(
  archive: VerifiedArchive,
  target: { database: Database; storage: Storage; localMediaDir?: string },
  options: { force?: boolean; onReplace?: (state: TargetState) => void } = {},
): Promise<RestoreResult> {
  const { database, storage } = target;
  const { manifest } = archive;
  const migrations = codeMigrations();
  checkLevel(manifest.migration, migrations);
  const state = await inspectTarget(database, storage, target.localMediaDir, archive.mediaKeys);
  if (!isEmpty(state) && !options.force)
    throw new BackupError(
      `The target is not empty: it holds ${describeTarget(state)}. Restoring replaces all of it with the archive's ${describeArchive(manifest)}. To replace it, run the command again with --force (take a backup of it first: npm run backup).`,
    );
  if (!isEmpty(state)) options.onReplace?.(state);

  const added: string[] = [];
  const restoredKeys = new Set<string>();
  const latest = migrations.at(-1)?.when ?? 0;
  let heldMail = 0;
  try {
    await database.db.transaction(async (tx) => {
      await dropEverything(tx);
      await applyMigrations(tx, migrations, -1, manifest.migration.createdAt);
      const columns = new Map<string, SQL>();
      let loaded = false;
      for await (const entry of readArchive(archive.file)) {
        const hash = createHash('sha256');
        const body = hashing(entry.body, hash);
        const part = PART_NAME.exec(entry.name);
        const key = mediaKeyOf(entry.name);
        if (part) {
          const name = part[1] as string;
          if (!columns.has(name)) columns.set(name, await insertableColumns(tx, name));
          await loadRows(tx, name, columns.get(name) as SQL, await collect(body, DUMP_PART_BYTES * 4, entry.name));
        } else if (entry.name === 'database/sequences.json') {
          const positions = JSON.parse((await collect(body, 16 * 1024 * 1024, entry.name)).toString('utf8')) as Record<
            string,
            { lastValue: string; isCalled: boolean }
          >;
          for (const [name, position] of Object.entries(positions))
            await tx.execute(
              sql`select setval(format('%I.%I', 'public', ${name}::text)::regclass, ${position.lastValue}::bigint, ${position.isCalled})`,
            );
        } else if (key) {
          if (!loaded) {
            await checkLoaded(tx, manifest);
            loaded = true;
          }
          const existed = (await storage.size(key)) !== null;
          if (!existed) added.push(key);
          await storage.put(key, Readable.from(body));
          restoredKeys.add(key);
        } else {
          for await (const _ of body) {
            // manifest.json and SHA256SUMS: only their checksums matter here.
          }
        }
        if (entry.name !== 'SHA256SUMS' && hash.digest('hex') !== archive.sums.get(entry.name))
          throw new ArchiveError(`${entry.name} changed since the archive was checked`);
      }
      if (!loaded) await checkLoaded(tx, manifest);
      await applyMigrations(tx, migrations, manifest.migration.createdAt, latest);
      await holdOutbound(tx, `restore of ${path.basename(archive.file)}`);
      const [waiting] = await query<{ count: number | string }>(
        tx,
        sql`select count(*) as count from ${table('outbox')} where status = 'pending'`,
      );
      heldMail = Number(waiting?.count ?? 0);
    });
  } catch (error) {
    for (const key of added) await storage.remove(key).catch(() => {});
    throw error;
  }

  // The replaced content's files that the archive does not hold.
  let removedFiles = 0;
  const old = new Set([...state.referencedFiles, ...state.localFiles]);
  for (const key of old) {
    if (restoredKeys.has(key)) continue;
    await storage.remove(key).catch(() => {});
    removedFiles++;
  }
  if (target.localMediaDir) removeEmptyFolders(target.localMediaDir);
  return { manifest, replaced: state, removedFiles, heldMail };
}

/** Drops what the migrations make (and anything else in schema public), so that they run again. */
async function dropEverything(tx: Tx): Promise<void> {
  const objects = async (kinds: string) =>
    (
      await query<{ name: string }>(
        tx,
        sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind = any(string_to_array(${kinds}, ','))`,
      )
    ).map((r) => r.name);
  const drop = async (what: string, names: string[]) => {
    if (names.length)
      await tx.execute(sql`drop ${sql.raw(what)} if exists ${sql.join(names.map(table), sql`, `)} cascade`);
  };
  await drop('view', await objects('v'));
  await drop('materialized view', await objects('m'));
  await drop('table', await objects('r,p,f'));
  await drop('sequence', await objects('S'));
  const types = await query<{ name: string }>(
    tx,
    sql`select t.typname as name from pg_type t join pg_namespace n on n.oid = t.typnamespace
        where n.nspname = 'public' and t.typtype in ('e', 'd') `,
  );
  await drop(
    'type',
    types.map((t) => t.name),
  );
  await tx.execute(sql`drop table if exists drizzle.__drizzle_migrations`);
}

/** The columns an INSERT can write (generated ones are computed again). */
async function insertableColumns(tx: Tx, name: string): Promise<SQL> {
  const columns = await query<{ name: string }>(
    tx,
    sql`select attname as name from pg_attribute
        where attrelid = format('%I.%I', 'public', ${name}::text)::regclass and attnum > 0 and not attisdropped and attgenerated = ''
        order by attnum`,
  );
  if (!columns.length) throw new ArchiveError(`the table ${name} does not exist at the archive's migration level`);
  return sql.join(
    columns.map((c) => ident(c.name)),
    sql`, `,
  );
}

async function loadRows(tx: Tx, name: string, columns: SQL, data: Buffer): Promise<void> {
  const lines = data.toString('utf8').split('\n');
  lines.pop();
  for (let at = 0; at < lines.length; at += INSERT_ROWS) {
    const batch = `[${lines.slice(at, at + INSERT_ROWS).join(',')}]`;
    await tx.execute(
      sql`insert into ${table(name)} (${columns}) overriding system value
          select ${columns} from jsonb_populate_recordset(null::${table(name)}, ${batch}::jsonb)`,
    );
  }
}

/** Every table holds what the manifest counted. */
async function checkLoaded(tx: Tx, manifest: Manifest): Promise<void> {
  const counts = await rowCounts(tx, Object.keys(manifest.tables));
  for (const [name, count] of Object.entries(manifest.tables)) {
    if (counts[name] !== count) throw new Error(`${name}: restored ${counts[name]} rows, the archive holds ${count}`);
  }
}

function removeEmptyFolders(dir: string, root = true): void {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) removeEmptyFolders(path.join(dir, entry.name), false);
  }
  if (!root && fs.readdirSync(dir).length === 0) fs.rmdirSync(dir);
}

// ---------------------------------------------------------------- the command

export type { CliIo };

/**
 * The media storage the server uses, from the configuration (local disk, or an S3-compatible
 * bucket): backup and restore go through the Storage interface alone, so they work with any
 * adapter. `localDir` is set for local disk only: a restore then also counts, and replaces, files
 * in the folder that the database does not refer to.
 */
export async function openStorage(config: Config): Promise<{ storage: Storage; localDir?: string }> {
  const storage = await createStorage(config.storage);
  await storage.check?.();
  return { storage, localDir: config.storage.kind === 'local' ? config.storage.dir : undefined };
}

const pgliteDir = (config: Config) => path.join(config.dataDir, 'pglite');

/** Runs `backup` or `restore`; returns the process exit code. Paths typed by the owner are taken
 * from the folder npm was run in (INIT_CWD). */
export async function runBackupCommand(argv: string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const parsed = parseOrExplain(parseCli, argv, USAGE, io);
  if (!parsed) return 2;
  const [command, ...rest] = parsed.positionals;
  if (parsed.values.help || !command) {
    (parsed.values.help ? io.out : io.err)(USAGE);
    return parsed.values.help ? 0 : 2;
  }
  let config: Config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  const typed = (p: string) => path.resolve(env.INIT_CWD ?? process.cwd(), p);
  try {
    if (command === 'backup') {
      if (rest.length) throw new UsageError(`Unexpected argument: ${rest[0]}`);
      const out = parsed.values.out ? typed(parsed.values.out) : path.resolve(env.BACKUP_DIR || 'backups');
      return await backupCommand(config, out, io);
    }
    if (command === 'restore') {
      if (rest.length !== 1)
        throw new UsageError(rest.length ? `Unexpected argument: ${rest[1]}` : 'restore needs the archive to restore.');
      return await restoreCommand(config, typed(rest[0] as string), Boolean(parsed.values.force), io);
    }
    throw new UsageError(`Unknown command: ${command}`);
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof DataDirInUseError) {
      io.err(describeLockError(error));
      return 1;
    }
    if (error instanceof BackupError || error instanceof StorageCheckError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
}

const cliOptions = {
  out: { type: 'string', short: 'o' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

const parseCli = (argv: string[]) => parseArgs({ args: argv, allowPositionals: true, options: cliOptions });

class UsageError extends Error {}

async function openConfigured(config: Config): Promise<Database> {
  return openDatabase({ url: config.databaseUrl, dataDir: pgliteDir(config) });
}

async function backupCommand(config: Config, out: string, io: CliIo): Promise<number> {
  if (!config.databaseUrl && !fs.existsSync(path.join(pgliteDir(config), 'PG_VERSION')))
    throw new BackupError(`There is no database in ${pgliteDir(config)} (DATA_DIR): nothing to back up.`);
  const { storage } = await openStorage(config);
  let result: BackupResult;
  try {
    const database = await openConfigured(config);
    try {
      result = await createBackup({ database, storage, out });
    } finally {
      await database.close();
    }
  } finally {
    await storage.close?.();
  }
  const { manifest } = result;
  io.out(`Backup written: ${result.file} (${formatBytes(result.bytes)})`);
  io.out(`  ${describeArchive(manifest)}`);
  if (manifest.media.missing.length)
    io.err(
      `Warning: ${plural(manifest.media.missing.length, 'media file')} the database refers to ${manifest.media.missing.length === 1 ? 'was' : 'were'} missing from storage and could not be included:\n${manifest.media.missing
        .slice(0, 10)
        .map((key) => `  ${key}`)
        .join('\n')}`,
    );
  io.out(`Restore it with: npm run restore -- ${result.file}`);
  return 0;
}

async function restoreCommand(config: Config, file: string, force: boolean, io: CliIo): Promise<number> {
  const embedded = !config.databaseUrl;
  // The site must be stopped: said at once, before a long check of the archive.
  if (embedded && fs.existsSync(pgliteDir(config))) (await lockDataDir(pgliteDir(config))).release();
  let archive: VerifiedArchive;
  try {
    archive = await verifyArchive(file);
  } catch (error) {
    if (error instanceof ArchiveError) {
      io.err(`Cannot restore ${file}: ${error.message}. Nothing was changed.`);
      return 1;
    }
    if (error instanceof BackupError) {
      io.err(`${error.message} Nothing was changed.`);
      return 1;
    }
    throw error;
  }
  io.out(`Checked ${file}: ${describeArchive(archive.manifest)}.`);
  const where = embedded ? `the embedded database in ${pgliteDir(config)}` : 'the PostgreSQL database of DATABASE_URL';
  const { storage, localDir } = await openStorage(config);
  let database: Database;
  try {
    database = await openConfigured(config);
  } catch (error) {
    await storage.close?.();
    throw error;
  }
  let result: RestoreResult;
  try {
    result = await restoreBackup(
      archive,
      { database, storage, localMediaDir: localDir },
      {
        force,
        onReplace: (state) =>
          io.out(
            `Replacing what ${where} and ${localDir ?? `the bucket ${bucketOf(config)}`} hold: ${describeTarget(state)}.`,
          ),
      },
    );
  } catch (error) {
    await database.close();
    await storage.close?.();
    if (error instanceof ArchiveError) {
      io.err(`Cannot restore ${file}: ${error.message}. Nothing was changed.`);
      return 1;
    }
    if (error instanceof BackupError) {
      io.err(error.message);
      return 1;
    }
    throw error;
  }
  await database.close();
  await storage.close?.();
  if (result.removedFiles) io.out(`Removed ${plural(result.removedFiles, 'media file')} of the replaced content.`);
  io.out(
    `Restored into ${where} and ${localDir ?? `the bucket ${bucketOf(config)}`}: ${describeArchive(result.manifest)}. Start the site again (npm start).`,
  );
  io.out(
    `Outgoing e-mail is held: ${plural(result.heldMail, 'message')} waiting in the outbox, and any the site queues from now on, will not be sent until you run: npm run outbox -- release (add --discard to drop the waiting ones instead). A copy made to test the backup should stay held.`,
  );
  if (result.manifest.media.missing.length)
    io.err(
      `Warning: the archive lacks ${plural(result.manifest.media.missing.length, 'media file')} that ${result.manifest.media.missing.length === 1 ? 'was' : 'were'} already missing when it was made.`,
    );
  return 0;
}

const bucketOf = (config: Config) =>
  config.storage.kind === 's3' ? `${config.storage.bucket}/${config.storage.prefix}` : config.storage.dir;

function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 ** 2) return `${(bytes / 1024).toFixed(1)} KB`;
  if (bytes < 1024 ** 3) return `${(bytes / 1024 ** 2).toFixed(1)} MB`;
  return `${(bytes / 1024 ** 3).toFixed(2)} GB`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runBackupCommand(process.argv.slice(2), process.env, {
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  }).then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error('Error:', error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
