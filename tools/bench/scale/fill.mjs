// Fills a migrated Oasis database with the data set of `npm run bench:scale`. Content (courses,
// blog posts) is written out here so that slugs come from the site's own slugify; the large tables
// (learners, orders, enrolments, lesson progress, leads) are made by the database itself with
// INSERT … SELECT … FROM generate_series, in chunks so that progress can be printed.
//
// `run(sql, params)` runs one statement and resolves with its rows, on PGlite or PostgreSQL alike.
import { createHash } from 'node:crypto';
import {
  AUTHORS,
  BLOG_CLOSERS,
  BLOG_OPENERS,
  COURSE_FORMATS,
  COURSE_TOPICS,
  EMAIL_DOMAINS,
  FIRST_NAMES,
  HEADINGS,
  LAST_NAMES,
  LEAD_MESSAGES,
  LESSON_TITLES,
  LIST_ITEMS,
  MODULE_TITLES,
  PARAGRAPHS,
  PLACES,
  VIMEO_IDS,
  YOUTUBE_IDS,
} from './content.mjs';

/** Rows at SCALE=1: the size the site is meant to hold. */
export const FULL_SIZE = {
  courses: 1_000,
  blogs: 10_000,
  learners: 100_000,
  orders: 200_000,
  progress: 1_000_000,
  leads: 1_000_000,
};

export function sizesAt(scale) {
  return Object.fromEntries(Object.entries(FULL_SIZE).map(([k, v]) => [k, Math.max(1, Math.round(v * scale))]));
}

const CHUNK = 100_000;
const DAY_MS = 86_400_000;
const SPAN_START = Date.parse('2019-01-01T00:00:00Z');

// ------------------------------------------------------------------------------ SQL helpers

const literal = (text) => `'${String(text).replace(/'/g, "''")}'`;
const textArray = (list) => `ARRAY[${list.map(literal).join(',')}]::text[]`;
/** A number in [0, 1) fixed by the text `seed` (an SQL expression): the same on both engines. */
const random = (seed) => `(('x' || substr(md5(${seed}), 1, 15))::bit(60)::bigint / 1152921504606846976.0)`;
/** An element of `list` chosen by `r`, an SQL expression in [0, 1). */
const pick = (list, r) => `(${textArray(list)})[1 + floor(${r} * ${list.length})::int]`;
/** A UUID-shaped id made from `seed`: rows can point at each other without reading them back. */
const sqlId = (seed) => `md5(${seed})::uuid::text`;

/** The id `sqlId` makes, computed here. */
export function idOf(seed) {
  const h = createHash('md5').update(seed).digest('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** A small seeded generator (mulberry32): the same data set on every run. */
function generator(seed) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    pick: (list) => list[Math.floor(next() * list.length)],
  };
}

/** Unique slugs the way the site makes them: the title's slug, then -2, -3… on a collision. */
function slugMaker(slugify) {
  const taken = new Set();
  return (title) => {
    const base = slugify(title);
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    taken.add(slug);
    return slug;
  };
}

// ------------------------------------------------------------------------------ content

function courseRows(count, { slugify, images }) {
  const rng = generator(1);
  const slugOf = slugMaker(slugify);
  const now = Date.now();
  return Array.from({ length: count }, (_, i) => {
    const n = i + 1;
    const title = `${rng.pick(COURSE_TOPICS)} in ${rng.pick(PLACES)}: ${rng.pick(COURSE_FORMATS)}`;
    const paragraphs = Array.from({ length: rng.int(2, 4) }, () => `<p>${rng.pick(PARAGRAPHS)}</p>`);
    const items = Array.from({ length: rng.int(3, 5) }, () => `<li>${rng.pick(LIST_ITEMS)}</li>`);
    const createdAt = SPAN_START + ((now - SPAN_START) * (i + rng.next())) / count;
    return {
      id: idOf(`scale-course-${n}`),
      slug: slugOf(title),
      title,
      description: `${paragraphs[0]}<h3>Who this course is for</h3>${paragraphs.slice(1).join('')}`,
      course_outcome: `<ul>${items.join('')}</ul>`,
      // AED 199 to 4,999 in steps of 100, one course in twenty free.
      price_fils: rng.next() < 0.05 ? 0 : (199 + 100 * rng.int(0, 48)) * 100,
      coming_soon: rng.next() < 0.1,
      author: rng.pick(AUTHORS),
      require_watching: rng.next() < 0.25,
      thumbnail_id: images.length ? images[i % images.length] : null,
      archived_at: rng.next() < 0.02 ? new Date(now - rng.int(1, 300) * DAY_MS).toISOString() : null,
      created_at: new Date(createdAt).toISOString(),
      updated_at: new Date(Math.min(now, createdAt + rng.int(0, 200) * DAY_MS)).toISOString(),
    };
  });
}

