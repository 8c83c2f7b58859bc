import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, silentLogger } from '../../test/helpers.ts';
import { startSmtpStandIn } from '../../test/smtp-stand-in.ts';
import { createSmtpTransport } from '../adapters/mail/smtp.ts';
import { createLocalDiskStorage } from '../adapters/storage/local-disk.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { enqueueMail, queueMail, startOutboxWorker } from '../modules/mail/outbox.ts';
import { createBackup, runBackupCommand } from './backup.ts';
import { runOutboxCommand } from './outbox.ts';

const made: string[] = [];
function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `oasis-outbox-${label}-`));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

const io = () => {
  const lines: string[] = [];
  return { lines, io: { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) } };
};
const env = (dataDir: string) => ({ NODE_ENV: 'test', SEED_DEMO: 'false', DATA_DIR: dataDir });
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A backup of a site with e-mails waiting in its outbox (its mail server was down when it was taken). */
async function backupWithWaitingMail(recipients: string[]): Promise<string> {
  const database = await createTestDatabase();
  try {
    await enqueueMail(
      database.db,
      recipients.map((to) => ({ to, subject: `Your order, ${to}`, text: 'Thank you.' })),
    );
    const storage = createLocalDiskStorage(tempDir('media'));
    return (await createBackup({ database, storage, out: tempDir('archive') })).file;
  } finally {
    await database.close();
  }
}

/**
 * The restored site as the server runs it, on the restored data folder: the outbox worker sending
 * through SMTP to a real local server, for `ms`; `queue` is handed to the site meanwhile.
 */
async function runSite(dataDir: string, smtpUrl: string, ms: number, queue: string[] = []) {
  const config = loadConfig({ ...env(dataDir), SMTP_URL: smtpUrl, SITE_URL: 'http://localhost:3000' });
  const database = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  const deps = { db: database.db, mailTransport: createSmtpTransport(smtpUrl), config, log: silentLogger };
  const worker = startOutboxWorker(deps, { pollMs: 50 });
  try {
    for (const to of queue) await queueMail(deps, { to, subject: `Welcome, ${to}`, text: 'Hello.' });
    await sleep(ms);
  } finally {
    await worker.stop();
    await database.close();
  }
}

describe('a restored copy holds outgoing e-mail', () => {
  it('sends nothing until `npm run outbox -- release`, then each waiting message once', {
    timeout: 300_000,
  }, async () => {
    const smtp = await startSmtpStandIn({ port: 0 });
    try {
      const archive = await backupWithWaitingMail(['ana@example.test', 'badr@example.test']);
      const dataDir = tempDir('restored');
      const restore = io();
      expect(await runBackupCommand(['restore', archive], env(dataDir), restore.io)).toBe(0);
      // The summary says so, and how to release it.
      expect(restore.lines.join('\n')).toMatch(/e-mail is held: 2 messages waiting.*npm run outbox -- release/);

      // Started on the restore with the live mail server: old and new messages alike stay put.
      await runSite(dataDir, smtp.url, 1_500, ['chadi@example.test']);
      expect(smtp.messages).toEqual([]);

      const status = io();
      expect(await runOutboxCommand(['status'], env(dataDir), status.io)).toBe(0);
      expect(status.lines.join('\n')).toMatch(/held since .*restore of .*: 3 messages waiting/);

      const release = io();
      expect(await runOutboxCommand(['release'], env(dataDir), release.io)).toBe(0);
      expect(release.lines.join('\n')).toMatch(/released[\s\S]*3 messages will be sent/);

      await runSite(dataDir, smtp.url, 1_500);
      expect(smtp.messages.map((m) => m.to[0]).sort()).toEqual([
        'ana@example.test',
        'badr@example.test',
        'chadi@example.test',
      ]);
      // Sent once: a later start sends nothing again.
      await runSite(dataDir, smtp.url, 500);
      expect(smtp.messages).toHaveLength(3);
    } finally {
      await smtp.close();
    }
  });

  it('release --discard drops the waiting messages; new ones go out', { timeout: 300_000 }, async () => {
    const smtp = await startSmtpStandIn({ port: 0 });
    try {
      const archive = await backupWithWaitingMail(['dana@example.test']);
      const dataDir = tempDir('discard');
      expect(await runBackupCommand(['restore', archive], env(dataDir), io().io)).toBe(0);
      const release = io();
      expect(await runOutboxCommand(['release', '--discard'], env(dataDir), release.io)).toBe(0);
      expect(release.lines.join('\n')).toMatch(/Discarded 1 waiting message/);
      await runSite(dataDir, smtp.url, 1_500, ['emad@example.test']);
      expect(smtp.messages.map((m) => m.to[0])).toEqual(['emad@example.test']);

      const again = io();
      expect(await runOutboxCommand(['release'], env(dataDir), again.io)).toBe(0);
      expect(again.lines.join('\n')).toMatch(/was not held/);
    } finally {
      await smtp.close();
    }
  });

  it('refuses an unknown command or option with the usage', async () => {
    for (const argv of [[], ['send'], ['status', '--discard'], ['release', '--now']]) {
      const run = io();
      expect(await runOutboxCommand(argv, env(tempDir('usage')), run.io), argv.join(' ')).toBe(2);
      expect(run.lines.join('\n')).toContain('Usage: npm run outbox');
    }
  });
});
