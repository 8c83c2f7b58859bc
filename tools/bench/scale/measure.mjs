// The requests of `npm run bench:scale`, one at a time (no concurrency: each number is the latency
// of a request alone on the server), timed to the last byte of the body. Public pages are each a
// page-cache miss: every request asks for an address not asked before (see `publicPages`).
import http from 'node:http';
import zlib from 'node:zlib';
import { serverRss } from '../pages/site.mjs';
import { cpuBetween, cpuSample } from './server.mjs';

export const PUBLIC_GOAL_MS = 50;
export const ADMIN_GOAL_MS = 100;

const BROWSER_HEADERS = { 'accept-encoding': 'br, gzip', accept: 'text/html,application/json,*/*' };

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

/**
 * One connection kept open, as a browser keeps one to a site. The client does as little as it can
 * while a request is timed (node:http, the body kept as it came): `fetch` decompressed as it read
 * and left garbage that made this process's own collector pause inside the timed window (up to
 * 10 ms; docs/benchmarks.md). Resolves with the status, the body decompressed after the clock
 * stopped, and the milliseconds from the request sent to the last byte of the body received.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

function call(origin, method, path, headers, payload) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.request(`${origin}${path}`, { method, headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const ms = performance.now() - started;
        const raw = Buffer.concat(chunks);
        const encoding = res.headers['content-encoding'];
        const body =
          encoding === 'br' ? zlib.brotliDecompressSync(raw) : encoding === 'gzip' ? zlib.gunzipSync(raw) : raw;
        resolve({ status: res.statusCode, body: body.toString('utf8'), ms });
      });
    });
    req.on('error', reject);
    req.end(payload);
  });
}

async function get(origin, path, { token, expect = 200 } = {}) {
  const headers = token ? { ...BROWSER_HEADERS, authorization: `Bearer ${token}` } : BROWSER_HEADERS;
  const { status, body, ms } = await call(origin, 'GET', path, headers);
  if (status !== expect) throw new Error(`GET ${path} answered ${status} (expected ${expect}): ${body.slice(0, 200)}`);
  return { ms, body };
}

async function send(origin, method, path, { token, body }) {
  const headers = { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const answer = await call(origin, method, path, headers, JSON.stringify(body));
  if (answer.status < 200 || answer.status > 299)
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return JSON.parse(answer.body);
}

/** Spreads `count` picks over `list` (cycling when the list is shorter). */
const spread = (list, count) => Array.from({ length: count }, (_, i) => list[i % list.length]);

