import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
