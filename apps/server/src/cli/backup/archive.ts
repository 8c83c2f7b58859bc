// The container of `npm run backup`: a gzip-compressed POSIX tar file, written and read as streams
// (a lesson video is never held in memory). Written here rather than taken from a package: the
// format is small, and the reader must tell a damaged or cut-off file apart precisely (header
// checksums, the end-of-archive marker, gzip's own CRC and length) before a restore changes
// anything. Any `tar` reads the files it writes: `tar -tzf oasis-backup-….tar.gz`.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';

const BLOCK = 512;
const ZEROS = Buffer.alloc(BLOCK * 2);

/** The archive cannot be read: damaged, cut off, or not one `npm run backup` wrote. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

// ---------------------------------------------------------------- writing

export interface ArchiveEntry {
  name: string;
  size: number;
  /** Exactly `size` bytes; more or fewer fails the archive (a file changed while it was read). */
  body: Buffer | AsyncIterable<Buffer | Uint8Array>;
}

/**
 * Writes `entries` as a .tar.gz to `file`, through `file.partial` renamed at the end: a backup that
 * fails half-way never leaves a file that looks complete.
 */
export async function writeArchive(file: string, entries: AsyncIterable<ArchiveEntry>): Promise<void> {
  const partial = `${file}.partial`;
  try {
    await pipeline(
      Readable.from(tarStream(entries)),
      zlib.createGzip({ level: 6 }),
      fs.createWriteStream(partial, { flags: 'wx' }),
    );
    if (fs.existsSync(file)) throw new Error(`${file} already exists`);
    fs.renameSync(partial, file);
  } catch (error) {
    fs.rmSync(partial, { force: true });
    throw error;
  }
}

async function* tarStream(entries: AsyncIterable<ArchiveEntry>): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    if (Buffer.byteLength(entry.name) > 100) {
      const record = paxRecord('path', entry.name);
      yield header({ name: 'PaxHeader', size: record.length, type: 'x', mtime });
      yield record;
      yield padding(record.length);
    }
    yield header({ name: entry.name, size: entry.size, type: '0', mtime });
    let written = 0;
    const chunks = Buffer.isBuffer(entry.body) ? [entry.body] : entry.body;
    for await (const chunk of chunks) {
      written += chunk.length;
      if (written > entry.size) break;
      yield Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.length);
    }
    if (written !== entry.size)
      throw new Error(
        `${entry.name}: expected ${entry.size} bytes, read ${written} (did it change during the backup?)`,
      );
    yield padding(entry.size);
  }
  yield ZEROS;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return rest ? Buffer.alloc(BLOCK - rest) : Buffer.alloc(0);
}

/** A PAX extended-header record: "<length> key=value\n", the length counting itself. */
function paxRecord(key: string, value: string): Buffer {
  const body = ` ${key}=${value}\n`;
  let length = Buffer.byteLength(body) + 1;
  while (String(length).length + Buffer.byteLength(body) !== length)
    length = String(length).length + Buffer.byteLength(body);
  return Buffer.from(`${length}${body}`);
}

function header(entry: { name: string; size: number; type: string; mtime: number }): Buffer {
  const block = Buffer.alloc(BLOCK);
  block.write(entry.name.slice(0, 100), 0, 100, 'utf8');
  writeOctal(block, 0o644, 100, 8);
  writeOctal(block, 0, 108, 8);
  writeOctal(block, 0, 116, 8);
  writeSize(block, entry.size);
  writeOctal(block, entry.mtime, 136, 12);
  block.write(entry.type, 156, 1, 'latin1');
  block.write('ustar\0', 257, 6, 'latin1');
  block.write('00', 263, 2, 'latin1');
  block.fill(0x20, 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 8, 'latin1');
  return block;
}

function writeOctal(block: Buffer, value: number, offset: number, length: number) {
  block.write(`${value.toString(8).padStart(length - 1, '0')}\0`, offset, length, 'latin1');
}

/** Octal up to 8 GiB; above that GNU's base-256 (a video may be larger: MAX_VIDEO_BYTES). */
function writeSize(block: Buffer, size: number) {
  if (size < 8 ** 11) return writeOctal(block, size, 124, 12);
  let value = BigInt(size);
  for (let i = 135; i > 124; i--) {
    block[i] = Number(value & 0xffn);
    value >>= 8n;
  }
  block[124] = 0x80;
}

// ---------------------------------------------------------------- reading

export interface ReadEntry {
  name: string;
  size: number;
  /** The entry's bytes; read it (or not) before asking for the next entry. */
  body: AsyncGenerator<Buffer>;
}

/**
 * The entries of a .tar.gz, in order. Throws ArchiveError when the file is not gzip, is damaged
 * (gzip's CRC, a tar header's checksum) or ends early; the last of these checks runs after the last
 * entry, so a caller acts on the entries only once the iteration has ended without error.
 */
