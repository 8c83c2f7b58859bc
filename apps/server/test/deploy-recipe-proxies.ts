import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import { PROXY_HEALTH_INTERVAL_MS } from '../src/config.ts';
import { seedCourse, seedEnrolment, seedModule, seedUser, seedVideo } from '../src/db/factories.ts';
import { repoRoot } from './built-site.ts';
import {
  type Answer,
  answered,
  DRAIN_MS,
  type Instance,
  json,
  type RequestOptions,
  REQUEST_TIMEOUT_MS,
  read,
  type Site,
  until,
} from './deploy-recipe-site.ts';

/**
 * The proxies of the deployment recipe, each run with its file in deploy/ as it is written, on
 * loopback ports, with its own files under the site's tmp folder and no root: Caddy with
 * deploy/Caddyfile, nginx with deploy/nginx-oasis.conf. And the scenario both must pass: a rolling
 * restart under load with a POST share.
 */

export const caddyFile = path.join(repoRoot, 'deploy/Caddyfile');
export const nginxFile = path.join(repoRoot, 'deploy/nginx-oasis.conf');
export const NGINX = '/usr/sbin/nginx';
export const caddyInstalled = spawnSync('caddy', ['version']).status === 0;
export const nginxInstalled = fs.existsSync(NGINX) && spawnSync(NGINX, ['-v']).status === 0;
/**
 * Requests through the proxy during the rolling restart (a quarter of them POSTs): at least this
 * many, and as many more as the restart takes. 25,000 is the full-size run (DEPLOY_LOAD_REQUESTS=25000,
 * measured in docs/benchmarks.md); the default keeps the suite short.
 */
const LOAD_REQUESTS = Number(process.env.DEPLOY_LOAD_REQUESTS ?? 5_000);

/** A number of seconds `file` sets with the directive `name`, in milliseconds. */
export function secondsIn(file: string, name: string): number {
  const text = fs.readFileSync(file, 'utf8');
  return Number(text.match(new RegExp(`\\n\\s*${name} (\\d+)s[;\\n]`))?.[1]) * 1_000;
}

/** A proxy in front of the site's two instances, serving it as https://localhost:<httpsPort>. */
export interface RecipeProxy {
  name: string;
  httpPort: number;
  httpsPort: number;
  /** A request through the proxy over HTTPS, as a visitor's browser makes it (its certificate trusted). */
  request(url: string, options?: RequestOptions): Promise<Answer>;
  /** What the proxy logged of failed requests, to show beside a failure. */
  errors(): string;
  stop(): Promise<void>;
}

interface Ports {
  httpPort: number;
  httpsPort: number;
}

function httpsRequester(port: number, ca: Buffer) {
  const agent = new https.Agent({ keepAlive: true, maxSockets: 16, ca });
  const request = (url: string, options: RequestOptions = {}) =>
    new Promise<Answer>((resolve, reject) => {
      const req = https.request(
        {
          host: '127.0.0.1',
          port,
          servername: 'localhost',
          path: url,
          method: options.method ?? 'GET',
          headers: { host: `localhost:${port}`, ...options.headers },
          agent,
          timeout: REQUEST_TIMEOUT_MS,
        },
        (res) => read(res).then(resolve, reject),
      );
      req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
      req.on('error', reject);
      req.end(options.body);
    });
  return { agent, request };
}

/** Runs `command`, keeping its output; `stop` ends it with `signal` and waits. */
function run(command: string, args: string[], env: Record<string, string | undefined>) {
  const child: ChildProcess = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  child.stdout?.on('data', (chunk) => output.push(String(chunk)));
  child.stderr?.on('data', (chunk) => output.push(String(chunk)));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  return {
    child,
    output,
    async stop(signal: NodeJS.Signals) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      await exited;
    },
  };
}

/** Waits until the proxy `child` passes a readiness request on over TLS. */
async function answering(name: string, child: ChildProcess, output: string[], request: RecipeProxy['request']) {
  await until(30_000, `${name} answers over TLS\n${output.join('')}`, async () => {
    if (child.exitCode !== null) throw new Error(`${name} exited:\n${output.join('')}`);
    return (await request('/api/health/ready').catch(() => null))?.status === 200;
  });
}

