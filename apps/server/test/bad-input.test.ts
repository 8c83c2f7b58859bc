import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@oasis/shared/messages';
import {
  seedBlog,
  seedCourse,
  seedEnrolment,
  seedModule,
  seedPodcastVideo,
  seedQuiz,
  seedUser,
  seedVideo,
} from '../src/db/factories.ts';
import { leads } from '../src/db/schema.ts';
import type { RouteEntry } from '../src/plugins/auth.ts';
import { createSession } from '../src/modules/auth/sessions.ts';
import { settleMail } from '../src/modules/mail/outbox.ts';
import { createTestApp, type TestContext } from './helpers.ts';
import { apiRoutes, concrete } from './route-table.ts';
import { multipart } from './uploads.ts';

/**
 * Walks the server's route table and sends every route what a fuzzer sends: bytes PostgreSQL
 * cannot store (NUL, half a surrogate pair), broken percent-encoding, wrong types, absurd dates,
 * oversized, malformed and deeply nested bodies. Whatever the route, the answer is a 4xx (or a
 * success) with a `{ message }`, never a 5xx. Signed in as an admin, so guards let every call through.
 */

const NUL = '\u0000';
const HIGH = '\uD800';
const LOW = '\uDC00';
/** Path segments as they travel: percent-encoded NUL, a lone surrogate's bytes, broken encodings. */
const BAD_SEGMENTS = ['%00', 'a%00b', '%ED%A0%80', '%', '%E0%A4%A', '%FF', '%C0%AF', 'x'.repeat(3000)];
/** Query values: the same, plus a name that is itself bad and a repeated parameter. */
const BAD_QUERIES = ['%00', 'a%00b', '%ED%A0%80', '%', '%E0%A4%A', '%FF'];

let t: TestContext;
let adminId: string;

beforeAll(async () => {
  t = await createTestApp();
  adminId = (await seedUser(t.deps.db, { role: 'admin', email: 'fuzz-admin@example.com' })).id;
});
afterAll(async () => {
  await settleMail();
  await t.close();
});

/** Real rows for the path parameters, so calls get past "not found" into the services. */
async function seedWorld() {
  const { db } = t.deps;
  const course = await seedCourse(db);
  const module = await seedModule(db, { courseId: course.id });
  const video = await seedVideo(db, { moduleId: module.id });
  const quiz = await seedQuiz(db, { courseId: course.id });
  const blog = await seedBlog(db);
  const podcast = await seedPodcastVideo(db);
  const learner = await seedUser(db);
  const enrolment = await seedEnrolment(db, { userId: learner.id, courseId: course.id });
  const [lead] = await db
    .insert(leads)
    .values({ kind: 'contact', name: 'Lead Person', email: 'lead@example.com', phone: '+971501234567' })
    .returning();
  return { course, module, video, quiz, blog, podcast, lead: lead!, orderId: enrolment.orderId ?? '' };
}
type World = Awaited<ReturnType<typeof seedWorld>>;

/** The real row for each path parameter of a route (`:id` means a different thing per module). */
function paramValues(url: string, w: World): Record<string, string> {
  const id = url.startsWith('/api/leads')
    ? w.lead.id
    : url.startsWith('/api/modules')
      ? w.module.id
      : url.startsWith('/api/videos')
        ? w.video.id
        : url.startsWith('/api/youtube')
          ? w.podcast.id
          : w.course.id;
  return {
    id,
    courseId: w.course.id,
    slug: url.startsWith('/api/blogs') ? w.blog.slug : w.course.slug,
    videoId: w.video.id,
    quizId: w.quiz.id,
    index: '0',
    orderId: w.orderId,
    paymentIntentId: 'pi_unknown',
    token: 'a'.repeat(43),
  };
}

