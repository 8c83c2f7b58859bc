import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { type Database, openDatabase } from '../src/db/client.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { repoRoot } from './built-site.ts';
import { createEmptyPostgres } from './helpers.ts';
import { type S3StandIn, startS3StandIn } from './s3-stand-in.ts';
import { freePort } from './server-process.ts';
import { type SmtpStandIn, startSmtpStandIn } from './smtp-stand-in.ts';
import { signIn } from './uploads.ts';

/**
 * The site of the deployment recipe in deploy/, as the deploy-recipe tests run it: two compiled
 * instances started with the systemd unit's own environment and command (deploy/oasis@.service),
 * on one PostgreSQL database and one S3-protocol store (s3rver), an SMTP server catching the
 * e-mail. Everything on loopback, started here; the proxies in front are in deploy-recipe-proxies.ts.
 */

/** The API suite on PostgreSQL sets it (as CI runs it); without it the recipe's tests skip. */
export const adminUrl = process.env.TEST_DATABASE_URL;
export const unitFile = path.join(repoRoot, 'deploy/oasis@.service');
export const METRICS_TOKEN = 'deploy-recipe-metrics-token';
/** Shorter than the recipe's default, still well above Caddy's one-second health check. */
export const DRAIN_MS = 3_000;
/** A request that hangs fails the test instead of holding it. */
export const REQUEST_TIMEOUT_MS = 20_000;

/** The unit's `Environment=` pairs and `ExecStart=` command, with `%i` (the port) filled in. */
export function readUnit(port: number) {
  const lines = fs.readFileSync(unitFile, 'utf8').split('\n');
  const value = (key: string) =>
    lines
      .filter((line) => line.startsWith(`${key}=`))
      .map((line) => line.slice(key.length + 1).replaceAll('%i', String(port)));
  const env = Object.fromEntries(
    value('Environment')
      .flatMap((entry) => entry.split(/\s+/))
      .map((pair) => pair.split('=', 2) as [string, string]),
  );
  const [command = '', ...args] = (value('ExecStart')[0] ?? '').split(/\s+/);
  return { env, command, args };
}

export interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** An answer read whole. */
export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

export interface RequestOptions {
  method?: string;
  headers?: Record<string, string>;
  body?: Buffer | string;
}

export function read(res: http.IncomingMessage): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('error', reject);
    res.on('end', () => {
      const body = Buffer.concat(chunks);
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body, text: body.toString('utf8') });
    });
  });
}

