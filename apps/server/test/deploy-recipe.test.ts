import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListSchema, heroSchema } from '@oasis/shared/api';
import { imageSchema } from '@oasis/shared/media';
import { DEFAULT_SHUTDOWN_DRAIN_MS, PROXY_HEALTH_INTERVAL_MS } from '../src/config.ts';
import { type Database, openDatabase } from '../src/db/client.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../src/db/factories.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { repoRoot } from './built-site.ts';
import { createEmptyPostgres } from './helpers.ts';
import { type S3StandIn, startS3StandIn } from './s3-stand-in.ts';
import { freePort } from './server-process.ts';
import { type SmtpStandIn, startSmtpStandIn } from './smtp-stand-in.ts';
import { fakeMp4, jpeg, multipart, signIn } from './uploads.ts';

/**
 * The deployment recipe in deploy/, run as it is written: two compiled instances started with the
 * systemd unit's own environment and command (deploy/oasis@.service), on one PostgreSQL database
 * and one S3-protocol store (s3rver), behind Caddy with deploy/Caddyfile (TLS from Caddy's local
 * authority, health checks on /api/health/ready), an SMTP server catching the e-mail. Everything
 * on loopback, started here. See docs/deploy.md and docs/decisions/016-several-instances.md.
 *
 * Runs with TEST_DATABASE_URL (the API suite on PostgreSQL, as CI runs it) when `caddy` is
 * installed; in CI a missing caddy fails instead of skipping.
 */

const adminUrl = process.env.TEST_DATABASE_URL;
const caddyInstalled = spawnSync('caddy', ['version']).status === 0;
if (adminUrl && process.env.CI && !caddyInstalled) throw new Error('CI runs the deploy recipe: install caddy');

const unitFile = path.join(repoRoot, 'deploy/oasis@.service');
const caddyFile = path.join(repoRoot, 'deploy/Caddyfile');
const METRICS_TOKEN = 'deploy-recipe-metrics-token';
/** Shorter than the recipe's default, still well above Caddy's one-second health check. */
const DRAIN_MS = 3_000;
/**
 * Requests through the proxy during the rolling restart (a quarter of them POSTs): at least this
 * many, and as many more as the restart takes. 25,000 is the full-size run (DEPLOY_LOAD_REQUESTS=25000,
 * measured in docs/deploy.md); the default keeps the suite short.
 */
const LOAD_REQUESTS = Number(process.env.DEPLOY_LOAD_REQUESTS ?? 5_000);
/** A request that hangs fails the test instead of holding it. */
const REQUEST_TIMEOUT_MS = 20_000;

/** The unit's `Environment=` pairs and `ExecStart=` command, with `%i` (the port) filled in. */
function readUnit(port: number) {
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

interface Instance {
  name: string;
  port: number;
  url: string;
  process: ChildProcess;
  output: string[];
  exited: Promise<number | null>;
}

/** An answer read whole. */
interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  text: string;
}

describe('the systemd unit and the Caddyfile', () => {
  it("the Caddyfile's health checks are as often as the server's drain assumes", () => {
    const caddyfile = fs.readFileSync(caddyFile, 'utf8');
    const seconds = (name: string) => Number(caddyfile.match(new RegExp(`\\n\\s*${name} (\\d+)s\\n`))?.[1]) * 1_000;
    expect(seconds('health_interval')).toBe(PROXY_HEALTH_INTERVAL_MS);
    // A stopping instance answers through the next check and a check under way.
    expect(DEFAULT_SHUTDOWN_DRAIN_MS).toBeGreaterThanOrEqual(seconds('health_interval') + seconds('health_timeout'));
    // Idle connections are let go before an instance's keep-alive timeout closes them.
    expect(seconds('keepalive')).toBeLessThan(72_000);
  });

  it('runs the server with the flags and environment `npm start` gives it', async () => {
    const { SERVER_ENV, SERVER_NODE_ARGS } = await import('../../../scripts/server-process.mjs');
    const unit = readUnit(3000);
    expect(unit.args).toEqual([...SERVER_NODE_ARGS, 'apps/server/dist/server.js']);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(unit.env[name]).toBe(value);
  });
});