/** One body for every route: each route's schema keeps the fields it knows and drops the rest. */
function plausibleBody(w: World): Record<string, unknown> {
  return {
    name: 'Fuzz Person',
    email: 'fuzz@example.com',
    password: 'secret123',
    phone: '+971501234567',
    first_name: 'Fuzz',
    last_name: 'Person',
    user_email: 'fuzz@example.com',
    country_code: '+971',
    phone_number: '501234567',
    message: 'A message long enough to pass.',
    query_type: 'consultation',
    fullName: 'Fuzz Person',
    investmentInterest: 'Investment',
    investmentAmount: '3m-5m',
    preferredTime: 'Weekday PM',
    title: 'Fuzzed title',
    subtitle: 'Fuzzed subtitle',
    description: '<p>Fuzzed description</p>',
    courseOutcome: '<ul><li>Fuzz</li></ul>',
    author: 'Fuzz Author',
    date: '2025-06-29',
    price: '10',
    comingSoon: 'false',
    heading: 'Heading',
    subheading: 'Subheading',
    paragraph1: 'Paragraph one',
    paragraph2: 'Paragraph two',
    embeddedUrl: 'https://www.youtube.com/embed/aqz-KE-bpKQ',
    videoUrl: 'https://vimeo.com/76979871',
    brandName: 'Oasis',
    // The Arabic twins of the content fields (docs/i18n.md#content).
    titleAr: 'عنوان',
    descriptionAr: '<p>وصف</p>',
    subtitleAr: 'عنوان فرعي',
    headingAr: 'عنوان رئيسي',
    subheadingAr: 'عنوان ثانوي',
    paragraph1Ar: 'الفقرة الأولى',
    paragraph2Ar: 'الفقرة الثانية',
    addressAr: 'دبي',
    status: 'handled',
    course: w.course.id,
    courseId: w.course.id,
    module: w.module.id,
    videoId: w.video.id,
    moduleIds: [w.module.id],
    videoIds: [w.video.id],
    ids: [w.podcast.id],
    modules: [{ title: 'Bulk module', videos: [{ title: 'Bulk video', videoUrl: 'https://vimeo.com/76979871' }] }],
    question: 'Which one?',
    options: ['A', 'B', 'C', 'D'],
    correctAnswer: 1,
    questions: [{ question: 'Which one?', options: ['A', 'B', 'C', 'D'], correctAnswer: 1 }],
    answers: [0, 1, 2, 3, 0],
    position: 5,
    duration: 60,
  };
}

/** Every string in a value (keys kept) replaced by `make(original)`. */
function mapStrings(value: unknown, make: (s: string) => unknown): unknown {
  if (typeof value === 'string') return make(value);
  if (Array.isArray(value)) return value.map((v) => mapStrings(v, make));
  if (value && typeof value === 'object')
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, make)]));
  return value;
}

/** Every leaf (strings, numbers, booleans) replaced by `replacement`. */
function mapLeaves(value: Record<string, unknown>, replacement: unknown): Record<string, unknown> {
  return Object.fromEntries(Object.keys(value).map((k) => [k, replacement]));
}

interface Call {
  method: string;
  url: string;
  payload?: unknown;
  headers?: Record<string, string>;
}

/** A fresh admin session: the walk also calls the logout routes, which end the one they are sent with. */
async function adminHeaders() {
  return { authorization: `Bearer ${(await createSession(t.deps.db, adminId, 'admin')).token}` };
}

/** Sends one call and checks the answer: no 5xx, and an error says what went wrong. */
async function expectHandled(call: Call, label: string) {
  const res = await t.app.inject({
    method: call.method as 'POST',
    url: call.url,
    ...(call.headers ? { headers: call.headers } : {}),
    ...(call.payload === undefined ? {} : { payload: call.payload as string }),
  });
  const where = `${label}: ${call.method} ${call.url.slice(0, 120)} → ${res.statusCode} ${res.body.slice(0, 200)}`;
  expect(res.statusCode, where).toBeLessThan(500);
  if (res.statusCode >= 400) expect(typeof res.json().message, where).toBe('string');
  return res;
}

const hasBody = (route: RouteEntry) => route.method !== 'GET';

/**
 * The routes to walk, each with an admin session of its own; deletions last, so the rows they remove
 * are still there for the routes before them.
 */
async function* walk(filter: (route: RouteEntry) => boolean = () => true) {
  const routes = apiRoutes(t.app).filter(filter);
  const ordered = [...routes.filter((r) => r.method !== 'DELETE'), ...routes.filter((r) => r.method === 'DELETE')];
  for (const route of ordered) yield { route, headers: await adminHeaders() };
}

