import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { DataDirInUseError, LOCK_FILE } from './data-dir-lock.ts';

const dirs: string[] = [];
function tempDataDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-lock-'));
  dirs.push(dir);
  return path.join(dir, 'pglite');
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** The pid of a process that has already ended. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('could not start a process');
  return child.pid;
}

const YESTERDAY = new Date(Date.now() - 86_400_000).toISOString();

function writeLock(dataDir: string, pid: number) {
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(path.join(dataDir, LOCK_FILE), JSON.stringify({ pid, startedAt: YESTERDAY, command: 'npm start' }));
}

function lockHolder(dataDir: string): { pid: number; startedAt: string } {
  return JSON.parse(fs.readFileSync(path.join(dataDir, LOCK_FILE), 'utf8'));
}

describe('one process per embedded data folder', () => {
  it('refuses a second opener while the first has it, naming the holder; frees it on close', async () => {
    const dataDir = tempDataDir();
    const first = await openDatabase({ dataDir });
    try {
      expect(lockHolder(dataDir).pid).toBe(process.pid);
      const second = openDatabase({ dataDir });
      await expect(second).rejects.toBeInstanceOf(DataDirInUseError);
      await expect(second).rejects.toThrow(
        new RegExp(`The embedded database in .* is in use by another Oasis process \\(pid ${process.pid}, `),
      );
      await expect(second).rejects.toThrow(/Stop it first, or use DATABASE_URL/);
    } finally {
      await first.close();
    }
    expect(fs.existsSync(path.join(dataDir, LOCK_FILE))).toBe(false);
    const again = await openDatabase({ dataDir });
    await again.close();
  }, 30_000);

  it('takes over a lock left by a process that is gone', async () => {
    const dataDir = tempDataDir();
    writeLock(dataDir, deadPid());
    const database = await openDatabase({ dataDir });
    try {
      expect(lockHolder(dataDir).pid).toBe(process.pid);
    } finally {
      await database.close();
    }
  }, 30_000);

  it('takes over a lock that carries its own pid from an earlier run (a restarted container)', async () => {
    const dataDir = tempDataDir();
    writeLock(dataDir, process.pid);
    const database = await openDatabase({ dataDir });
    try {
      expect(lockHolder(dataDir).startedAt).not.toBe(YESTERDAY);
    } finally {
      await database.close();
    }
  }, 30_000);

  it('refuses while a live process holds the lock', async () => {
    const dataDir = tempDataDir();
    // The parent of this test process is alive for as long as the test runs.
    writeLock(dataDir, process.ppid);
    await expect(openDatabase({ dataDir })).rejects.toThrow(`pid ${process.ppid}, \`npm start\``);
    // The refused opener leaves the holder's lock alone.
    expect(lockHolder(dataDir).pid).toBe(process.ppid);
  });
});

/** A lock-starter process (test/lock-starter.ts) and the lines it has answered. */
function startStarter() {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/lock-starter.ts'], {
    cwd: path.resolve(import.meta.dirname, '../..'),
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const answers: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  readline.createInterface({ input: child.stdout }).on('line', (line) => {
    const next = waiting.shift();
    if (next) next(line);
    else answers.push(line);
  });
  const answer = () =>
    new Promise<string>((resolve) => {
      const line = answers.shift();
      if (line !== undefined) resolve(line);
      else waiting.push(resolve);
    });
  const send = (line: string) => {
    child.stdin.write(`${line}\n`);
    return answer();
  };
  return { child, answer, send };
}

describe('starters racing for a stale lock', () => {
  it('leaves exactly one holder every time', { timeout: 120_000 }, async () => {
    const starters = Array.from({ length: 4 }, startStarter);
    try {
      for (const starter of starters) expect(await starter.answer()).toBe('ready');
      const gone = deadPid();
      for (let trial = 0; trial < 30; trial++) {
        const dataDir = tempDataDir();
        writeLock(dataDir, gone);
        // Every starter tries at the same moment, as after a crash with a process manager and a
        // person both starting the site.
        const at = Date.now() + 150;
        const results = await Promise.all(starters.map((starter) => starter.send(`take ${dataDir} ${at}`)));
        expect(
          results.filter((result) => result === 'held'),
          `trial ${trial}: ${results.join(', ')}`,
        ).toHaveLength(1);
        expect(results.filter((result) => result === 'refused')).toHaveLength(starters.length - 1);
        const holder = lockHolder(dataDir).pid;
        expect(starters.map((starter) => starter.child.pid)).toContain(holder);
        for (const starter of starters) expect(await starter.send('release')).toBe('released');
        expect(fs.readdirSync(dataDir)).toEqual([]);
      }
    } finally {
      for (const starter of starters) starter.child.kill();
    }
  });
});
