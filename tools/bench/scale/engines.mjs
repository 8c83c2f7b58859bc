// The two databases `npm run bench:scale` fills: PGlite in the site's data folder (opened here
// while the server is stopped: one process per folder) or PostgreSQL at a URL, and a private
// PostgreSQL 15 started the way CI starts one when no DATABASE_URL is given.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Packages resolved as the server resolves them: the data folder must be written by the very
 * PGlite the server reads it with.
 */
export function serverRequire(root) {
  return createRequire(path.join(root, 'apps/server/package.json'));
}

/** `{ run(sql, params) → rows, close() }` on the PGlite database of the site's data folder. */
export async function openPglite(root, dataDir) {
  const { PGlite } = await import(serverRequire(root).resolve('@electric-sql/pglite'));
  // The lead search's trigram indexes need pg_trgm, as in the server (pgliteOptions).
  const { pg_trgm } = await import(serverRequire(root).resolve('@electric-sql/pglite/contrib/pg_trgm'));
  const db = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { pg_trgm } });
  return {
    run: async (sql, params) => (await db.query(sql, params)).rows,
    close: () => db.close(),
  };
}

/** The same on PostgreSQL at `url`. */
export async function openPostgres(root, url) {
  const pg = serverRequire(root)('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return {
    run: async (sql, params) => (await client.query(sql, params)).rows,
    close: () => client.end(),
  };
}

const PGBIN = '/usr/lib/postgresql/15/bin';

export const hasPostgres = fs.existsSync(path.join(PGBIN, 'initdb'));

/**
 * A throw-away PostgreSQL 15 on `port` (as .ci/run starts one: initdb as the postgres user, a
 * private socket folder, fsync off), with an empty database `oasis`. `stop()` removes it.
 */
export function startPostgres({ port }) {
  // A folder of its own: the postgres user must be able to enter it.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-scale-pg-'));
  const data = path.join(dir, 'data');
  const socket = path.join(dir, 'sock');
  fs.mkdirSync(data, { recursive: true });
  fs.mkdirSync(socket, { recursive: true });
  const asPostgres = (args) => {
    const asRoot = process.getuid?.() === 0;
    const command = asRoot ? ['runuser', ['-u', 'postgres', '--', ...args]] : [args[0], args.slice(1)];
    const result = spawnSync(command[0], command[1], { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${args[0]} failed: ${result.stderr || result.stdout}`);
  };
  if (process.getuid?.() === 0) spawnSync('chown', ['-R', 'postgres:postgres', dir]);
  asPostgres([path.join(PGBIN, 'initdb'), '-D', data, '-A', 'trust', '-U', 'postgres']);
  asPostgres([
    path.join(PGBIN, 'pg_ctl'),
    '-D',
    data,
    '-w',
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${socket} -c listen_addresses=127.0.0.1 -c fsync=off`,
    'start',
  ]);
  asPostgres([
    path.join(PGBIN, 'psql'),
    '-h',
    socket,
    '-p',
    String(port),
    '-U',
    'postgres',
    '-qc',
    'create database oasis',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/oasis`,
    /** The postmaster's process id (its backends run below it). */
    pid: Number(fs.readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]),
    stop() {
      try {
        asPostgres([path.join(PGBIN, 'pg_ctl'), '-D', data, '-m', 'fast', 'stop']);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