export async function* readArchive(file: string): AsyncGenerator<ReadEntry> {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(file);
  } catch {
    throw new ArchiveError(`${file} does not exist`);
  }
  if (!stat.isFile()) throw new ArchiveError(`${file} is not a file`);
  const gunzip = zlib.createGunzip();
  const source = fs.createReadStream(file);
  source.on('error', (error) => gunzip.destroy(error));
  // The iteration below reports gunzip's errors; this keeps one that comes after it has stopped
  // (the tar data ended early, then gunzip notices) from crashing the process.
  gunzip.on('error', () => {});
  source.pipe(gunzip);
  const reader = new ByteReader(gunzip[Symbol.asyncIterator]() as AsyncIterator<Buffer>);
  try {
    let paxPath: string | undefined;
    for (;;) {
      const block = await reader.read(BLOCK);
      if (block.every((byte) => byte === 0)) {
        // The end-of-archive marker is two zero blocks; what follows is padding. Reading to the end
        // lets gunzip check its CRC and length.
        await reader.read(BLOCK);
        await reader.drain();
        return;
      }
      const entry = parseHeader(block);
      if (entry.type === 'x') {
        paxPath = parsePax(await reader.read(entry.size)).path;
        await reader.skip(padding(entry.size).length);
        continue;
      }
      if (entry.type !== '0' && entry.type !== '\0')
        throw new ArchiveError(`unexpected tar entry type '${entry.type}' (${entry.name})`);
      const name = paxPath ?? entry.name;
      paxPath = undefined;
      let left = entry.size;
      const body = (async function* () {
        try {
          while (left > 0) {
            const chunk = await reader.next(left);
            left -= chunk.length;
            yield chunk;
          }
        } catch (error) {
          throw asArchiveError(error);
        }
      })();
      yield { name, size: entry.size, body };
      // Whatever the caller left unread.
      while (left > 0) left -= (await reader.next(left)).length;
      await reader.skip(padding(entry.size).length);
    }
  } catch (error) {
    throw asArchiveError(error);
  } finally {
    source.destroy();
    gunzip.destroy();
  }
}

/** gunzip's errors, in words: a file cut off, or damaged. */
function asArchiveError(error: unknown): unknown {
  if (error instanceof ArchiveError) return error;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'Z_BUF_ERROR' || (error as Error).message === 'unexpected end of file')
    return new ArchiveError('the file ends early (an incomplete copy or download?)');
  if (typeof code === 'string' && code.startsWith('Z_'))
    return new ArchiveError(`the file is damaged or not a .tar.gz (${(error as Error).message})`);
  return error;
}

function parseHeader(block: Buffer) {
  const stored = Number.parseInt(block.toString('latin1', 148, 156).replace(/\0.*$/s, '').trim(), 8);
  const copy = Buffer.from(block);
  copy.fill(0x20, 148, 156);
  const sum = copy.reduce((total, byte) => total + byte, 0);
  if (!Number.isFinite(stored) || stored !== sum)
    throw new ArchiveError('the file is damaged (a tar header is corrupt)');
  const name = cString(block, 0, 100);
  const prefix = block.toString('latin1', 257, 262) === 'ustar' ? cString(block, 345, 155) : '';
  return {
    name: prefix ? `${prefix}/${name}` : name,
    size: readSize(block),
    type: String.fromCharCode(block[156] ?? 0),
  };
}

function cString(block: Buffer, offset: number, length: number): string {
  const end = block.indexOf(0, offset);
  return block.toString('utf8', offset, end >= 0 && end < offset + length ? end : offset + length);
}

function readSize(block: Buffer): number {
  if ((block[124] ?? 0) & 0x80) {
    let value = 0n;
    for (let i = 125; i < 136; i++) value = (value << 8n) | BigInt(block[i] ?? 0);
    return Number(value);
  }
  const size = Number.parseInt(cString(block, 124, 12).trim() || '0', 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new ArchiveError('the file is damaged (a tar header is corrupt)');
  return size;
}

function parsePax(data: Buffer): Record<string, string> {
  const fields: Record<string, string> = {};
  let at = 0;
  while (at < data.length) {
    const space = data.indexOf(0x20, at);
    const length = Number(data.toString('latin1', at, space));
    if (space < 0 || !Number.isInteger(length) || length <= 0)
      throw new ArchiveError('the file is damaged (a PAX header is corrupt)');
    const record = data.toString('utf8', space + 1, at + length - 1);
    const eq = record.indexOf('=');
    fields[record.slice(0, eq)] = record.slice(eq + 1);
    at += length;
  }
  return fields;
}

/** Exact reads over a stream of chunks of any size. */
class ByteReader {
  private pending: Buffer = Buffer.alloc(0);
  constructor(private readonly source: AsyncIterator<Buffer>) {}

  private async more(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.pending = this.pending.length ? Buffer.concat([this.pending, next.value]) : next.value;
    return true;
  }

  /** Exactly `n` bytes, or ArchiveError at the end of the stream. */
  async read(n: number): Promise<Buffer> {
    while (this.pending.length < n) {
      if (!(await this.more())) throw new ArchiveError('the file ends early (an incomplete copy or download?)');
    }
    const out = this.pending.subarray(0, n);
    this.pending = this.pending.subarray(n);
    return out;
  }

  /** Between 1 and `max` bytes. */
  async next(max: number): Promise<Buffer> {
    if (this.pending.length === 0 && !(await this.more()))
      throw new ArchiveError('the file ends early (an incomplete copy or download?)');
    const out = this.pending.subarray(0, max);
    this.pending = this.pending.subarray(out.length);
    return out;
  }

  async skip(n: number): Promise<void> {
    while (n > 0) n -= (await this.next(n)).length;
  }

  /** Reads to the end (so that gunzip verifies the whole file); only zeros may follow the marker. */
  async drain(): Promise<void> {
    for (;;) {
      if (this.pending.some((byte) => byte !== 0))
        throw new ArchiveError('unexpected data after the end of the archive');
      this.pending = Buffer.alloc(0);
      if (!(await this.more())) return;
    }
  }
}

/** SHA-256 of a stream of chunks, passing them on. */
export function hashing(source: AsyncIterable<Buffer>, hash = createHash('sha256')) {
  return {
    hash,
    async *[Symbol.asyncIterator]() {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
    },
  };
}
