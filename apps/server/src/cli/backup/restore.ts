// Restoring an archive: what the target holds, then one transaction that replaces it.

import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { type SQL, sql } from 'drizzle-orm';
import type { Storage } from '../../adapters/storage/index.ts';
import type { Database } from '../../db/client.ts';
import { holdOutbound } from '../../modules/mail/outbox.ts';
import { ArchiveError, hashing, readArchive } from './archive.ts';
import { BackupError, DUMP_PART_BYTES, INSERT_ROWS, type Manifest } from './format.ts';
import { collect, mediaKeyOf, PART_NAME, type VerifiedArchive } from './verify.ts';
import { ident, query, table, type Tx } from './sql.ts';
import { applyMigrations, checkLevel, codeMigrations } from './migrations.ts';
import { mediaKeys, rowCounts, tablesInOrder } from './catalogue.ts';

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

export const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en')} ${n === 1 ? one : many}`;

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