/** Walks of every route take a while: well under a minute, but more than one test's default. */
const WALK_TIMEOUT_MS = 120_000;

describe('every route survives bad input', () => {
  it(
    'bad bytes and broken encodings in path parameters',
    async () => {
      const w = await seedWorld();
      for await (const { route, headers } of walk((r) => r.url.includes(':'))) {
        const names = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
        for (const name of names) {
          for (const segment of BAD_SEGMENTS) {
            const url = concrete(route.url, { ...paramValues(route.url, w), [name]: segment });
            const payload = hasBody(route) ? {} : undefined;
            const res = await expectHandled({ method: route.method, url, payload, headers }, 'path');
            if (segment.includes('%00')) expect([400, 404], `${route.method} ${url}`).toContain(res.statusCode);
          }
        }
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'bad bytes and broken encodings in the query string',
    async () => {
      const w = await seedWorld();
      const names = ['q', 'search', 'sort', 'page', 'pageSize', 'status', 'kind', 'exp', 'sig', 'code', 'state'];
      for await (const { route, headers } of walk()) {
        const base = concrete(route.url, paramValues(route.url, w));
        const payload = hasBody(route) ? {} : undefined;
        for (const value of BAD_QUERIES) {
          const all = names.map((n) => `${n}=${value}`).join('&');
          // One at a time too: a parameter the schema refuses would hide the others behind its 400.
          const one = route.method === 'GET' ? names.map((n) => `${n}=${value}`) : [];
          for (const query of [all, ...one, `${value}=1`, `q=1&q=${value}`]) {
            const url = `${base}?${query}`;
            const res = await expectHandled({ method: route.method, url, payload, headers }, 'query');
            if (value === '%00') expect(res.statusCode, `${route.method} ${url}`).toBe(400);
          }
        }
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'NUL and lone surrogates anywhere in a JSON body, values and keys',
    async () => {
      const w = await seedWorld();
      const plausible = plausibleBody(w);
      for await (const { route, headers } of walk(hasBody)) {
        const url = concrete(route.url, paramValues(route.url, w));
        for (const bad of [NUL, HIGH, LOW, `${LOW}${HIGH}`]) {
          const bodies = [
            mapStrings(plausible, (s) => `${s}${bad}`),
            mapStrings(plausible, (s) => `${bad}${s}`),
            { ...plausible, [`title${bad}`]: 'x' },
            { ...plausible, details: { [`k${bad}`]: 'v' } },
          ];
          for (const payload of bodies) {
            const res = await expectHandled({ method: route.method, url, payload, headers }, JSON.stringify(bad));
            expect(res.statusCode, `${route.method} ${url}`).toBe(400);
          }
        }
        // Admin forms also come as multipart, read by the route itself (a form carries no lone surrogates:
        // the browser's encoding replaces them, so NUL is the one to try).
        const strings = Object.entries(plausible).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        );
        const form = await multipart(Object.fromEntries(strings.map(([k, v]) => [k, `${v}${NUL}`])), headers);
        await expectHandled({ method: route.method, url, ...form }, 'multipart');
      }
    },
    WALK_TIMEOUT_MS,
  );

  it(
    'wrong types, absurd dates and numbers, oversized, malformed and deeply nested bodies',
    async () => {
      const w = await seedWorld();
      const plausible = plausibleBody(w);
      const leaves = [12345, -1, 1e308, 0.5, true, null, [], {}, ['a'], { a: 'b' }, 'x'.repeat(20_000)];
      const dates = ['0000-01-01', '0001-01-01', '9999-12-31', '1970-01-01T00:00:00Z', '2025-13-45', '-001000-01-01'];
      const raw = [
        '{"title":',
        '"just a string"',
        '[1,2,3]',
        'null',
        '{"__proto__":{"admin":true}}',
        `{"title":"${'x'.repeat(1024 * 1024)}"}`,
        `${'['.repeat(5000)}${']'.repeat(5000)}`,
        Buffer.from([0xff, 0xfe, 0x00]),
      ];
      for await (const { route, headers } of walk(hasBody)) {
        const url = concrete(route.url, paramValues(route.url, w));
        const json = { ...headers, 'content-type': 'application/json' };
        const calls: Call[] = [
          { payload: plausible, headers },
          ...leaves.map((v) => ({ payload: mapLeaves(plausible, v), headers })),
          ...dates.map((date) => ({ payload: { ...plausible, date }, headers })),
          ...raw.map((payload) => ({ payload, headers: json })),
          { payload: 'title=a%00b', headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' } },
          { payload: `a${NUL}b`, headers: { ...headers, 'content-type': 'text/plain' } },
        ].map((call) => ({ ...call, method: route.method, url }));
        for (const call of calls) await expectHandled(call, 'shape');
      }
    },
    WALK_TIMEOUT_MS,
  );
});

describe('what a bad byte gets back', () => {
  it('a NUL in the public search is a 400 naming the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/course?search=%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: MESSAGES.badCharacters,
      code: 'core.badCharacters',
      errors: { search: MESSAGES.badCharacters },
      fields: { search: { code: 'core.badCharacters' } },
    });
  });

  it('a NUL in a path parameter is a 400 naming the parameter', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/courses/course/slug/%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'core.badCharacters', errors: { slug: MESSAGES.badCharacters } });
  });

  it('an API address that does not decode is the API 404, in the usual shape', async () => {
    for (const url of ['/api/courses/course/slug/%E0%A4%A', '/api/blogs/blogs/%', '/api/leads/%FF']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: MESSAGES.notFound, code: 'core.notFound' });
    }
  });

  it('contact and register bodies with a NUL name the field', async () => {
    const contact = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: { first_name: 'Jane', message: `Hello${NUL}` },
    });
    expect(contact.statusCode).toBe(400);
    expect(contact.json()).toMatchObject({ code: 'core.badCharacters', errors: { message: MESSAGES.badCharacters } });
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { name: `Nul${NUL}Name`, email: 'nul@example.com', password: 'secret123' },
    });
    expect(register.statusCode).toBe(400);
    expect(register.json().errors).toEqual({ name: MESSAGES.badCharacters });
  });

  it('a lone surrogate in a lead is a 400 naming the field, deep inside arrays too', async () => {
    const lead = await t.app.inject({
      method: 'POST',
      url: '/api/consultations',
      headers: { 'content-type': 'application/json' },
      payload: '{"fullName":"Omar \\ud800","email":"omar@example.com"}',
    });
    expect(lead.statusCode).toBe(400);
    expect(lead.json().errors).toEqual({ fullName: MESSAGES.badCharacters });
    const nested = await t.app.inject({
      method: 'POST',
      url: '/api/modules/bulk',
      headers: await adminHeaders(),
      payload: { modules: [{ title: 'ok', videos: [{ title: `x${LOW}` }] }] },
    });
    expect(nested.json().errors).toEqual({ 'modules.0.videos.0.title': MESSAGES.badCharacters });
  });

  it('a NUL in a multipart admin form names the field', async () => {
    const form = await multipart({ title: `Nul${NUL}`, author: 'Ann' }, await adminHeaders());
    const res = await t.app.inject({ method: 'POST', url: '/api/blogs/blogs', ...form });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ title: MESSAGES.badCharacters });
  });

  it('a body nested past reason is a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/json' },
      payload: `{"message":${'['.repeat(100)}${']'.repeat(100)}}`,
    });
    expect(res.statusCode).toBe(400);
    expect(Object.values(res.json().errors)).toEqual([MESSAGES.nestedTooDeeply]);
  });

  it('well-formed pairs (an emoji) and ordinary text still pass', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/courses/course?search=${encodeURIComponent('villa 🏝️ é')}`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('a blog date of year 0 (or any year outside the sensible range) is a 400 on the date', async () => {
    for (const date of ['0000-01-01', '1899-12-31', '2101-01-01', '0000-01-01T00:00:00Z']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/blogs/blogs',
        headers: await adminHeaders(),
        payload: { title: 'Dated', author: 'Ann', date },
      });
      expect(res.statusCode, date).toBe(400);
      expect(res.json().errors, date).toHaveProperty('date');
    }
  });
});