function blogBody(rng) {
  const sections = [`<p>${rng.pick(PARAGRAPHS)}</p>`];
  const count = rng.int(3, 6);
  for (let s = 0; s < count; s++) {
    sections.push(`<h2>${rng.pick(HEADINGS)}</h2>`);
    for (let p = rng.int(1, 2); p > 0; p--) sections.push(`<p>${rng.pick(PARAGRAPHS)}</p>`);
    if (s === 1) {
      const items = Array.from({ length: rng.int(3, 5) }, () => `<li>${rng.pick(LIST_ITEMS)}</li>`);
      sections.push(`<ul>${items.join('')}</ul>`);
    }
  }
  sections.push(
    '<p>Want to go further? Our <a href="/courses">courses</a> walk you through every step, or <a href="/consult">book a free consultation</a>.</p>',
  );
  return sections.join('\n');
}

function blogRows(from, to, total, { slugOf, images }) {
  const rng = generator(1000 + from);
  const now = Date.now();
  const rows = [];
  for (let n = from; n <= to; n++) {
    const title = `${rng.pick(BLOG_OPENERS)} ${rng.pick(PLACES)} ${rng.pick(BLOG_CLOSERS)}`;
    const body = blogBody(rng);
    const date = SPAN_START + ((now - SPAN_START) * (n - 1 + rng.next())) / total;
    rows.push({
      id: idOf(`scale-blog-${n}`),
      slug: slugOf(title),
      title,
      description: body,
      author: rng.pick(AUTHORS),
      image_id: images.length ? images[n % images.length] : null,
      author_image_id: images.length && rng.next() < 0.5 ? images[(n * 7) % images.length] : null,
      date: new Date(date).toISOString(),
      created_at: new Date(date).toISOString(),
      updated_at: new Date(Math.min(now, date + rng.int(0, 60) * DAY_MS)).toISOString(),
    });
  }
  return rows;
}

// ------------------------------------------------------------------------------ the fill

/**
 * Fills the database. `run(sql, params)` runs one statement; `log` prints progress; `shared` holds
 * slugify and the lead rules of the site's shared package. Returns the row counts and step times.
 */
