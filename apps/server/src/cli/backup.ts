// `npm run backup` and `npm run restore -- <archive>`: one .tar.gz holding a logical dump of the
// database and the uploaded media, for the embedded database (PGlite) and PostgreSQL alike (see
// docs/decisions/015-backups.md). Like `npm run admin`, it runs as compiled JavaScript with plain
// node on the configured database (DATABASE_URL, or the embedded one in DATA_DIR, which the site
// must not have open: the data-dir lock refuses with the same message).
//
// The archive (backup/archive.ts), in this order:
//   manifest.json                    format version, engine, migration level, rows per table, files
//   database/<table>.<part>.ndjson   one row a line (to_jsonb), tables parents first
//   database/sequences.json          the sequences' positions
//   media/<storage key>              every file the media table refers to
//   SHA256SUMS                       of every entry above (`sha256sum -c` reads it once extracted)

import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type Storage, StorageCheckError } from '../adapters/storage/index.ts';
import { createStorage } from '../adapters/storage/create.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { DataDirInUseError, lockDataDir } from '../db/data-dir-lock.ts';
import { ArchiveError } from './backup/archive.ts';
import { type CliIo, consoleIo, describeLockError, parseOrExplain, runWhenMain } from './cli-database.ts';
import { BackupError } from './backup/format.ts';
import { type BackupResult, createBackup } from './backup/create.ts';
import { describeArchive, describeTarget, plural, restoreBackup, type RestoreResult } from './backup/restore.ts';
import { type VerifiedArchive, verifyArchive } from './backup/verify.ts';

// The steps live in backup/; their public parts are exported from here, the command's entry point.
export { ArchiveError } from './backup/archive.ts';
export { type BackupResult, archiveName, createBackup } from './backup/create.ts';
export { BACKUP_FORMAT, BACKUP_VERSION, BackupError, type Manifest } from './backup/format.ts';
export { codeMigrations } from './backup/migrations.ts';
export {
  describeArchive,
  describeTarget,
  inspectTarget,
  isEmpty,
  type RestoreResult,
  restoreBackup,
  type TargetState,
} from './backup/restore.ts';
export { type VerifiedArchive, verifyArchive } from './backup/verify.ts';

export const USAGE = `Usage:
  npm run backup [-- --out <folder or file.tar.gz>]
      Writes oasis-backup-<UTC time>.tar.gz (the database and the uploaded media) into --out,
      else BACKUP_DIR, else ./backups.
  npm run restore -- <archive> [--force]
      Restores an archive into an empty database and media folder. --force replaces what is
      there (the command says what first).

The database is the one the server uses (DATABASE_URL, or the embedded database in DATA_DIR). With
the embedded database the site must be stopped; stop it for a restore on PostgreSQL too.`;

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

runWhenMain(import.meta.url, () => runBackupCommand(process.argv.slice(2), process.env, consoleIo));
