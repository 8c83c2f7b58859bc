import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyArchive } from '../src/cli/backup.ts';
import { openDatabase } from '../src/db/client.ts';
import { seedCourse } from '../src/db/factories.ts';
import { repoRoot } from './built-site.ts';

/**
 * deploy/oasis-backup.sh as the nightly unit runs it, on an embedded database held open by a
 * process standing in for the site: a stand-in `systemctl` (the one outside program here) stops
 * that process and starts it again, and logs what it was asked. The script's own backup, settings
 * file, data folder, off-site hook and retention are the real ones.
 */
const script = path.join(repoRoot, 'deploy/oasis-backup.sh');
const SLOW = { timeout: 600_000 };
const made: string[] = [];
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});
// The script runs the compiled backup command (`npm run backup`), which builds the server first
// when its build is missing or stale: done here, so that the tests time the script alone.
beforeAll(() => {
  const built = spawnSync(process.execPath, ['scripts/start.mjs', 'backup', '--help'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  if (built.status !== 0) throw new Error(`the server did not build:\n${built.stdout}\n${built.stderr}`);
}, 600_000);

/** A site's data folder with one course, and a process holding it open as the site would. */
async function siteOnDisk() {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-backup-script-'));
  made.push(root);
  const dataDir = path.join(root, 'data');
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  await database.migrate();
  await seedCourse(database.db, { title: 'Kept course' });
  await database.close();
  let site: ChildProcess | undefined;
  const start = async () => {
    // As systemctl: starting a running site does nothing.
    if (site && site.exitCode === null) return;
    const holder = `import { openDatabase } from ${JSON.stringify(path.join(repoRoot, 'apps/server/src/db/client.ts'))};
      await openDatabase({ dataDir: ${JSON.stringify(path.join(dataDir, 'pglite'))} });
      console.log('open');
      setInterval(() => {}, 1000);`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', holder], {
      cwd: path.join(repoRoot, 'apps/server'),
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on('data', () => resolve());
      child.once('exit', (code) => reject(new Error(`the site stand-in exited (${code})`)));
    });
    site = child;
  };
  const stop = async () => {
    const child = site;
    site = undefined;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  return { root, dataDir, start, stop, running: () => Boolean(site) };
}

/**
 * Runs the script with a stand-in systemctl that writes each call to `calls` and, for `stop` and
 * `start`, has the test do it: it leaves an `asked-<action>` file and waits for `done-<action>`.
 */
async function runScript(
  site: Awaited<ReturnType<typeof siteOnDisk>>,
  settings: Record<string, string>,
  options: { stopFails?: boolean } = {},
) {
  const bin = path.join(site.root, 'bin');
  fs.mkdirSync(bin, { recursive: true });
  const calls = path.join(site.root, 'systemctl.log');
  fs.writeFileSync(calls, '');
  fs.writeFileSync(
    path.join(bin, 'systemctl'),
    `#!/bin/sh\necho "$*" >> ${JSON.stringify(calls)}\n${options.stopFails ? '[ "$1" != stop ] || exit 5\n' : ''}` +
      `touch ${JSON.stringify(path.join(site.root, 'asked-'))}"$1"\n` +
      `while [ ! -e ${JSON.stringify(path.join(site.root, 'done-'))}"$1" ]; do sleep 0.05; done\nrm -f ${JSON.stringify(path.join(site.root, 'done-'))}"$1"\n`,
    { mode: 0o755 },
  );
  const envFile = path.join(site.root, 'oasis.env');
  fs.writeFileSync(
    envFile,
    `${Object.entries({ DATA_DIR: site.dataDir, SEED_DEMO: 'false', ...settings })
      .map(([key, value]) => `${key}='${value}'`)
      .join('\n')}\n`,
  );
  const child = spawn('/bin/sh', [script], {
    env: {
      PATH: `${bin}:${path.dirname(process.execPath)}:/usr/bin:/bin`,
      OASIS_DIR: repoRoot,
      OASIS_ENV_FILE: envFile,
      OASIS_USER: '',
      OASIS_UNITS: 'oasis@3000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number>((resolve) => child.once('exit', (code) => resolve(code ?? -1)));
  // Acts on the stand-in's requests until the script ends.
  let ended = false;
  void exited.then(() => {
    ended = true;
  });
  while (!ended) {
    for (const action of ['stop', 'start'] as const) {
      const asked = path.join(site.root, `asked-${action}`);
      if (!fs.existsSync(asked)) continue;
      fs.rmSync(asked);
      await (action === 'stop' ? site.stop() : site.start());
      fs.writeFileSync(path.join(site.root, `done-${action}`), '');
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return { code: await exited, output, calls: fs.readFileSync(calls, 'utf8').trim().split('\n') };
}

const archivesIn = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);

describe('deploy/oasis-backup.sh', () => {
  it(
    'stops the site, backs up, starts it again, hands the archive to the hook and keeps the newest',
    SLOW,
    async () => {
      const site = await siteOnDisk();
      await site.start();
      const backups = path.join(site.root, 'backups');
      const offsite = path.join(site.root, 'offsite');
      fs.mkdirSync(backups);
      fs.mkdirSync(offsite);
      // Two archives of earlier nights: with BACKUP_KEEP=2 the older goes.
      for (const night of ['2020-01-01T03-30-00Z', '2020-01-02T03-30-00Z'])
        fs.writeFileSync(path.join(backups, `oasis-backup-${night}.tar.gz`), 'old');
      try {
        const run = await runScript(site, {
          BACKUP_DIR: backups,
          BACKUP_KEEP: '2',
          BACKUP_HOOK: `cp "$1" ${offsite}/`,
        });
        expect(run.code, run.output).toBe(0);
        expect(run.calls).toEqual(['stop oasis@3000', 'start oasis@3000']);
        expect(site.running()).toBe(true);
        const kept = archivesIn(backups);
        expect(kept).toHaveLength(2);
        expect(kept[0]).toBe('oasis-backup-2020-01-02T03-30-00Z.tar.gz');
        const fresh = path.join(backups, kept[1] as string);
        expect(fs.statSync(fresh).mode & 0o077).toBe(0);
        expect(fs.statSync(backups).mode & 0o777).toBe(0o700);
        const { manifest } = await verifyArchive(fresh);
        expect(manifest.engine).toBe('pglite');
        expect(manifest.tables.courses).toBe(1);
        expect(archivesIn(offsite)).toEqual([kept[1]]);
        expect(run.output).toContain('Removed');
      } finally {
        await site.stop();
      }
    },
  );

  it('fails, and still starts the site again, when the stop fails', SLOW, async () => {
    const site = await siteOnDisk();
    await site.start();
    const backups = path.join(site.root, 'backups');
    try {
      const run = await runScript(site, { BACKUP_DIR: backups }, { stopFails: true });
      expect(run.code).not.toBe(0);
      expect(run.calls).toEqual(['stop oasis@3000', 'start oasis@3000']);
      expect(run.output).toMatch(/stopping oasis@3000 failed/);
      expect(run.output).toMatch(/the backup failed/);
      expect(archivesIn(backups).filter((name) => name.endsWith('.tar.gz'))).toEqual([]);
    } finally {
      await site.stop();
    }
  });
});