/** A started proxy as the tests use it: `failed` picks its log lines about failed requests. */
function recipeProxy(
  name: string,
  ports: Ports,
  proxy: ReturnType<typeof run>,
  client: ReturnType<typeof httpsRequester>,
  failed: RegExp,
  stopSignal: NodeJS.Signals,
): RecipeProxy {
  return {
    name,
    ...ports,
    request: client.request,
    errors: () =>
      proxy.output
        .join('')
        .split('\n')
        .filter((line) => failed.test(line))
        .slice(0, 20)
        .join('\n'),
    async stop() {
      client.agent.destroy();
      await proxy.stop(stopSignal);
    },
  };
}

/**
 * Caddy with the recipe's Caddyfile, as is; the wrapper holds what a test run needs instead of a
 * public host name: loopback ports, Caddy's own local authority for the certificate, its files
 * under tmp and no admin endpoint.
 */
export async function startCaddy(site: Site, { httpPort, httpsPort }: Ports): Promise<RecipeProxy> {
  const home = path.join(site.tmp, 'caddy');
  fs.mkdirSync(home);
  const wrapper = path.join(home, 'Caddyfile');
  fs.writeFileSync(
    wrapper,
    [
      '{',
      '\tadmin off',
      '\tskip_install_trust',
      '\tdefault_bind 127.0.0.1',
      `\tstorage file_system ${home}/storage`,
      `\thttp_port ${httpPort}`,
      `\thttps_port ${httpsPort}`,
      '}',
      `import ${caddyFile}`,
      '',
    ].join('\n'),
  );
  const caddy = run('caddy', ['run', '--config', wrapper, '--adapter', 'caddyfile'], {
    PATH: process.env.PATH,
    HOME: home,
    XDG_DATA_HOME: home,
    XDG_CONFIG_HOME: home,
    OASIS_SITE_ADDRESS: 'localhost',
    OASIS_UPSTREAMS: `127.0.0.1:${site.a.port} 127.0.0.1:${site.b.port}`,
  });
  const rootCertificate = path.join(home, 'storage/pki/authorities/local/root.crt');
  await until(30_000, `Caddy's local authority\n${caddy.output.join('')}`, () => fs.existsSync(rootCertificate));
  const { agent, request } = httpsRequester(httpsPort, fs.readFileSync(rootCertificate));
  await answering('Caddy', caddy.child, caddy.output, request);
  return recipeProxy('Caddy', { httpPort, httpsPort }, caddy, { agent, request }, /"error"|status code/, 'SIGTERM');
}

/** `text` with `from` replaced by `to`, failing when the recipe no longer holds `from`. */
function swap(text: string, from: string | RegExp, to: string): string {
  const changed = text.replace(from, to);
  if (changed === text) throw new Error(`deploy/nginx-oasis.conf no longer holds ${String(from)}`);
  return changed;
}

/**
 * nginx with the recipe's site file, its directives as written; what changes for a test run is
 * what an operator fills in (the instances' ports, the host name, the certificate: a self-signed
 * one here) and loopback ports for 80 and 443. The main configuration stands in for Debian's
 * /etc/nginx/nginx.conf, with the pid file, logs and temporary files under tmp.
 */