describe.skipIf(!adminUrl || !caddyInstalled)('the deploy recipe: two instances behind Caddy', () => {
  let tmp: string;
  let database: { url: string; drop(): Promise<void> };
  let db: Database;
  let s3: S3StandIn;
  let smtp: SmtpStandIn;
  let sharedEnv: Record<string, string>;
  let a: Instance;
  let b: Instance;
  let caddy: ChildProcess;
  const caddyOutput: string[] = [];
  let httpsPort: number;
  let httpPort: number;
  let agent: https.Agent;
  let admin: { authorization: string };
  const started: Instance[] = [];

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

  function read(res: http.IncomingMessage): Promise<Answer> {
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

  interface RequestOptions {
    method?: string;
    headers?: Record<string, string>;
    body?: Buffer | string;
  }

  /** A request straight to one instance, bypassing the proxy. */
  function direct(instance: Instance, url: string, options: RequestOptions = {}): Promise<Answer> {
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

  /** A request through Caddy over HTTPS, as a visitor's browser makes it (the local CA trusted). */
  function proxied(url: string, options: RequestOptions = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port: httpsPort,
          servername: 'localhost',
          path: url,
          method: options.method ?? 'GET',
          headers: { host: `localhost:${httpsPort}`, ...options.headers },
          agent,
          timeout: REQUEST_TIMEOUT_MS,
        },
        (res) => read(res).then(resolve, reject),
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(options.body);
    });
  }

  const json = (headers: Record<string, string> = {}) => ({ ...headers, 'content-type': 'application/json' });

  /** Requests an instance has answered for `route`, from its /metrics. */
  async function answered(instance: Instance, route: string): Promise<number> {
    const metrics = await direct(instance, '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(metrics.status).toBe(200);
    let total = 0;
    for (const line of metrics.text.split('\n'))
      if (line.startsWith('oasis_http_request_duration_seconds_count{') && line.includes(`route="${route}"`))
        total += Number(line.split(' ').at(-1));
    return total;
  }

  beforeAll(async () => {
    if (!adminUrl) return;
    const build = spawnSync(process.execPath, ['scripts/start.mjs', '--build-only'], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    if (build.status !== 0) throw new Error(`the site did not build:\n${build.stdout}\n${build.stderr}`);

    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-deploy-'));
    database = await createEmptyPostgres(adminUrl, 'deploy');
    s3 = await startS3StandIn();
    smtp = await startSmtpStandIn();
    httpsPort = await freePort();
    httpPort = await freePort();
    sharedEnv = {
      // What /etc/oasis/oasis.env holds for this recipe (docs/deploy.md).
      SITE_URL: `https://localhost:${httpsPort}`,
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
    // One at a time: the first runs the migrations and seeds the demo content.
    a = await startInstance('A', sharedEnv);
    b = await startInstance('B', sharedEnv);
    db = await openDatabase({ url: database.url });
    admin = (await signIn(db.db, 'admin')).headers;

    // Caddy with the recipe's Caddyfile, as is; the wrapper holds what a test run needs instead of
    // a public host name: loopback ports, Caddy's own local authority for the certificate, its
    // files under tmp and no admin endpoint.
    const caddyHome = path.join(tmp, 'caddy');
    fs.mkdirSync(caddyHome);
    const wrapper = path.join(caddyHome, 'Caddyfile');
    fs.writeFileSync(
      wrapper,
      [
        '{',
        '\tadmin off',
        '\tskip_install_trust',
        '\tdefault_bind 127.0.0.1',
        `\tstorage file_system ${caddyHome}/storage`,
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        '}',
        `import ${caddyFile}`,
        '',
      ].join('\n'),
    );
    caddy = spawn('caddy', ['run', '--config', wrapper, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH,
        HOME: caddyHome,
        XDG_DATA_HOME: caddyHome,
        XDG_CONFIG_HOME: caddyHome,
        OASIS_SITE_ADDRESS: 'localhost',
        OASIS_UPSTREAMS: `127.0.0.1:${a.port} 127.0.0.1:${b.port}`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    caddy.stdout?.on('data', (chunk) => caddyOutput.push(String(chunk)));
    caddy.stderr?.on('data', (chunk) => caddyOutput.push(String(chunk)));
    const rootCertificate = path.join(caddyHome, 'storage/pki/authorities/local/root.crt');
    await until(30_000, `Caddy's local authority\n${caddyOutput.join('')}`, () => fs.existsSync(rootCertificate));
    agent = new https.Agent({ keepAlive: true, maxSockets: 16, ca: fs.readFileSync(rootCertificate) });
    await until(30_000, `Caddy answers over TLS\n${caddyOutput.join('')}`, async () => {
      if (caddy.exitCode !== null) throw new Error(`caddy exited:\n${caddyOutput.join('')}`);
      return (await proxied('/api/health/ready').catch(() => null))?.status === 200;
    });
  }, 300_000);

  afterAll(async () => {
    agent?.destroy();
    if (caddy && caddy.exitCode === null) {
      caddy.kill('SIGTERM');
      await new Promise((resolve) => caddy.once('exit', resolve));
    }
    for (const instance of started) await stop(instance);
    await db?.close();
    await database?.drop();
    await s3?.close();
    await smtp?.close();
    if (tmp) fs.rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('the unit passes systemd-analyze, and Caddy serves the site over TLS from both instances', async () => {
    const analyze = spawnSync('systemd-analyze', ['verify', unitFile], { encoding: 'utf8' });
    if (analyze.error === undefined) {
      // The template checked as an instance (oasis@3001.service), as systemctl would load it.
      const copy = path.join(tmp, 'oasis@3001.service');
      fs.copyFileSync(unitFile, copy);
      const verified = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
      expect(verified.stderr.trim()).toBe('');
      expect(verified.status).toBe(0);
    }

    // Plain HTTP is sent to HTTPS.
    const plain = await new Promise<Answer>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port: httpPort, path: '/courses', headers: { host: 'localhost' } }, (res) =>
          read(res).then(resolve, reject),
        )
        .on('error', reject),
    );
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe('https://localhost/courses');

    const home = await proxied('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`<link rel="canonical" href="https://localhost:${httpsPort}/"`);

    // Round robin: twenty requests reach both.
    const before = [await answered(a, '/api/health'), await answered(b, '/api/health')];
    for (let i = 0; i < 20; i++) expect((await proxied('/api/health')).status).toBe(200);
    expect((await answered(a, '/api/health')) - (before[0] ?? 0)).toBeGreaterThanOrEqual(5);
    expect((await answered(b, '/api/health')) - (before[1] ?? 0)).toBeGreaterThanOrEqual(5);
  });

  it('an admin edit through A shows on a page served by B within one second', async () => {
    const hero = heroSchema.parse(JSON.parse((await direct(b, '/api/hero/get')).text));
    // B has the home page in its page cache.
    const cached = await direct(b, '/');
    expect(cached.text).toContain(hero.title.replaceAll('&', '&amp;'));
    expect((await direct(b, '/')).headers.etag).toBe(cached.headers.etag);

    const title = `Homes on the creek ${Date.now()}`;
    const put = await direct(a, '/api/hero/update', {
      method: 'PUT',
      headers: json(admin),
      body: JSON.stringify({ title, subtitle: hero.subtitle }),
    });
    expect(put.status, put.text).toBe(200);
    const written = performance.now();
    const ms = await until(1_000, `B's home page shows '${title}'`, async () =>
      (await direct(b, '/')).text.includes(title),
    );
    expect(ms).toBeLessThan(1_000);
    expect(performance.now() - written).toBeLessThan(1_500);
  });

  it('an image uploaded through A is served through B; a private lesson file needs a valid link', async () => {
    const picture = await jpeg(900, 500, '#c84');
    const image = await multipart({ image: { data: picture, filename: 'creek.jpg', type: 'image/jpeg' } }, admin);
    const uploaded = await direct(a, '/api/admin/media/images', { method: 'POST', ...image, body: image.payload });
    expect(uploaded.status, uploaded.text).toBe(201);
    const { base } = imageSchema.parse(JSON.parse(uploaded.text));
    const viaA = await direct(a, `${base}/640.webp`);
    const viaB = await direct(b, `${base}/640.webp`);
    expect(viaA.status).toBe(200);
    expect(viaB.status).toBe(200);
    expect(viaB.body.equals(viaA.body)).toBe(true);
    expect((await proxied(`${base}/640.webp`)).body.equals(viaA.body)).toBe(true);

    // A lesson whose file is uploaded through A, and a learner enrolled in its course.
    const course = await seedCourse(db.db);
    const module = await seedModule(db.db, { courseId: course.id });
    const video = await seedVideo(db.db, { moduleId: module.id });
    const bytes = fakeMp4(3 * 1024 * 1024);
    const form = await multipart(
      { title: 'Walkthrough', video: { data: bytes, filename: 'lesson.mp4', type: 'video/mp4' } },
      admin,
    );
    const put = await direct(a, `/api/vimeo/update/${video.id}`, { method: 'PUT', ...form, body: form.payload });
    expect(put.status, put.text).toBe(200);
    const learner = await seedUser(db.db, { role: 'learner' });
    await seedEnrolment(db.db, { userId: learner.id, courseId: course.id });
    const session = await signInAs(learner.id);

    // B knows the course (the upload through A reached it) and hands the learner a signed link.
    let link = '';
    await until(1_000, 'B lists the uploaded lesson', async () => {
      const detail = await direct(b, `/api/courses/course/slug/${course.slug}`, { headers: session });
      if (detail.status !== 200) return false;
      link = courseDetailSchema.parse(JSON.parse(detail.text)).modules[0]?.videos[0]?.videoUrl ?? '';
      return link.startsWith(`/api/videos/${video.id}/stream?`);
    });
    const whole = await proxied(link);
    expect(whole.status).toBe(200);
    expect(whole.body.equals(bytes)).toBe(true);
    const range = await direct(b, link, { headers: { range: 'bytes=1048576-1048675' } });
    expect(range.status).toBe(206);
    expect(range.body.equals(bytes.subarray(1_048_576, 1_048_676))).toBe(true);

    // Without the signature, with a forged one, or with the expiry moved: refused on either.
    const plain = `/api/videos/${video.id}/stream`;
    const forged = link.replace(/sig=[\w-]+/, `sig=${'A'.repeat(43)}`);
    const later = link.replace(/exp=(\d+)/, (_, exp: string) => `exp=${Number(exp) + 3600}`);
    for (const url of [plain, forged, later]) {
      expect((await direct(a, url)).status, url).toBe(403);
      expect((await proxied(url)).status, url).toBe(403);
    }
  });

  it('ten failed sign-ins spread over A and B trigger the limit, on both and through the proxy', async () => {
    const email = `spread-${Date.now()}@example.com`;
    await seedUser(db.db, { email, password: 'the-right-password-123' });
    const login = (answer: (url: string, options: RequestOptions) => Promise<Answer>, password: string) =>
      answer('/api/auth/login', {
        method: 'POST',
        headers: json(),
        body: JSON.stringify({ email, password }),
      });
    for (let i = 0; i < 10; i++) {
      const instance = i % 2 === 0 ? a : b;
      const res = await login((url, options) => direct(instance, url, options), `wrong-${i}`);
      expect(res.status, `try ${i + 1} through ${instance.name}`).toBe(401);
    }
    expect((await login((url, options) => direct(a, url, options), 'the-right-password-123')).status).toBe(429);
    expect((await login((url, options) => direct(b, url, options), 'the-right-password-123')).status).toBe(429);
    expect((await login(proxied, 'the-right-password-123')).status).toBe(429);
  });

  it('a lead submitted through A is e-mailed exactly once, with both instances sending', async () => {
    const email = `lead-${Date.now()}@example.com`;
    const lead = await direct(a, '/api/consultations', {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({
        fullName: 'Omar Haddad',
        email,
        phone: '+971501234567',
        investmentInterest: 'Investment',
        investmentAmount: '3m-5m',
        preferredTime: 'Weekday PM',
      }),
    });
    expect(lead.status, lead.text).toBe(201);
    const about = () => smtp.messages.filter((m) => m.to.includes(email) || m.text.includes(email));
    await until(15_000, 'the lead e-mails sent', () => about().length >= 2);
    // Both outbox workers poll every 5 s: give each more than one more look at the outbox.
    await new Promise((resolve) => setTimeout(resolve, 11_000));
    const mails = about();
    expect(mails.map((m) => m.to.join(',')).sort()).toEqual([email, 'owner@example.com'].sort());
    expect(new Set(mails.map((m) => m.messageId)).size).toBe(2);
  }, 40_000);

  it('a rolling restart (A, then B) under load with a POST share through the proxy: zero failed requests', async () => {
    const [course] = courseListSchema.parse(JSON.parse((await direct(a, '/api/courses/course')).text));
    const paths = ['/', '/courses', '/api/courses/course', '/api/hero/get', '/why-dubai', `/courses/${course?.slug}`];
    for (const url of paths) expect((await proxied(url)).status, url).toBe(200);
    // A learner marks a lesson finished, again and again: a write a proxy may not send twice.
    const lessonCourse = await seedCourse(db.db);
    const lessonModule = await seedModule(db.db, { courseId: lessonCourse.id });
    const lesson = await seedVideo(db.db, { moduleId: lessonModule.id });
    const learner = await seedUser(db.db, { role: 'learner' });
    await seedEnrolment(db.db, { userId: learner.id, courseId: lessonCourse.id });
    const post = {
      method: 'POST',
      headers: json(await signInAs(learner.id)),
      body: JSON.stringify({ videoId: lesson.id }),
    };
    const posted = await proxied('/api/progress', post);
    expect(posted.status, posted.text).toBe(200);

    const failures: string[] = [];
    const statuses = new Map<string, number>();
    let done = 0;
    let posts = 0;
    let restarted = false;
    let issued = 0;
    const worker = async () => {
      while (done < LOAD_REQUESTS || !restarted) {
        const i = issued++;
        // One request in four is the POST.
        const isPost = i % 4 === 0;
        const url = isPost ? '/api/progress' : (paths[i % paths.length] ?? '/');
        try {
          const res = await proxied(url, isPost ? post : {});
          const key = `${isPost ? 'POST' : 'GET'} ${res.status}`;
          statuses.set(key, (statuses.get(key) ?? 0) + 1);
          if (res.status !== 200) failures.push(`${key} ${url}: ${res.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(`${url}: ${(error as Error).message}`);
        }
        if (isPost) posts++;
        done++;
      }
    };
    const load = Promise.all(Array.from({ length: 8 }, () => worker()));

    /** SIGTERM as systemd sends it, then the same instance started again and back in rotation. */
    const restart = async (instance: Instance) => {
      const served = await answered(instance, '/api/progress');
      const stopping = performance.now();
      instance.process.kill('SIGTERM');
      const code = await instance.exited;
      const stopMs = performance.now() - stopping;
      expect(code).toBe(0);
      // It drained (readiness 503 while answering) before it stopped.
      expect(stopMs).toBeGreaterThanOrEqual(DRAIN_MS);
      expect(served).toBeGreaterThan(0);
      const again = await startInstance(instance.name, sharedEnv, instance.port);
      await until(
        10_000,
        `${instance.name} back in rotation`,
        async () => (await answered(again, '/api/progress')) > 0,
      );
      // Settled in rotation (a few health checks passed) before the next instance stops, as an
      // operator waits for readiness between the two restarts.
      await new Promise((resolve) => setTimeout(resolve, 3 * PROXY_HEALTH_INTERVAL_MS));
      return again;
    };
    await until(60_000, 'load under way', async () => done >= Math.min(2_000, LOAD_REQUESTS / 4));
    a = await restart(a);
    b = await restart(b);
    restarted = true;
    await load;

    console.log(
      `deploy recipe: ${done} requests (${posts} POST) through a rolling restart behind Caddy, ${failures.length} failed: ${JSON.stringify(Object.fromEntries(statuses))}`,
    );
    // What Caddy says of a failure, when there is one.
    expect(
      failures,
      caddyOutput
        .join('')
        .split('\n')
        .filter((line) => /"error"|status code/.test(line))
        .slice(0, 20)
        .join('\n'),
    ).toEqual([]);
    expect(done).toBeGreaterThanOrEqual(LOAD_REQUESTS);
    expect([...statuses.keys()].sort()).toEqual(['GET 200', 'POST 200']);
  }, 600_000);

  it('backup, then restore on a fresh database and bucket, gives the same site', async () => {
    // Something uploaded, so the archive holds media.
    const picture = await jpeg(640, 360, '#357');
    const image = await multipart({ image: { data: picture, filename: 'tower.jpg', type: 'image/jpeg' } }, admin);
    const uploaded = await direct(a, '/api/admin/media/images', { method: 'POST', ...image, body: image.payload });
    expect(uploaded.status, uploaded.text).toBe(201);
    const { base } = imageSchema.parse(JSON.parse(uploaded.text));

    const out = path.join(tmp, 'backups');
    const backup = await runCli(['backup', '--out', out], sharedEnv);
    expect(backup.status, backup.output).toBe(0);
    const [archive] = fs.readdirSync(out);
    expect(archive).toMatch(/^oasis-backup-.+\.tar\.gz$/);

    const fresh = await createEmptyPostgres(adminUrl ?? '', 'restored');
    const freshBucket = await startS3StandIn('oasis-restored');
    let c: Instance | undefined;
    try {
      const env = { ...sharedEnv, DATABASE_URL: fresh.url, ...freshBucket.env(), SEED_DEMO: 'false' };
      const restore = await runCli(['restore', path.join(out, archive ?? '')], env);
      expect(restore.status, restore.output).toBe(0);
      c = await startInstance('C', env);
      for (const url of [
        '/api/hero/get',
        '/api/intro/intro',
        '/api/courses/course',
        '/api/blogs/blogs',
        '/api/settings',
        '/api/youtube/get',
      ]) {
        const [before, after] = [await direct(a, url), await direct(c, url)];
        expect(after.status, url).toBe(before.status);
        expect(after.text, url).toBe(before.text);
      }
      for (const url of ['/', '/courses', '/why-dubai']) {
        const [before, after] = [await direct(a, url), await direct(c, url)];
        expect(after.status, url).toBe(200);
        expect(mainOf(after.text), url).toBe(mainOf(before.text));
      }
      for (const file of ['640.jpg', '320.webp']) {
        expect((await direct(c, `${base}/${file}`)).body.equals((await direct(a, `${base}/${file}`)).body), file).toBe(
          true,
        );
      }
      // The admin still signs in: sessions and accounts came back too.
      expect((await direct(c, '/api/auth/user', { headers: admin })).status).toBe(200);
    } finally {
      if (c) await stop(c);
      await freshBucket.close();
      await fresh.drop();
    }
  }, 120_000);

  /** `npm run backup` / `npm run restore` as the owner runs them, on the site's configuration. */
  async function runCli(args: string[], env: Record<string, string>) {
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
  }

  /** A bearer header for a session of `userId`, made the way a sign-in makes it. */
  async function signInAs(userId: string) {
    const { token } = await createSession(db.db, userId, 'learner');
    return { authorization: `Bearer ${token}` };
  }
});

/** The page's content without its per-answer parts (the CSP nonce and script hashes live in the head). */
function mainOf(html: string): string {
  return html.slice(html.indexOf('<main'), html.indexOf('</main>'));
}

/** Polls `check` every 20 ms; resolves with the milliseconds it took, fails after `withinMs`. */
async function until(withinMs: number, what: string, check: () => boolean | Promise<boolean>): Promise<number> {
  const began = performance.now();
  for (;;) {
    if (await check()) return performance.now() - began;
    if (performance.now() - began > withinMs) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