export async function fill({ run, scale, passwordHash, shared, log }) {
  const { slugify, leadRules: rules } = shared;
  const size = sizesAt(scale);
  const steps = [];
  const step = async (label, work) => {
    const started = performance.now();
    await work();
    const seconds = (performance.now() - started) / 1000;
    steps.push({ label, seconds });
    log(`  ${label}: ${seconds.toFixed(1)} s`);
  };
  const chunks = async (label, total, insert) => {
    for (let from = 1; from <= total; from += CHUNK) {
      const to = Math.min(total, from + CHUNK - 1);
      await insert(from, to);
      if (total > CHUNK) log(`    ${label}: ${to.toLocaleString('en')} / ${total.toLocaleString('en')}`);
    }
  };

  // The demo content's pictures, so that pages carry images as they would.
  const images = (await run(`select id from media where kind = 'image' order by created_at, id`)).map((r) => r.id);
  const courses = courseRows(size.courses, { slugify, images });
  // Sold courses: those on sale, archived ones included (buyers keep them).
  const sellable = courses.flatMap((c, i) => (c.coming_soon ? [] : [i + 1]));
  // The courses made here (the demo's stay as they are).
  const ours = `select ${sqlId(`'scale-course-' || g`)} from generate_series(1, ${size.courses}) g`;

  await step(`${size.courses.toLocaleString('en')} courses with modules, lessons and quizzes`, async () => {
    await run(
      `insert into courses (id, slug, title, description, course_outcome, price_fils, coming_soon, author,
         require_watching, thumbnail_id, archived_at, created_at, updated_at)
       select * from jsonb_to_recordset($1::jsonb) as r(id text, slug text, title text, description text,
         course_outcome text, price_fils int, coming_soon boolean, author text, require_watching boolean,
         thumbnail_id text, archived_at timestamptz, created_at timestamptz, updated_at timestamptz)`,
      [JSON.stringify(courses)],
    );
    // Published (a course without a publication date is a draft, seen by the admin only).
    await run(`update courses set published_at = created_at where published_at is null and id in (${ours})`);
    // Two to six modules a course, two to six lessons a module (about 16 lessons a course).
    await run(
      `insert into modules (id, course_id, title, position, created_at, updated_at)
       select ${sqlId(`'scale-module-' || c.id || '-' || k`)}, c.id,
              ${pick(MODULE_TITLES, random(`c.id || k`))}, k, c.created_at, c.created_at
       from courses c
       cross join lateral generate_series(0, 1 + floor(${random(`'m' || c.id`)} * 5)::int) k
       where c.id in (${ours})`,
    );
    await run(
      `insert into videos (id, module_id, title, source, url, position, created_at, updated_at)
       select ${sqlId(`'scale-video-' || m.id || '-' || k`)}, m.id, ${pick(LESSON_TITLES, random(`m.id || k`))},
              (case when ${random(`'s' || m.id || k`)} < 0.8 then 'vimeo' else 'youtube' end)::video_source,
              case when ${random(`'s' || m.id || k`)} < 0.8
                then 'https://player.vimeo.com/video/' || ${pick(VIMEO_IDS, random(`'v' || m.id || k`))}
                else 'https://www.youtube.com/embed/' || ${pick(YOUTUBE_IDS, random(`'v' || m.id || k`))} end,
              k, m.created_at, m.created_at
       from modules m
       cross join lateral generate_series(0, 1 + floor(${random(`'n' || m.id`)} * 5)::int) k
       where m.course_id in (${ours})`,
    );
    // Half the courses end with a quiz of five questions.
    await run(
      `insert into quizzes (id, course_id, created_at, updated_at)
       select ${sqlId(`'scale-quiz-' || c.id`)}, c.id, c.created_at, c.created_at from courses c
       where c.id in (${ours}) and ${random(`'q' || c.id`)} < 0.5`,
    );
    await run(
      `insert into quiz_questions (id, quiz_id, position, question, options, correct_answer, created_at, updated_at)
       select ${sqlId(`'scale-question-' || q.id || '-' || k`)}, q.id, k,
              'Which of these is true of ' || ${pick(LIST_ITEMS, random(`q.id || k`))} || '?',
              '["It protects the buyer", "It only applies to villas", "It is optional", "It ends at handover"]'::jsonb,
              k % 4, q.created_at, q.created_at
       from quizzes q cross join generate_series(0, 4) k
       where q.course_id in (${ours})`,
    );
  });

  await step(`${size.blogs.toLocaleString('en')} blog posts`, async () => {
    const slugOf = slugMaker(slugify);
    for (let from = 1; from <= size.blogs; from += 1000) {
      const to = Math.min(size.blogs, from + 999);
      await run(
        `insert into blogs (id, slug, title, description, author, image_id, author_image_id, date, created_at, updated_at)
         select * from jsonb_to_recordset($1::jsonb) as r(id text, slug text, title text, description text,
           author text, image_id text, author_image_id text, date timestamptz, created_at timestamptz,
           updated_at timestamptz)`,
        [JSON.stringify(blogRows(from, to, size.blogs, { slugOf, images }))],
      );
    }
    await run(`update blogs set published_at = date where published_at is null`);
  });

  const learnerId = (n) => sqlId(`'scale-user-' || ${n}`);
  await step(`${size.learners.toLocaleString('en')} learners`, () =>
    chunks('learners', size.learners, (from, to) =>
      run(
        `insert into users (id, name, email, phone, password_hash, role, email_verified_at, created_at, updated_at)
         select ${learnerId('g')}, first || ' ' || last,
                lower(regexp_replace(first, '[^A-Za-z]', '', 'g') || '.' || regexp_replace(last, '[^A-Za-z]', '', 'g')
                  || g || '@' || ${pick(EMAIL_DOMAINS, random(`'d' || g`))}),
                '+9715' || lpad(((g::bigint * 7919) % 100000000)::text, 8, '0'), $1, 'learner',
                case when ${random(`'v' || g`)} < 0.85 then created + interval '12 minutes' end, created, created
         from (select g, ${pick(FIRST_NAMES, random(`'f' || g`))} as first, ${pick(LAST_NAMES, random(`'l' || g`))} as last,
                      now() - ${random(`'c' || g`)} * interval '4 years' as created
               from generate_series(${from}, ${to}) g) s`,
        [passwordHash],
      ),
    ),
  );

  // Popular courses sell more: the course is drawn with a skew towards the start of the list.
  await step(`${size.orders.toLocaleString('en')} orders and the enrolments of the paid ones`, async () => {
    await chunks('orders', size.orders, (from, to) =>
      run(
        `insert into orders (id, user_id, course_id, email, amount_fils, currency, provider, provider_ref, status,
           paid_at, created_at, updated_at)
         select ${sqlId(`'scale-order-' || s.g`)}, u.id, c.id, u.email, c.price_fils, 'AED', 'sandbox',
                'sbx_scale_' || s.g,
                -- A checkout left pending for a day is canceled by the order check
                -- (ORDER_CHECKS.expireAfterMs): only the last day's are still pending.
                (case when s.status = 'pending' and s.created < now() - interval '1 day' then 'canceled'
                      else s.status end)::order_status,
                case when s.status = 'paid' then s.created + interval '2 minutes' end, s.created, s.created
         from (select g, 1 + (g - 1) % ${size.learners} as learner,
                      ($1::int[])[1 + floor(power(${random(`'o' || g`)}, 2.2) * ${sellable.length})::int] as course,
                      case when ${random(`'s' || g`)} < 0.65 then 'paid' when ${random(`'s' || g`)} < 0.8 then 'pending'
                           when ${random(`'s' || g`)} < 0.92 then 'canceled' else 'failed' end as status,
                      now() - ${random(`'t' || g`)} * interval '3 years' as created
               from generate_series(${from}, ${to}) g) s
         join users u on u.id = ${learnerId('s.learner')}
         join courses c on c.id = ${sqlId(`'scale-course-' || s.course`)}`,
        [sellable],
      ),
    );
    await run(
      `insert into enrolments (id, user_id, course_id, order_id, created_at, updated_at)
       select ${sqlId(`'scale-enrolment-' || o.id`)}, o.user_id, o.course_id, o.id, o.paid_at, o.paid_at
       from orders o where o.status = 'paid' and o.provider_ref like 'sbx\\_scale\\_%'
       on conflict (user_id, course_id) do nothing`,
    );
  });

  // Each enrolled learner has finished the first lessons of the course, from none to all.
  await step(`${size.progress.toLocaleString('en')} lesson-progress rows (at most)`, async () => {
    const parts = Math.max(1, Math.ceil(size.progress / CHUNK));
    for (let part = 0; part < parts; part++) {
      await run(
        `insert into video_progress (user_id, video_id, created_at, updated_at)
         select e.user_id, v.id, e.created_at + v.rn * interval '1 day', e.created_at + v.rn * interval '1 day'
         from enrolments e
         join (select vi.id, m.course_id,
                      row_number() over (partition by m.course_id order by m.position, vi.position, vi.id) as rn,
                      count(*) over (partition by m.course_id) as total
               from videos vi join modules m on m.id = vi.module_id) v on v.course_id = e.course_id
         where abs(hashtext(e.user_id)) % ${parts} = ${part}
           and v.rn <= floor(${random('e.id')} * (v.total + 1))
         limit ${Math.ceil(size.progress / parts)}
         on conflict do nothing`,
      );
      if (parts > 1) log(`    lesson progress: part ${part + 1} / ${parts}`);
    }
  });

  await step(`${size.leads.toLocaleString('en')} leads`, () =>
    chunks('leads', size.leads, (from, to) =>
      run(
        `insert into leads (id, kind, status, name, email, phone, message, details, ip, handled_at, created_at, updated_at)
         select ${sqlId(`'scale-lead-' || g`)}, kind,
                (case when created < now() - interval '14 days' and ${random(`'h' || g`)} < 0.85 then 'contacted' else 'new' end),
                first || ' ' || last,
                lower(regexp_replace(first, '[^A-Za-z]', '', 'g') || '.' || regexp_replace(last, '[^A-Za-z]', '', 'g')
                  || (g % 9973) || '@' || ${pick(EMAIL_DOMAINS, random(`'d' || g`))}),
                '+9715' || lpad(((g::bigint * 104729) % 100000000)::text, 8, '0'),
                case when kind = 'contact' or ${random(`'m' || g`)} < 0.5 then ${pick(LEAD_MESSAGES, random(`'t' || g`))} else '' end,
                case when kind = 'contact'
                  then jsonb_build_object('query_type', ${pick(rules.QUERY_TYPES, random(`'q' || g`))})
                  else jsonb_build_object(
                    'investmentInterest', ${pick(rules.INVESTMENT_INTERESTS, random(`'i' || g`))},
                    'investmentAmount', ${pick(rules.INVESTMENT_AMOUNTS, random(`'a' || g`))},
                    'preferredTime', ${pick(rules.PREFERRED_TIMES, random(`'p' || g`))})
                end,
                '10.' || (g % 250) || '.' || ((g / 250) % 250) || '.' || (g % 7 + 1),
                case when created < now() - interval '14 days' and ${random(`'h' || g`)} < 0.85
                  then created + ${random(`'w' || g`)} * interval '3 days' end,
                created, created
         from (select g, case when ${random(`'k' || g`)} < 0.6 then 'contact' else 'consultation' end as kind,
                      ${pick(FIRST_NAMES, random(`'f' || g`))} as first, ${pick(LAST_NAMES, random(`'l' || g`))} as last,
                      now() - ${random(`'c' || g`)} * interval '5 years' as created
               from generate_series(${from}, ${to}) g) s`,
      ),
    ),
  );

  return { size, counts: await rowCounts(run), steps };
}

/** The rows of each table the data set fills. */
export async function rowCounts(run) {
  const counts = {};
  for (const table of [
    'courses',
    'modules',
    'videos',
    'blogs',
    'users',
    'orders',
    'enrolments',
    'video_progress',
    'leads',
  ]) {
    counts[table] = Number((await run(`select count(*)::int as n from ${table}`))[0].n);
  }
  return counts;
}
