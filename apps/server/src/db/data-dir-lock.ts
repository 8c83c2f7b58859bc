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

/** Takes the data folder for this process, or throws DataDirInUseError naming the process that has it. */
export async function lockDataDir(dir: string): Promise<DataDirLock> {
  const file = path.join(dir, LOCK_FILE);
  const mine: LockHolder = { pid: process.pid, startedAt: new Date().toISOString(), command: describeCommand() };
  for (let attempt = 0; attempt < 3; attempt++) {
    if (tryCreate(file, mine)) return holdLock(file, mine);
    const holder = await readHolder(file);
    if (holder && isAlive(holder, file)) throw new DataDirInUseError(dir, holder);
    // Left behind by a process that is gone (killed, crashed, power cut): take it over.
    fs.rmSync(file, { force: true });
  }
  // Another process took it between our attempts.
  const holder = await readHolder(file);
  throw new DataDirInUseError(dir, holder ?? { pid: 0, startedAt: new Date().toISOString(), command: 'unknown' });
}

function tryCreate(file: string, mine: LockHolder): boolean {
  let fd: number;
  try {
    // 'wx' fails when the file exists: of two processes creating it at once, exactly one succeeds.
    fd = fs.openSync(file, 'wx');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    fs.writeSync(fd, JSON.stringify(mine));
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
    const current = readHolderNow(file);
    if (current && current.pid === mine.pid && current.startedAt === mine.startedAt) fs.rmSync(file, { force: true });
  };
  // Best effort when the process ends without closing the database (process.exit, an uncaught
  // error); a lock left by a killed process is taken over at the next start, since its pid is gone.
  process.on('exit', release);
  return { release };
}

async function readHolder(file: string): Promise<LockHolder | null> {
  const holder = readHolderNow(file);
  if (holder) return holder;
  // An empty file is a lock its owner has created but not written yet: look again once.
  await new Promise((resolve) => setTimeout(resolve, 100));
  return readHolderNow(file);
}

function readHolderNow(file: string): LockHolder | null {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<LockHolder>;
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
