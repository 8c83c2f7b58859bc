import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courseListSchema } from '@oasis/shared/api';
import { DEFAULT_SHUTDOWN_DRAIN_MS } from '../src/config.ts';
import { CLOSING_QUIET_MS, IDLE_GRACE_MS } from '../src/modules/health/lifecycle.ts';
import { seedCourse, seedModule, seedVideo } from '../src/db/factories.ts';
import {
  nginxFile,
  nginxInstalled,
  type RecipeProxy,
  progressPost,
  rollingRestartUnderLoad,
  secondsIn,
  startNginx,
} from './deploy-recipe-proxies.ts';
import { adminUrl, answered, DRAIN_MS, direct, json, plainGet, type Site, startSite } from './deploy-recipe-site.ts';
import { freePort } from './server-process.ts';
import { fakeMp4, multipart } from './uploads.ts';

/**
 * The deployment recipe behind nginx with deploy/nginx-oasis.conf instead of Caddy: the same site
 * (deploy-recipe-site.ts), nginx run as this user with its files under tmp. nginx's open-source
 * build has no active health checks: the instances' drain alone keeps a rolling restart free of
 * failures. See docs/deploy.md.
 *
 * Runs with TEST_DATABASE_URL when nginx is installed; in CI a missing nginx fails instead of skipping.
 */

if (adminUrl && process.env.CI && !nginxInstalled) throw new Error('CI runs the deploy recipe: install nginx');

describe('the nginx site file', () => {
  it('lets go of an idle connection to an instance before a drain ends, retries safely and takes a video', () => {
    // Unused through a whole drain, a kept-alive connection is closed by nginx, never by the
    // stopping instance while a request goes out on it (a POST lost so could not be retried). The
    // rolling restart below proves it with the shorter drain of these tests.
    const keepalive = secondsIn(nginxFile, 'keepalive_timeout');
    expect(keepalive).toBeGreaterThan(0);
    expect(keepalive).toBeLessThan(DRAIN_MS);
    expect(DRAIN_MS).toBeLessThanOrEqual(DEFAULT_SHUTDOWN_DRAIN_MS);
    // Nor once the instance has stopped accepting: it leaves open connections alone for longer.
    expect(keepalive).toBeLessThan(IDLE_GRACE_MS);
    const text = fs.readFileSync(nginxFile, 'utf8');
    // A GET answered 503 after the drain leaves the instance out, for every worker (a shared zone),
    // for longer than the instance waits for quiet before it stops accepting.
    expect(text).toMatch(/\n\s*zone oasis \d+k;/);
    const servers = [...text.matchAll(/\n\s*server \S+ max_fails=(\d+) fail_timeout=(\d+)s;/g)];
    expect(servers).toHaveLength(2);
    for (const [, maxFails, failTimeout] of servers) {
      expect(Number(maxFails)).toBe(1);
      expect(Number(failTimeout) * 1_000).toBeGreaterThan(CLOSING_QUIET_MS);
    }
    // Another instance is tried when one cannot be reached or answers 502/503; never a POST that
    // was sent (no `non_idempotent`).
    expect(text.match(/\n\s*proxy_next_upstream ([^;]*);/)?.[1]).toBe('error timeout http_502 http_503');
    // A lesson video of MAX_VIDEO_BYTES (2 GiB by default) and the form around it.
    const maxBody = Number(text.match(/client_max_body_size (\d+)m;/)?.[1]) * 1024 ** 2;
    expect(maxBody).toBeGreaterThan(2 * 1024 ** 3);
  });
});

describe.skipIf(!adminUrl || !nginxInstalled)('the deploy recipe: two instances behind nginx', () => {
  let site: Site;
  let proxy: RecipeProxy;
  let httpsPort: number;

  beforeAll(async () => {
    httpsPort = await freePort();
    const httpPort = await freePort();
    site = await startSite('deploy-nginx', `https://localhost:${httpsPort}`);
    proxy = await startNginx(site, { httpPort, httpsPort });
  }, 300_000);

  afterAll(async () => {
    await proxy?.stop();
    await site?.close();
  }, 60_000);

  it('nginx serves the site over TLS from both instances, and sends plain HTTP to HTTPS', async () => {
    const plain = await plainGet(proxy.httpPort, '/courses');
    expect(plain.status).toBe(308);
    expect(plain.headers.location).toBe('https://localhost/courses');

    const home = await proxy.request('/');
    expect(home.status).toBe(200);
    expect(home.text).toContain(`<link rel="canonical" href="https://localhost:${httpsPort}/"`);
    expect(home.headers['strict-transport-security']).toBeDefined();

    // Round robin: twenty requests reach both.
    const before = [await answered(site.a, '/api/health'), await answered(site.b, '/api/health')];
    for (let i = 0; i < 20; i++) expect((await proxy.request('/api/health')).status).toBe(200);
    expect((await answered(site.a, '/api/health')) - (before[0] ?? 0)).toBeGreaterThanOrEqual(5);
    expect((await answered(site.b, '/api/health')) - (before[1] ?? 0)).toBeGreaterThanOrEqual(5);
  });

  it("a client's own X-Forwarded-For does not reach the instances: the per-address limit holds", async () => {
    // Ten password-reset requests per address; each here claims another address, and a different
    // e-mail address so that only the per-address limit can stop the eleventh.
    const forgot = (i: number) =>
      proxy.request('/api/auth/forgot-password', {
        method: 'POST',
        headers: json({ 'x-forwarded-for': `203.0.113.${i}` }),
        body: JSON.stringify({ email: `nobody-${i}-${Date.now()}@example.com` }),
      });
    for (let i = 1; i <= 10; i++) expect((await forgot(i)).status, `request ${i}`).toBe(200);
    expect((await forgot(11)).status).toBe(429);
  });

  it('a lesson video larger than nginx’s default body limit uploads through it', async () => {
    const course = await seedCourse(site.db.db);
    const module = await seedModule(site.db.db, { courseId: course.id });
    const video = await seedVideo(site.db.db, { moduleId: module.id });
    const bytes = fakeMp4(3 * 1024 * 1024);
    const form = await multipart(
      { title: 'Walkthrough', video: { data: bytes, filename: 'lesson.mp4', type: 'video/mp4' } },
      site.admin,
    );
    const put = await proxy.request(`/api/vimeo/update/${video.id}`, { method: 'PUT', ...form, body: form.payload });
    expect(put.status, put.text).toBe(200);
  });

  it('a rolling restart (A, then B) under load with a POST share through nginx: zero failed requests', async () => {
    const [course] = courseListSchema.parse(JSON.parse((await direct(site.a, '/api/courses/course')).text));
    const paths = ['/', '/courses', '/api/courses/course', '/api/hero/get', '/why-dubai', `/courses/${course?.slug}`];
    for (const url of paths) expect((await proxy.request(url)).status, url).toBe(200);
    const post = await progressPost(site);
    const posted = await proxy.request('/api/progress', post);
    expect(posted.status, posted.text).toBe(200);
    await rollingRestartUnderLoad(site, proxy, paths, post);
  }, 600_000);
});