/** A fixed shuffle, so runs ask for the same addresses. */
function shuffled(list) {
  const out = [...list];
  let seed = 12345;
  for (let i = out.length - 1; i > 0; i--) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    const j = seed % (i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/**
 * Measures the site at `origin`. `learners` are `{ email, slug, courseId, enrolments }` with a known
 * password; `shared` holds the site's limits and catalogue helpers; `cpuPids()` lists the processes
 * whose CPU a request costs (the server, and PostgreSQL's when it runs here). An item stops early
 * after `itemSeconds` once it has `minRequests`. Resolves with `{ rows, exports, startRss, endRss }`.
 */
export async function measureSite(options) {
  const { origin, pid, cpuPids, requests, rebuilds, exportRuns, admin, learners, password, shared, log } = options;
  const { itemSeconds = 60, minRequests = 5 } = options;
  const { LIMITS, COURSE_SORTS, BLOGS_PAGE_SIZE, catalogRange } = shared;
  const rows = [];
  /**
   * One row: a request per entry, in turn. An entry is a path, `{ path, token }`, or a function
   * that does untimed work first and resolves with one of those.
   */
  const series = async (item, goal, entries, { token, check, note } = {}) => {
    log(`  ${item} (${entries.length})…`);
    const times = [];
    let cpu = 0;
    let unexpected = 0;
    const started = performance.now();
    for (const entry of entries) {
      if (times.length >= minRequests && performance.now() - started > itemSeconds * 1000) break;
      const resolved = typeof entry === 'function' ? await entry() : entry;
      const request = typeof resolved === 'string' ? { path: resolved, token } : resolved;
      const pids = cpuPids();
      const cpuBefore = cpuSample(pids);
      const { ms, body } = await get(origin, request.path, { token: request.token });
      cpu += cpuBetween(cpuBefore, cpuSample(pids));
      if (check && !check(body, request.path)) unexpected++;
      times.push(ms);
    }
    times.sort((a, b) => a - b);
    const notes = [note, unexpected ? `${unexpected} answers not as expected` : ''];
    rows.push({
      item,
      requests: times.length,
      p50: percentile(times, 50),
      p99: percentile(times, 99),
      cpuMs: (cpu * 1000) / times.length,
      goal,
      note: notes.filter(Boolean).join('; '),
    });
  };

  // What there is to ask for, read once (untimed).
  const catalogue = JSON.parse((await get(origin, '/api/courses/course')).body);
  const pageSize = LIMITS.catalogPageSize;
  const pageCount = Math.max(1, Math.ceil(catalogue.length / pageSize));
  const adminToken = (await send(origin, 'POST', '/api/auth/admin', { body: admin })).token;
  const blogSlugs = shuffled(await sitemapPaths(origin, '/blogs/')).map((p) => p.slice('/blogs/'.length));
  const startRss = serverRss(pid);

  // Untimed: the pages' code warmed up as a running server's is (the first renders after a start
  // run slower while V8 optimises them), on addresses no row asks for.
  const warm = (list) => (list.length > requests + 20 ? list.slice(-20) : []);
  for (let i = 0; i < 100; i++) await get(origin, `/courses?q=warm-up-${i}`);
  for (const slug of warm(shuffled(catalogue.map((c) => c.slug)))) await get(origin, `/courses/${slug}`);
  for (const slug of warm(blogSlugs)) await get(origin, `/blogs/${slug}`);

  // ---------------------------------------------------------------- public pages, misses only
  await series('/courses (the same address again: a cache hit, for reference)', null, spread(['/courses'], requests));

  // Parts of the titles' words as visitors type them ('mar', 'marin'…): each one new, each matching.
  const words = [...new Set(catalogue.flatMap((c) => c.title.toLowerCase().split(/[^a-z]+/)))].filter(
    (w) => w.length >= 4,
  );
  const fragments = shuffled([...new Set(words.flatMap((w) => [3, 4, 5, 6].map((n) => w.slice(0, n))))]);
  await series(
    '/courses?q=<a new title fragment>',
    PUBLIC_GOAL_MS,
    fragments.slice(0, requests).map((q) => `/courses?q=${encodeURIComponent(q)}`),
  );

  // Pages with a single address: other spellings are redirected to it (never rendered), so a
  // miss is made by an unrelated admin write (untimed: the hero saved as it is), which empties the
  // page cache and reloads the hero only; the timed request renders from the warm read model.
  const hero = JSON.parse((await get(origin, '/api/hero/get')).body);
  const afterHeroWrite = (path) => async () => {
    await send(origin, 'PUT', '/api/hero/update', {
      token: adminToken,
      body: { title: hero.title, subtitle: hero.subtitle },
    });
    return path;
  };
  /**
   * A catalogue page in the form its links use (the default sort and page 1 left out: other
   * spellings are redirected, never rendered). Asked for again, it would be a cache hit: each
   * repeat comes after an unrelated write (untimed), so that every timed request renders.
   */
  const cataloguePath = (sort, page) => {
    const params = new URLSearchParams();
    if (sort !== 'latest') params.set('sort', sort);
    if (page > 1) params.set('page', String(page));
    const query = params.toString();
    return query ? `/courses?${query}` : '/courses';
  };
  const missOf = (path, round) => (round === 0 ? path : afterHeroWrite(path));
  const showing = (page) => {
    const range = catalogRange(Math.min(page, pageCount), catalogue.length);
    return range ? `Showing ${range.from}–${range.to} of ${range.total} results` : '';
  };
  const pageOf = (path) => Number.parseInt(new URL(path, origin).searchParams.get('page') ?? '1', 10);
  for (const sort of Object.keys(COURSE_SORTS)) {
    const paths = Array.from({ length: requests }, (_, i) =>
      missOf(cataloguePath(sort, 1 + (i % pageCount)), Math.floor(i / pageCount)),
    );
    await series(`/courses?sort=${sort}&page=<1…${pageCount}>`, PUBLIC_GOAL_MS, paths, {
      check: (body, path) => body.includes(showing(pageOf(path))),
    });
  }
  await series(
    `/courses?page=50${pageCount < 50 ? ` (only ${pageCount} pages: the last)` : ''}`,
    PUBLIC_GOAL_MS,
    Array.from({ length: requests }, (_, i) => missOf(cataloguePath('latest', 50), i)),
    { check: (body) => body.includes(showing(50)) },
  );

  const courseSlugs = shuffled(catalogue.map((c) => c.slug)).slice(0, requests);
  await series(
    '/courses/<a different course>',
    PUBLIC_GOAL_MS,
    courseSlugs.map((s) => `/courses/${s}`),
  );
  await series(
    '/blogs/<a different post>',
    PUBLIC_GOAL_MS,
    blogSlugs.slice(0, requests).map((s) => `/blogs/${s}`),
  );

  // (`afterHeroWrite` above.)
  await series(
    '/why-dubai (a miss after an unrelated write)',
    PUBLIC_GOAL_MS,
    spread([afterHeroWrite('/why-dubai')], requests),
    {
      check: (body) => body.includes('Why Invest in Dubai'),
    },
  );
  await series(
    '/sitemap.xml (a miss after a hero write: its list built again)',
    PUBLIC_GOAL_MS,
    spread([afterHeroWrite('/sitemap.xml')], requests),
    {
      check: (body) => body.includes('<urlset') || body.includes('<sitemapindex'),
    },
  );
  // A small share of the data set fits in one sitemap: it has no parts to measure.
  if ((await get(origin, '/sitemap.xml')).body.includes('<sitemapindex')) {
    await series(
      '/sitemap.xml?page=2 (a part of the index, a miss after a hero write)',
      PUBLIC_GOAL_MS,
      spread([afterHeroWrite('/sitemap.xml?page=2')], requests),
      {
        check: (body) => body.includes('<urlset'),
      },
    );
  }

  // Right after an admin saves the site settings (untimed): the save waits for the settings and
  // the catalogue to be loaded again (visitors meanwhile get the previous copy), then the page
  // cache is emptied; the timed request renders from the new copy.
  const settings = JSON.parse((await get(origin, '/api/settings')).body);
  const afterWrite = (path) => async () => {
    await send(origin, 'PUT', '/api/settings', { token: adminToken, body: settings });
    return path;
  };
  for (const path of ['/why-dubai', '/sitemap.xml', '/courses', `/blogs/${blogSlugs[0]}`]) {
    await series(
      `${path.replace(blogSlugs[0], '<post>')} right after an admin write (the writer waited for the refresh)`,
      PUBLIC_GOAL_MS,
      spread([afterWrite(path)], rebuilds),
    );
  }

  // ---------------------------------------------------------------- a learner
  const sessions = [];
  for (const learner of learners) {
    const { token } = await send(origin, 'POST', '/api/auth/login', { body: { email: learner.email, password } });
    sessions.push({ ...learner, token });
  }
  const counts = learners.map((l) => l.enrolments);
  const asLearners = (pathOf) =>
    Array.from({ length: requests }, (_, i) => {
      const session = sessions[i % sessions.length];
      return { path: pathOf(session), token: session.token };
    });
  const learnerNote = `${sessions.length} learners with ${Math.min(...counts)} to ${Math.max(...counts)} enrolments; the issue sets no goal (the page one shown)`;
  await series(
    'learner: GET /api/courses/enrolled',
    PUBLIC_GOAL_MS,
    asLearners(() => '/api/courses/enrolled'),
    {
      note: learnerNote,
    },
  );
  await series(
    'learner watch page: GET /api/courses/course/slug/<enrolled>',
    PUBLIC_GOAL_MS,
    asLearners((s) => `/api/courses/course/slug/${s.slug}`),
  );
  await series(
    'learner watch page: GET /api/progress/<course>',
    PUBLIC_GOAL_MS,
    asLearners((s) => `/api/progress/${s.courseId}`),
  );

  // ---------------------------------------------------------------- admin lists
  const asAdmin = { token: adminToken };
  await series('admin: GET /api/admin/courses', ADMIN_GOAL_MS, spread(['/api/admin/courses'], requests), asAdmin);
  // A page of posts with their bodies (the admin's token skips the public cache).
  const blogPages = Math.max(1, Math.ceil(blogSlugs.length / BLOGS_PAGE_SIZE));
  await series(
    `admin: GET /api/blogs/blogs?page=<1…${blogPages}>`,
    ADMIN_GOAL_MS,
    Array.from({ length: requests }, (_, i) => `/api/blogs/blogs?page=${1 + Math.floor((i * blogPages) / requests)}`),
    asAdmin,
  );

  // Orders and leads are paged by cursor (keyset, any depth costs the same): each list is walked
  // from its first page by the `next` of the page before, starting over at the end.
  const cursors = new Map();
  const walk = (base, count) =>
    Array.from({ length: count }, (_, i) => () => {
      const cursor = i === 0 ? null : cursors.get(base);
      return cursor ? `${base}${base.includes('?') ? '&' : '?'}cursor=${cursor}` : base;
    });
  /** `requests` addresses walking `path` with each query in turn ('' for none), a share each. */
  const walkEach = (path, queries) =>
    queries
      .flatMap((query) => walk(`${path}${query ? `?${query}` : ''}`, Math.ceil(requests / queries.length)))
      .slice(0, requests);
  const followNext = (body, path) => {
    cursors.set(path.replace(/[?&]cursor=[^&]*$/, ''), JSON.parse(body).next);
    return true;
  };
  const statuses = ['', 'status=paid', 'status=pending', 'status=canceled', 'status=failed'];
  await series(
    'admin: GET /api/admin/orders?status=<each>&cursor=<next…>',
    ADMIN_GOAL_MS,
    walkEach('/api/admin/orders', statuses),
    { ...asAdmin, check: followNext },
  );

  const filters = [
    '',
    'kind=contact',
    'kind=consultation',
    'status=new',
    'status=contacted',
    'kind=consultation&status=new',
  ];
  await series('admin: GET /api/leads?kind&status&cursor=<next…>', ADMIN_GOAL_MS, walkEach('/api/leads', filters), {
    ...asAdmin,
    check: followNext,
  });
  const searches = [
    'khan',
    'rossi',
    'sarah',
    'omar.haddad',
    'example.org',
    '+971 50',
    '971512',
    'golden visa',
    'marina',
    'zzz-nothing',
  ];
  await series(
    'admin: GET /api/leads?q=<name, e-mail, phone or words>',
    ADMIN_GOAL_MS,
    spread(searches, requests).map(
      (q, i) => `/api/leads?q=${encodeURIComponent(q)}${i % 3 === 2 ? '&status=new' : ''}`,
    ),
    asAdmin,
  );

  // ---------------------------------------------------------------- the CSV export
  const exports = [];
  for (const filter of ['', 'status=new']) {
    for (let run = 0; run < exportRuns; run++) {
      exports.push(
        await streamExport(origin, `/api/leads/export.csv${filter ? `?${filter}` : ''}`, adminToken, pid, log),
      );
    }
  }
  return { rows, exports, startRss, endRss: serverRss(pid) };
}

/** The paths the sitemap lists that start with `prefix` (following a sitemap index). */
async function sitemapPaths(origin, prefix) {
  // The index's parts are `/sitemap.xml?page=N`: the query is part of their address.
  const locs = (xml) =>
    [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => {
      const url = new URL(m[1].replaceAll('&amp;', '&'));
      return url.pathname + url.search;
    });
  const root = (await get(origin, '/sitemap.xml')).body;
  const xmls = root.includes('<sitemapindex')
    ? await Promise.all(locs(root).map(async (p) => (await get(origin, p)).body))
    : [root];
  return xmls.flatMap(locs).filter((p) => p.startsWith(prefix));
}

/** Streams the export without keeping it, sampling the server's memory as it goes. */
async function streamExport(origin, path, token, pid, log) {
  log(`  ${path}…`);
  const before = serverRss(pid);
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, serverRss(pid));
  }, 100);
  const started = performance.now();
  let bytes = 0;
  let firstByteMs = null;
  try {
    const res = await fetch(`${origin}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`GET ${path} answered ${res.status}`);
    for await (const chunk of res.body) {
      firstByteMs ??= performance.now() - started;
      bytes += chunk.length;
    }
  } finally {
    clearInterval(timer);
  }
  const ms = performance.now() - started;
  peak = Math.max(peak, serverRss(pid));
  return { path, ms, firstByteMs, bytes, before, peak, after: serverRss(pid) };
}
