import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite has no lock of its own: two processes on one data folder each keep their own copy of the
 * database in memory and overwrite each other's files, so acknowledged writes vanish. This file,
 * created atomically in the data folder, lets only one process open it.
 */
export const LOCK_FILE = 'oasis.lock';

export interface LockHolder {
  pid: number;
  startedAt: string;
  command: string;
}

export class DataDirInUseError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(
      `The embedded database in ${dir} is in use by another Oasis process (pid ${holder.pid}, \`${holder.command}\`, since ${formatSince(holder.startedAt)}). Stop it first, or use DATABASE_URL for several processes.`,
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release(): void;
}

/** Lock files this process holds: the pid alone cannot tell them from a dead process that had our pid. */
const held = new Set<string>();

/** How long a starter waits for another one that is taking over a stale lock at the same time. */
const TAKEOVER_WAIT_MS = 5_000;

/** A lock file as read at one moment: its inode (the file, not just its name) and its text. */
interface LockSnapshot {
  dev: number;
  ino: number;
  text: string;
  holder: LockHolder | null;
}

/** Takes the data folder for this process, or throws DataDirInUseError naming the process that has it. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = path.join(dir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), command: describeCommand() };
  const text = JSON.stringify(mine);
  const deadline = Date.now() + TAKEOVER_WAIT_MS;
  let last: LockSnapshot | null = null;
  while (Date.now() < deadline) {
    if (tryCreate(file, text)) return holdLock(file, mine);
    last = await readLock(file);
    // Released between our two looks: try again.
    if (!last) continue;
    if (last.holder && isAlive(last.holder, file)) throw new DataDirInUseError(dir, last.holder);
    // Left behind by a process that is gone (killed, crashed, power cut): take it over.
    await removeStale(file, last, text, 0);
  }
  // Another starter is still taking it over: the holder is whoever won.
  const holder = last?.holder ?? readLockNow(file)?.holder;
  throw new DataDirInUseError(dir, holder ?? { pid: 0, startedAt: new Date().toISOString(), command: 'unknown' });
}

/**
 * Deletes the stale lock `seen`, unless it has changed since. Reading it, judging its holder dead
 * and deleting it are three steps: two starters doing them at once could each delete the lock the
 * other had just taken, and both go on as its holder. So only the starter that wins a claim file
 * named after this very lock (its inode and text, created with O_EXCL) may delete it, and deletes
 * it only while it is still that lock; the others wait and look again. A claim left by a starter
 * that died halfway is itself a stale lock, cleared the same way one level up.
 */
async function removeStale(file: string, seen: LockSnapshot, text: string, depth: number): Promise<void> {
  const claim = `${file}.takeover-${createHash('sha256').update(`${seen.dev}:${seen.ino}:${seen.text}`).digest('hex').slice(0, 16)}`;
  if (!tryCreate(claim, text)) {
    const claimer = depth < 2 ? readLockNow(claim) : null;
    if (claimer && !(claimer.holder && isAlive(claimer.holder, claim)))
      await removeStale(claim, claimer, text, depth + 1);
    await new Promise((resolve) => setTimeout(resolve, 10 + Math.random() * 20));
    return;
  }
  held.add(claim);
  try {
    const now = readLockNow(file);
    if (now && now.dev === seen.dev && now.ino === seen.ino && now.text === seen.text) fs.rmSync(file, { force: true });
  } finally {
    held.delete(claim);
    fs.rmSync(claim, { force: true });
  }
}

/**
 * Creates `file` holding `text`, or returns false when it exists. The text is written to a file of
 * our own first and linked into place, so the lock never exists empty or half written (a starter
 * reading it then would take it for a stale one). Where the file system has no hard links, 'wx'
 * creates it (of two processes creating it at once, exactly one succeeds) and the text follows.
 */
function tryCreate(file: string, text: string): boolean {
  const own = `${file}.${process.pid}-${randomBytes(6).toString('hex')}.tmp`;
  fs.writeFileSync(own, text, { flag: 'wx' });
  try {
    fs.linkSync(own, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error;
  } finally {
    fs.rmSync(own, { force: true });
  }
  let fd: number;
  try {
    fd = fs.openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, text);
  } finally {
    fs.closeSync(fd);
  }
  return true;
}

function holdLock(file: string, mine: LockHolder): DataDirLock {
  held.add(file);
  const release = () => {
    process.removeListener('exit', release);
    if (!held.delete(file)) return;
    // Only our own file: a process that took over a lock we had lost must keep it.
    const current = readLockNow(file)?.holder;
    if (current && current.pid === mine.pid && current.startedAt === mine.startedAt) fs.rmSync(file, { force: true });
  };
  // Best effort when the process ends without closing the database (process.exit, an uncaught
  // error); a lock left by a killed process is taken over at the next start, since its pid is gone.
  process.on('exit', release);
  return { release };
}

async function readLock(file: string): Promise<LockSnapshot | null> {
  const lock = readLockNow(file);
  if (!lock || lock.holder || lock.text !== '') return lock;
  // An empty file is a lock its owner has created but not written yet (where it is made with 'wx'):
  // look again once.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return readLockNow(file);
}

/** The lock file now, read through one descriptor so that its inode and its text belong together; null when there is none. */
function readLockNow(file: string): LockSnapshot | null {
  let fd: number;
  try {
    fd = fs.openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  try {
    const { dev, ino } = fs.fstatSync(fd);
    const text = fs.readFileSync(fd, 'utf8');
    return { dev, ino, text, holder: parseHolder(text) };
  } finally {
    fs.closeSync(fd);
  }
}

function parseHolder(text: string): LockHolder | null {
  try {
    const parsed = JSON.parse(text) as Partial<LockHolder>;
    if (typeof parsed.pid !== 'number' || !Number.isInteger(parsed.pid) || parsed.pid <= 0) return null;
    return {
      pid: parsed.pid,
      startedAt: String(parsed.startedAt ?? ''),
      command: String(parsed.command ?? 'unknown'),
    };
  } catch {
    return null;
  }
}

function isAlive(holder: LockHolder, file: string): boolean {
  // Our own pid in the file: either this process holds the lock, or a previous run that had the
  // same pid died without removing it (a container's first process gets the same pid every time).
  if (holder.pid === process.pid) return held.has(file);
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** What the owner typed, as far as we can tell: the npm script, else the node command line. */
function describeCommand(): string {
  const script = process.env.npm_lifecycle_event;
  if (script) return script === 'start' ? 'npm start' : `npm run ${script}`;
  const args = process.argv.slice(1).map((arg) => (path.isAbsolute(arg) ? path.relative(process.cwd(), arg) : arg));
  const command = ['node', ...args].join(' ');
  return command.length > 80 ? `${command.slice(0, 77)}...` : command;
}

function formatSince(startedAt: string): string {
  const date = new Date(startedAt);
  if (Number.isNaN(date.getTime())) return 'an unknown time';
  const pad = (n: number) => String(n).padStart(2, '0');
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  const today = new Date().toDateString() === date.toDateString();
  return today ? time : `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${time}`;
}