/** A request straight to one instance, bypassing the proxy. */
export function direct(instance: Instance, url: string, options: RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      `${instance.url}${url}`,
      { method: options.method ?? 'GET', headers: options.headers, timeout: REQUEST_TIMEOUT_MS },
      (res) => read(res).then(resolve, reject),
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A plain-HTTP GET to a proxy's port 80 stand-in, with the site's host name. */
export function plainGet(port: number, url: string): Promise<Answer> {
  return new Promise((resolve, reject) =>
    http
      .get({ host: '127.0.0.1', port, path: url, headers: { host: 'localhost' } }, (res) =>
        read(res).then(resolve, reject),
      )
      .on('error', reject),
  );
}

export const json = (headers: Record<string, string> = {}) => ({ ...headers, 'content-type': 'application/json' });

/** Requests an instance has answered for `route`, from its /metrics. */
export async function answered(instance: Instance, route: string): Promise<number> {
  const metrics = await direct(instance, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(metrics.status).toBe(200);
  let total = 0;
  for (const line of metrics.text.split('\n'))
    if (line.startsWith('oasis_http_request_duration_seconds_count{') && line.includes(`route="${route}"`))
      total += Number(line.split(' ').at(-1));
  return total;
}

export interface Site {
  tmp: string;
  db: Database;
  smtp: SmtpStandIn;
  /** What /etc/oasis/oasis.env holds for this recipe (docs/deploy.md). */
  sharedEnv: Record<string, string>;
  /** The two instances behind the proxy; a restart replaces one. */
  a: Instance;
  b: Instance;
  /** A bearer header of the demo admin. */
  admin: { authorization: string };
  startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance>;
  stop(instance: Instance): Promise<void>;
  /** A bearer header for a session of `userId`, made the way a sign-in makes it. */
  signInAs(userId: string): Promise<{ authorization: string }>;
  /** `npm run backup` / `npm run restore` as the owner runs them, on the site's configuration. */
  runCli(args: string[], env: Record<string, string>): Promise<{ status: number | null; output: string }>;
  close(): Promise<void>;
}

/**
 * The site built (as `npm start` builds it) and started: the database, bucket and mail server,
 * then instance A (which runs the migrations and seeds the demo content), then B. `siteUrl` is
 * where the proxy serves it.
 */
export async function startSite(name: string, siteUrl: string): Promise<Site> {
  if (!adminUrl) throw new Error('the deploy recipe runs on PostgreSQL: set TEST_DATABASE_URL');
  const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], { cwd: repoRoot, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`the site did not build:\n${build.stdout}\n${build.stderr}`);

  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), `oasis-${name}-`));
  const database = await createEmptyPostgres(adminUrl, name.replaceAll('-', '_'));
  const s3: S3StandIn = await startS3StandIn();
  const smtp = await startSmtpStandIn();
  const started: Instance[] = [];
  const sharedEnv = {
    SITE_URL: siteUrl,
    DATABASE_URL: database.url,
    ...s3.env(),
    SMTP_URL: smtp.url,
    MAIL_FROM: 'Oasis <no-reply@localhost>',
    CONTACT_EMAIL: 'owner@example.com',
    TRUST_PROXY: '1',
    MEDIA_SIGNING_SECRET: 'deploy-recipe-media-signing-secret-0123456789',
    METRICS_TOKEN,
    SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
    SEED_DEMO: 'true',
    ADMIN_PASSWORD: 'deploy-recipe-admin-password',
    LOG_LEVEL: 'warn',
  };

  /** One instance as systemd would start it: the unit's command and environment, then the site's. */
  async function startInstance(name: string, env: Record<string, string>, port?: number): Promise<Instance> {
    port ??= await freePort();
    const unit = readUnit(port);
    expect(unit.command).toBe('/usr/bin/node');
    const child = spawn(process.execPath, unit.args, {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        ...env,
        ...unit.env,
        // Where /var/lib/oasis would be; unused on PostgreSQL and S3, but the lock lives there.
        DATA_DIR: path.join(tmp, `data-${name}`),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output: string[] = [];
    child.stdout?.on('data', (chunk) => output.push(String(chunk)));
    child.stderr?.on('data', (chunk) => output.push(String(chunk)));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    const instance = { name, port, url: `http://127.0.0.1:${port}`, process: child, output, exited };
    started.push(instance);
    await until(60_000, `${name} answers /api/health/ready\n${output.join('')}`, async () => {
      if (child.exitCode !== null) throw new Error(`${name} exited (${child.exitCode}):\n${output.join('')}`);
      return (await direct(instance, '/api/health/ready').catch(() => null))?.status === 200;
    });
    return instance;
  }

  async function stop(instance: Instance) {
    if (instance.process.exitCode === null) instance.process.kill('SIGINT');
    await instance.exited;
  }

  async function stopServices() {
    for (const instance of started) await stop(instance);
    await database.drop();
    await s3.close();
    await smtp.close();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  let a: Instance;
  let b: Instance;
  try {
    a = await startInstance('A', sharedEnv);
    b = await startInstance('B', sharedEnv);
  } catch (error) {
    await stopServices();
    throw error;
  }
  const db = await openDatabase({ url: database.url });
  const admin = (await signIn(db.db, 'admin')).headers;

  return {
    tmp,
    db,
    smtp,
    sharedEnv,
    a,
    b,
    admin,
    startInstance,
    stop,
    async signInAs(userId) {
      const { token } = await createSession(db.db, userId, 'learner');
      return { authorization: `Bearer ${token}` };
    },
    async runCli(args, env) {
      const child = spawn(process.execPath, ['scripts/start.mjs', ...args], {
        cwd: repoRoot,
        env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: path.join(tmp, 'data-cli'), ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
        timeout: 90_000,
      });
      let output = '';
      child.stdout?.on('data', (chunk) => (output += chunk));
      child.stderr?.on('data', (chunk) => (output += chunk));
      const status = await new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
      return { status, output };
    },
    async close() {
      await db.close();
      await stopServices();
    },
  };
}

/** The page's content without its per-answer parts (the CSP nonce and script hashes live in the head). */
export function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

/** Polls `check` every 20 ms; resolves with the milliseconds it took, fails after `withinMs`. */
export async function until(withinMs: number, what: string, check: () => boolean | Promise<boolean>): Promise<number> {
  const began = performance.now();
  for (;;) {
    if (await check()) return performance.now() - began;
    if (performance.now() - began > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