export async function startNginx(site: Site, { httpPort, httpsPort }: Ports): Promise<RecipeProxy> {
  const home = path.join(site.tmp, 'nginx');
  fs.mkdirSync(home);
  const certificate = path.join(home, 'cert.pem');
  const key = path.join(home, 'key.pem');
  const openssl = spawnSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2'].concat([
      '-subj',
      '/CN=localhost',
      '-addext',
      'subjectAltName=DNS:localhost',
      '-keyout',
      key,
      '-out',
      certificate,
    ]),
    { encoding: 'utf8' },
  );
  if (openssl.status !== 0) throw new Error(`openssl made no certificate:\n${openssl.stderr}`);

  let recipe = fs.readFileSync(nginxFile, 'utf8');
  recipe = swap(recipe, /server 127\.0\.0\.1:3001 /, `server 127.0.0.1:${site.a.port} `);
  recipe = swap(recipe, /server 127\.0\.0\.1:3002 /, `server 127.0.0.1:${site.b.port} `);
  recipe = swap(recipe, /\n\tlisten 80;\n\tlisten \[::\]:80;/, `\n\tlisten 127.0.0.1:${httpPort};`);
  recipe = swap(
    recipe,
    /\n\tlisten 443 ssl http2;\n\tlisten \[::\]:443 ssl http2;/,
    `\n\tlisten 127.0.0.1:${httpsPort} ssl http2;`,
  );
  recipe = swap(recipe, /server_name example\.com;/g, 'server_name localhost;');
  recipe = swap(recipe, '/etc/letsencrypt/live/example.com/fullchain.pem', certificate);
  recipe = swap(recipe, '/etc/letsencrypt/live/example.com/privkey.pem', key);
  const siteFile = path.join(home, 'oasis.conf');
  fs.writeFileSync(siteFile, recipe);
  const mainFile = path.join(home, 'nginx.conf');
  fs.writeFileSync(
    mainFile,
    [
      // Run as root (CI), the workers would otherwise be `nobody`, who cannot write under tmp.
      `user ${os.userInfo().username};`,
      'worker_processes 2;',
      'daemon off;',
      `pid ${home}/nginx.pid;`,
      'error_log stderr warn;',
      'events { worker_connections 1024; }',
      'http {',
      '\taccess_log off;',
      ...['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((kind) => `\t${kind}_temp_path ${home}/${kind};`),
      `\tinclude ${siteFile};`,
      '}',
      '',
    ].join('\n'),
  );
  const nginx = run(NGINX, ['-p', `${home}/`, '-c', mainFile, '-e', 'stderr'], { PATH: process.env.PATH });
  const { agent, request } = httpsRequester(httpsPort, fs.readFileSync(certificate));
  await answering('nginx', nginx.child, nginx.output, request);
  return recipeProxy(
    'nginx',
    { httpPort, httpsPort },
    nginx,
    { agent, request },
    /\[(error|crit|alert|emerg)\]/,
    'SIGQUIT',
  );
}

/**
 * A rolling restart (A, then B) as an operator runs it, under load through `proxy` from eight
 * clients, one request in four a POST a proxy may not send twice (a learner marking a lesson
 * finished). Returns what the clients saw; the caller expects no failure.
 */
export async function rollingRestartUnderLoad(site: Site, proxy: RecipeProxy, paths: string[], post: RequestOptions) {
  const failures: string[] = [];
  const statuses = new Map<string, number>();
  let done = 0;
  let posts = 0;
  let restarted = false;
  let issued = 0;
  const worker = async () => {
    while (done < LOAD_REQUESTS || !restarted) {
      const i = issued++;
      const isPost = i % 4 === 0;
      const url = isPost ? '/api/progress' : (paths[i % paths.length] ?? '/');
      try {
        const res = await proxy.request(url, isPost ? post : {});
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
    const again = await site.startInstance(instance.name, site.sharedEnv, instance.port);
    await until(30_000, `${instance.name} back in rotation`, async () => (await answered(again, '/api/progress')) > 0);
    // Settled in rotation before the next instance stops, as an operator waits for readiness
    // between the two restarts.
    await new Promise((resolve) => setTimeout(resolve, 3 * PROXY_HEALTH_INTERVAL_MS));
    return again;
  };
  try {
    await until(60_000, 'load under way', async () => done >= Math.min(2_000, LOAD_REQUESTS / 4));
    site.a = await restart(site.a);
    site.b = await restart(site.b);
  } finally {
    restarted = true;
    await load;
  }
  console.log(
    `deploy recipe: ${done} requests (${posts} POST) through a rolling restart behind ${proxy.name}, ${failures.length} failed: ${JSON.stringify(Object.fromEntries(statuses))}`,
  );
  expect(failures, proxy.errors()).toEqual([]);
  expect(done).toBeGreaterThanOrEqual(LOAD_REQUESTS);
  expect([...statuses.keys()].sort()).toEqual(['GET 200', 'POST 200']);
}

/** The POST of the load: a learner enrolled in a course of one lesson marks it finished. */
export async function progressPost(site: Site): Promise<RequestOptions> {
  const course = await seedCourse(site.db.db);
  const module = await seedModule(site.db.db, { courseId: course.id });
  const lesson = await seedVideo(site.db.db, { moduleId: module.id });
  const learner = await seedUser(site.db.db, { role: 'learner' });
  await seedEnrolment(site.db.db, { userId: learner.id, courseId: course.id });
  return {
    method: 'POST',
    headers: json(await site.signInAs(learner.id)),
    body: JSON.stringify({ videoId: lesson.id }),
  };
}
