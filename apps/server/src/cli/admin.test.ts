import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedUser } from '../db/factories.ts';
import { sessions, users } from '../db/schema.ts';
import { openDatabase } from '../db/client.ts';
import { verifyPassword } from '../lib/password.ts';
import { createSession } from '../modules/auth/sessions.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import type { Database } from '../db/client.ts';
import { runAdminCommand } from './admin.ts';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function run(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdminCommand(argv, database.db, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out: out.join('\n'), err: err.join('\n') };
}

describe('npm run admin -- create', () => {
  it('creates an admin with a hashed password and a lower-cased e-mail', async () => {
    const res = await run('create', '--email', 'Boss@Example.com', '--password', 'boss-password', '--name', 'The Boss');
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toContain('Created admin account boss@example.com');
    const [row] = await database.db.select().from(users).where(eq(users.email, 'boss@example.com'));
    expect(row).toMatchObject({ role: 'admin', name: 'The Boss' });
    expect(await verifyPassword(row!.passwordHash, 'boss-password')).toBe(true);
  });

  it('refuses an e-mail that already has an account, saying what to do', async () => {
    await seedUser(database.db, { role: 'admin', email: 'taken@example.com' });
    const res = await run('create', '--email', 'taken@example.com', '--password', 'other-password');
    expect(res.code).toBe(1);
    expect(res.err).toContain('already exists');
    expect(res.err).toContain('reset-password');
  });

  it('validates with the shared rules and explains usage', async () => {
    expect(await run('create', '--email', 'nope', '--password', 'boss-password')).toMatchObject({
      code: 1,
      err: 'Error: Please enter a valid email address.',
    });
    expect((await run('create', '--email', 'x@example.com', '--password', '123')).err).toContain(
      'Password must be at least 6 characters long.',
    );
    const missing = await run('create', '--email', 'x@example.com');
    expect(missing.code).toBe(2);
    expect(missing.err).toContain('Usage: npm run admin');
    expect((await run('explode')).err).toContain('Unknown command: explode');
    expect((await run('create', '--bogus')).code).toBe(2);
  });
});

describe('npm run admin -- reset-password', () => {
  it('sets the given password and signs the account out everywhere', async () => {
    const admin = await seedUser(database.db, { role: 'admin', email: 'reset@example.com' });
    await createSession(database.db, admin.id, 'admin');
    const res = await run('reset-password', '--email', 'RESET@example.com', '--password', 'fresh-password');
    expect(res.code).toBe(0);
    expect(res.out).toContain('Password changed for reset@example.com');
    expect(res.out).not.toContain('fresh-password');
    const [row] = await database.db.select().from(users).where(eq(users.id, admin.id));
    expect(await verifyPassword(row!.passwordHash, 'fresh-password')).toBe(true);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toHaveLength(0);
  });

  it('generates and prints a password when none is given', async () => {
    await seedUser(database.db, { role: 'admin', email: 'generated@example.com' });
    const res = await run('reset-password', '--email', 'generated@example.com');
    expect(res.code).toBe(0);
    const generated = /New password: (\S+)/.exec(res.out)?.[1];
    expect(generated).toBeDefined();
    expect(generated!.length).toBeGreaterThanOrEqual(16);
    const [row] = await database.db.select().from(users).where(eq(users.email, 'generated@example.com'));
    expect(await verifyPassword(row!.passwordHash, generated!)).toBe(true);
  });

  it('says clearly when no account has that e-mail', async () => {
    const res = await run('reset-password', '--email', 'ghost@example.com');
    expect(res).toMatchObject({ code: 1, err: 'Error: No account has the email ghost@example.com.' });
  });
});

describe('the command itself', () => {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
  let dataDir: string;
  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-cli-'));
  });
  /** `npm run admin -- <args>` as a process on the database in `dir`: its exit code and output. */
  const runCommand = (dir: string, ...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> =>
    promisify(execFile)(process.execPath, ['--import', 'tsx', 'apps/server/src/cli/admin.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dir, DATABASE_URL: '', NODE_ENV: 'production' },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error) => error,
    );
  const create = (email: string) => ['create', '--email', email, '--password', 'cli-password'];
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('opens the configured database, migrates it and creates the admin there', async () => {
    const { stdout } = await runCommand(dataDir, ...create('cli@example.com'));
    expect(stdout).toContain('Created admin account cli@example.com');
    const failed = await runCommand(dataDir, 'reset-password', '--email', 'nobody@example.com');
    expect(failed).toMatchObject({ code: 1 });
    expect(failed.stderr).toContain('No account has the email nobody@example.com.');

    const opened = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    try {
      const [row] = await opened.db.select().from(users).where(eq(users.email, 'cli@example.com'));
      expect(row?.role).toBe('admin');
    } finally {
      await opened.close();
    }
  }, 60_000);

  it('refuses while another process has the embedded database open, and reports no account', async () => {
    const heldDir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-cli-held-'));
    // This test process plays the running site.
    const site = await openDatabase({ dataDir: path.join(heldDir, 'pglite') });
    try {
      await site.migrate();
      const refused = await runCommand(heldDir, ...create('locked@example.com'));
      expect(refused).toMatchObject({ code: 1 });
      const { stdout, stderr } = refused;
      expect(stderr).toContain(`is in use by another Oasis process (pid ${process.pid},`);
      expect(stderr).toContain('stop it, run this command, then start the site again');
      expect(stderr).not.toMatch(/\n\s+at /);
      expect(stdout).not.toContain('Created');
      expect(await site.db.select().from(users).where(eq(users.email, 'locked@example.com'))).toHaveLength(0);
    } finally {
      await site.close();
      fs.rmSync(heldDir, { recursive: true, force: true });
    }
  }, 60_000);
});
