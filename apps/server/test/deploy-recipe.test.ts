import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseDetailSchema, courseListSchema, heroSchema } from '@oasis/shared/api';
import { imageSchema } from '@oasis/shared/media';
import { DEFAULT_SHUTDOWN_DRAIN_MS, PROXY_HEALTH_INTERVAL_MS } from '../src/config.ts';
import { CONTENT_CHANNEL } from '../src/lib/instance-sync.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../src/db/factories.ts';
import {
  caddyFile,
  caddyInstalled,
  type RecipeProxy,
  progressPost,
  rollingRestartUnderLoad,
  secondsIn,
  startCaddy,
} from './deploy-recipe-proxies.ts';
import {
  type Answer,
  adminUrl,
  answered,
  direct,
  type Instance,
  json,
  mainOf,
  plainGet,
  type RequestOptions,
  readUnit,
  type Site,
  startSite,
  unitFile,
  until,
} from './deploy-recipe-site.ts';
import { createEmptyPostgres } from './helpers.ts';
import { startS3StandIn } from './s3-stand-in.ts';
import { freePort } from './server-process.ts';
import { fakeMp4, jpeg, multipart } from './uploads.ts';

/**
 * The deployment recipe in deploy/, run as it is written, behind Caddy with deploy/Caddyfile (TLS
 * from Caddy's local authority, health checks on /api/health/ready): the site of
 * deploy-recipe-site.ts (two compiled instances on one PostgreSQL database and one S3-protocol
 * store). deploy-recipe-nginx.test.ts runs it behind nginx. See docs/deploy.md and
 * docs/decisions/016-several-instances.md.
 *
 * Runs with TEST_DATABASE_URL (the API suite on PostgreSQL, as CI runs it) when `caddy` is
 * installed; in CI a missing caddy fails instead of skipping.
 */

if (adminUrl && process.env.CI && !caddyInstalled) throw new Error('CI runs the deploy recipe: install caddy');

describe('the systemd unit and the Caddyfile', () => {
  it("the Caddyfile's health checks are as often as the server's drain assumes", () => {
    expect(secondsIn(caddyFile, 'health_interval')).toBe(PROXY_HEALTH_INTERVAL_MS);
    // A stopping instance answers through the next check and a check under way.
    expect(DEFAULT_SHUTDOWN_DRAIN_MS).toBeGreaterThanOrEqual(
      secondsIn(caddyFile, 'health_interval') + secondsIn(caddyFile, 'health_timeout'),
    );
    // Idle connections are let go before an instance's keep-alive timeout closes them.
    expect(secondsIn(caddyFile, 'keepalive')).toBeLessThan(72_000);
  });

  it('runs the server with the flags and environment `npm start` gives it', async () => {
    const { SERVER_ENV, SERVER_NODE_ARGS } = await import('../../../scripts/server-process.mjs');
    const unit = readUnit(3000);
    expect(unit.args).toEqual([...SERVER_NODE_ARGS, 'apps/server/dist/server.js']);
    for (const [name, value] of Object.entries(SERVER_ENV)) expect(unit.env[name]).toBe(value);
  });
});

describe.skipIf(!adminUrl || !caddyInstalled)('the deploy recipe: two instances behind Caddy', () => {
  let site: Site;
  let proxy: RecipeProxy;
  let a: Instance;
  let b: Instance;
  let db: Site['db'];
  let admin: Site['admin'];
  let httpsPort: number;
  const proxied = (url: string, options?: RequestOptions) => proxy.request(url, options);
  const signInAs = (userId: string) => site.signInAs(userId);

  beforeAll(async () => {
    httpsPort = await freePort();
    const httpPort = await freePort();
    site = await startSite('deploy', `https://localhost:${httpsPort}`);
    ({ a, b, db, admin } = site);
    proxy = await startCaddy(site, { httpPort, httpsPort });
  }, 300_000);

  afterAll(async () => {
    await proxy?.stop();
    await site?.close();
  }, 60_000);

  it('the unit passes systemd-analyze, and Caddy serves the site over TLS from both instances', async () => {
    const analyze = spawnSync('systemd-analyze', ['verify', unitFile], { encoding: 'utf8' });
    if (analyze.error === undefined) {
      // The template checked as an instance (oasis@3001.service), as systemctl would load it.
      const copy = path.join(site.tmp, 'oasis@3001.service');
      fs.copyFileSync(unitFile, copy);
      const verified = spawnSync('systemd-analyze', ['verify', copy], { encoding: 'utf8' });
      expect(verified.stderr.trim()).toBe('');
      expect(verified.status).toBe(0);
    }

    // Plain HTTP is sent to HTTPS.
    const plain = await plainGet(proxy.httpPort, '/courses');
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
    const about = () => site.smtp.messages.filter((m) => m.to.includes(email) || m.text.includes(email));
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
    const post = await progressPost(site);
    const posted = await proxied('/api/progress', post);
    expect(posted.status, posted.text).toBe(200);
    await rollingRestartUnderLoad(site, proxy, paths, post);
    ({ a, b } = site);
  }, 600_000);

  it('backup, then restore on a fresh database and bucket, gives the same site', async () => {
    // Something uploaded, so the archive holds media.
    const picture = await jpeg(640, 360, '#357');
    const image = await multipart({ image: { data: picture, filename: 'tower.jpg', type: 'image/jpeg' } }, admin);
    const uploaded = await direct(a, '/api/admin/media/images', { method: 'POST', ...image, body: image.payload });
    expect(uploaded.status, uploaded.text).toBe(201);
    const { base } = imageSchema.parse(JSON.parse(uploaded.text));

    const out = path.join(site.tmp, 'backups');
    const backup = await site.runCli(['backup', '--out', out], site.sharedEnv);
    expect(backup.status, backup.output).toBe(0);
    const [archive] = fs.readdirSync(out);
    expect(archive).toMatch(/^oasis-backup-.+\.tar\.gz$/);

    const fresh = await createEmptyPostgres(adminUrl ?? '', 'restored');
    const freshBucket = await startS3StandIn('oasis-restored');
    let c: Instance | undefined;
    try {
      const env = { ...site.sharedEnv, DATABASE_URL: fresh.url, ...freshBucket.env(), SEED_DEMO: 'false' };
      const restore = await site.runCli(['restore', path.join(out, archive ?? '')], env);
      expect(restore.status, restore.output).toBe(0);
      c = await site.startInstance('C', env);
      // Other tests of this file seed rows straight into the database, which no instance hears of:
      // announce a change of everything, as a writer elsewhere would, so A answers what C reads.
      await db.db.execute(sql`select pg_notify(${CONTENT_CHANNEL}, ${JSON.stringify({ from: 'test', parts: null })})`);
      for (const url of [
        '/api/hero/get',
        '/api/intro/intro',
        '/api/courses/course',
        '/api/blogs/blogs',
        '/api/settings',
        '/api/youtube/get',
      ]) {
        const after = await direct(c, url);
        await expect.poll(async () => (await direct(a, url)).text, { message: url, timeout: 5000 }).toBe(after.text);
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
      if (c) await site.stop(c);
      await freshBucket.close();
      await fresh.drop();
    }
  }, 120_000);
});
