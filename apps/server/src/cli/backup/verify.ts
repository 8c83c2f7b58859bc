// Checking an archive before anything is touched: every entry against SHA256SUMS and the manifest.

import { createHash } from 'node:crypto';
import { ArchiveError, readArchive } from './archive.ts';
import {
  BACKUP_FORMAT,
  BACKUP_VERSION,
  BackupError,
  DUMP_PART_BYTES,
  type Manifest,
  manifestSchema,
} from './format.ts';
import { checkLevel, codeMigrations } from './migrations.ts';

export interface VerifiedArchive {
  file: string;
  manifest: Manifest;
  /** SHA-256 of every entry, checked against SHA256SUMS. */
  sums: Map<string, string>;
  /** The storage keys of the media files it holds. */
  mediaKeys: string[];
}

export const PART_NAME = /^database\/([a-z_][a-z0-9_$]*)\.(\d{4,})\.ndjson$/;

export function mediaKeyOf(name: string): string | null {
  if (!name.startsWith('media/')) return null;
  const key = name.slice('media/'.length);
  const segments = key.split('/');
  if (!segments.every((s) => /^[A-Za-z0-9._-]+$/.test(s) && s !== '.' && s !== '..')) return null;
  return key;
}

export async function collect(body: AsyncIterable<Buffer>, limit: number, name: string): Promise<Buffer> {
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
