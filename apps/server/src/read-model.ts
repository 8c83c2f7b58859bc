import type {
  Blog,
  BlogSummary,
  CatalogueCourse,
  Course,
  CourseDetail,
  Hero,
  Intro,
  Mentor,
  PodcastVideo,
  SiteSettings,
} from '@oasis/shared/api';
import {
  type CataloguePage,
  type CataloguePageQuery,
  cataloguePage,
  searchCourses,
  toCatalogueCourse,
} from '@oasis/shared/catalogue-search';
import { courseSummary } from '@oasis/shared/format';
import type { PublicSiteData, SiteRead, SitemapItem, SitemapList } from '@oasis/shared/contracts';
import type { CourseSort } from '@oasis/shared/limits';
import { getTableName, sql, type Table } from 'drizzle-orm';
import { type Db, rows } from './db/client.ts';
import {
  blogs,
  courses,
  enrolments,
  hero,
  intro,
  media,
  mentor,
  modules,
  orders,
  podcastVideos,
  quizQuestions,
  quizzes,
  siteSettings,
  videos,
} from './db/schema.ts';
import type { Deps } from './deps.ts';
import { CONTENT_PARTS, type ContentPart, type PageCache } from './lib/page-cache.ts';
import { sanitizeRichHtml } from './lib/sanitize.ts';
import { type BlogBody, findBlogBodies, listBlogSummaries, toBlogBody } from './modules/blogs/service.ts';
import {
  type Catalogue as CatalogueRows,
  type ColumnSort,
  type CourseQuery,
  type EnrolmentCount,
  loadCatalogue,
  loadEnrolmentCounts,
} from './modules/courses/service.ts';
import { getHero, getIntro } from './modules/home/service.ts';
import { getPublicMentor } from './modules/mentor/service.ts';
import { listPodcastVideos } from './modules/podcasts/service.ts';
import { getSettings } from './modules/settings/service.ts';

/**
 * The public content (what anonymous visitors see) held in memory, already sanitised and shaped
 * as the API answers it, so a page render or a public API read costs no database round trip.
 * Pages and `/api` both read it: one implementation of the catalogue's search and sort.
 *
 * Each part (settings, hero, intro, podcasts, catalogue, blogs) is loaded from the database on
 * first use and kept until `invalidate()`, which every write that changes public content calls
 * through the page cache. Loads are single-flight: concurrent readers wait for one load. A load
 * that raced with a write is answered to its readers but not kept, so the next reader loads again.
 * Like the page cache, a part also expires after `maxAgeMs`, which bounds staleness from writes this
 * process cannot see (a second instance, an edit made in psql); an expired part whose tables saw no
 * write since its load (`writesTo`) is kept as it is, so that at scale the content is not read and
 * copied to the render threads again every minute for nothing.
 *
 * Blog posts are listed without their bodies (a summary each), so a rebuild after a write reads a
 * few hundred bytes a post however many there are. Bodies are read when a post or a page of the
 * list is asked for, sanitised, and kept for the most recently read posts (`BlogBodies`).
 */
export interface ReadModelOptions {
  maxAgeMs?: number;
  now?: () => number;
  /** A new copy replaced one that readers were given (the page cache drops its pages then). */
  onReplaced?: () => void;
  /** A load failed (readers keep the previous copy, if there is one). */
  onError?: (part: ContentPart, error: unknown) => void;
  /**
   * A mark of the writes made to `tables` that moves with each of them (`tableWrites` on
   * PostgreSQL): an expired part whose tables' mark has not moved since its load is kept instead
   * of loaded again. Without it, or when it answers null, an expired part is always loaded again.
   */
  writesTo?: (tables: readonly string[]) => Promise<string | null>;
}

interface Catalogue {
  /** Catalogue courses in each sort order. */
  sorted: Readonly<Record<CourseSort, readonly Course[]>>;
  /** The same, as cards list them (`cataloguePage()`). */
  cards: Readonly<Record<CourseSort, readonly CatalogueCourse[]>>;
  bySlug: Map<string, CourseDetail>;
  byId: Map<string, CourseDetail>;
  archivedSlugs: Set<string>;
}

interface Blogs {
  list: BlogSummary[];
  bySlug: Map<string, BlogSummary>;
}

/** A loaded copy of a part: `gen` is the part's generation when its load started. */
interface Copy<T> {
  gen: number;
  storedAt: number;
  value: T;
  /** The part's tables' write mark read before its load (`PartHost.writesTo`), when known. */
  mark: string | null;
}

interface PartHost {
  now(): number;
  readonly maxAgeMs: number;
  /** A copy of `part` was put in place: readers get it from now on. */
  installed(part: ContentPart): void;
  /** A newer copy replaced one that readers were given: pages made from the old one must go. */
  replaced(part: ContentPart): void;
  failed(part: ContentPart, error: unknown): void;
  /**
   * A mark of the writes made to the part's tables, by anyone, that moves with each of them; null
   * when it cannot be told (the part is then loaded again each time it expires).
   */
  writesTo(part: ContentPart): Promise<string | null>;
}

const noop = () => {};

/**
 * One part of the model: the copy readers get, and the load in flight.
 *
 * Every change of the part raises its generation (`#wanted`). A change a write names (`changed`)
 * loads the part again at once; readers keep the previous copy until the new one is in place, and
 * the writer waits for it. A change nobody named (`stale`) also raises `#floor`: no copy older than
 * that is given to readers again, they wait for a fresh load (the previous behaviour, for writes
 * made behind the services). A copy older than `maxAgeMs` is loaded again behind its readers, who
 * get it meanwhile, unless its tables saw no write since (`#markThenLoad`); only the very first
 * load is waited for. Loads are single-flight: a change made
 * while one runs queues one more, shared by every change made meanwhile. A failed load keeps the
 * previous copy, is logged, and is tried again at the next read.
 */
class Part<T> {
  #wanted = 0;
  #floor = 0;
  #kept: Copy<T> | null = null;
  #loading: { gen: number; promise: Promise<Copy<T>> } | null = null;
  #queued: Promise<Copy<T>> | null = null;

  constructor(
    private readonly name: ContentPart,
    private readonly host: PartHost,
    private readonly load: () => Promise<T>,
  ) {}

  read(): Promise<Copy<T>> {
    const kept = this.#kept;
    if (kept && kept.gen >= this.#floor) {
      if (kept.gen < this.#wanted || this.host.now() - kept.storedAt > this.host.maxAgeMs) this.#background();
      return Promise.resolve(kept);
    }
    return this.#refresh();
  }

  /**
   * A write changed the part: load it again now. Resolves once the new copy is in place, or the
   * load failed (logged; the previous copy stays and the next read tries again). A part never read
   * is not loaded: its first reader loads it.
   */
  changed(): Promise<void> {
    this.#wanted += 1;
    if (!this.#kept && !this.#loading) return Promise.resolve();
    return this.#refresh().then(noop, noop);
  }

  /** Something changed that nobody named: readers wait for a fresh load from now on. */
  stale(): void {
    this.#wanted += 1;
    this.#floor = this.#wanted;
  }

  #background(): void {
    const loading = this.#loading;
    if (loading && (loading.gen === this.#wanted || this.#queued)) return;
    // Failures are logged where the load ends.
    this.#refresh().catch(noop);
  }

  /** A load that started at the current generation: the one in flight, one queued after it, or a new one. */
  #refresh(): Promise<Copy<T>> {
    const loading = this.#loading;
    if (!loading) return this.#start();
    if (loading.gen === this.#wanted) return loading.promise;
    // It started before the latest change: one more load follows it.
    this.#queued ??= loading.promise.then(noop, noop).then(() => {
      this.#queued = null;
      return this.#refresh();
    });
    return this.#queued;
  }

  #start(): Promise<Copy<T>> {
    const gen = this.#wanted;
    const storedAt = this.host.now();
    const promise: Promise<Copy<T>> = this.#markThenLoad(gen, storedAt).then(
      (loaded) => {
        if (this.#loading?.promise === promise) this.#loading = null;
        if (!('value' in loaded)) return loaded.unchanged;
        const copy: Copy<T> = { gen, storedAt, value: loaded.value, mark: loaded.mark };
        const kept = this.#kept;
        // Never older than what readers have; a load that an unnamed change overtook goes only to its own waiters.
        if (gen >= this.#floor && (!kept || gen >= kept.gen)) {
          this.#kept = copy;
          this.host.installed(this.name);
          if (kept && kept.gen >= this.#floor && gen > kept.gen) this.host.replaced(this.name);
        }
        return copy;
      },
      (error: unknown) => {
        if (this.#loading?.promise === promise) this.#loading = null;
        this.host.failed(this.name, error);
        throw error;
      },
    );
    this.#loading = { gen, promise };
    return promise;
  }

  /**
   * The part's tables' write mark (when the host can tell), then the part. A copy that only expired
   * (no change named since it was loaded) whose tables saw no write since is not loaded again: it
   * is kept as it is, a while longer. The mark is read before the load, so a write between the two
   * only costs one more load at the next expiry.
   */
  async #markThenLoad(
    gen: number,
    storedAt: number,
  ): Promise<{ value: T; mark: string | null } | { unchanged: Copy<T> }> {
    const mark = await this.host.writesTo(this.name);
    const kept = this.#kept;
    if (mark !== null && kept?.mark === mark && kept.gen === gen && gen >= this.#floor) {
      kept.storedAt = storedAt;
      return { unchanged: kept };
    }
    return { value: await this.load(), mark };
  }
}

/**
 * `transform` run once per distinct text (sanitising rich HTML, cutting a summary): a rebuild after
 * an unrelated write does none of it again. Remembers only what the latest build used.
 */
class TextMemo {
  #previous = new Map<string, { raw: string; out: string }>();
  #current = new Map<string, { raw: string; out: string }>();

  constructor(private readonly transform: (raw: string) => string) {}

  readonly get = (raw: string): string => {
    let entry = this.#previous.get(raw) ?? this.#current.get(raw);
    if (!entry) {
      const out = this.transform(raw);
      // Stored text is sanitised on save, so usually nothing changes: keep one copy of it.
      entry = { raw, out: out === raw ? raw : out };
    }
    // Keyed by the text kept from before, so the copy just read from the database can be freed.
    this.#current.set(entry.raw, entry);
    return entry.out;
  };

  /** Ends a build: what it did not use is forgotten (unless two builds overlapped, then kept once more). */
  done(): void {
    if (this.#current.size === 0) return;
    this.#previous = this.#current;
    this.#current = new Map();
  }
}

/**
 * Every reader shares the same objects: frozen, so that a page changing what it was handed fails
 * loudly instead of changing what the next visitor sees.
 */
function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** How many posts with their bodies stay in memory: the most recently read. */
const BODIES_KEPT = 500;

/**
 * Posts with their sanitised bodies, read from the database on first use, a batch of posts in one
 * query. Forgotten at the next content version (any write) and after `maxAgeMs`, like every part.
 */
class BlogBodies {
  #version = -1;
  #posts = new Map<string, { storedAt: number; post: Promise<Blog | null> }>();

  constructor(private readonly load: (ids: string[]) => Promise<Map<string, BlogBody>>) {}

  get(clock: { version: number; now: number; maxAgeMs: number }, summaries: BlogSummary[]): Promise<(Blog | null)[]> {
    if (clock.version !== this.#version) {
      this.#posts.clear();
      this.#version = clock.version;
    }
    const missing = summaries.filter((s) => {
      const kept = this.#posts.get(s._id);
      return !kept || clock.now - kept.storedAt > clock.maxAgeMs;
    });
    if (missing.length > 0) {
      const bodies = this.load(missing.map((s) => s._id));
      for (const summary of missing) {
        const post = bodies.then((found) => {
          const stored = found.get(summary._id);
          if (stored === undefined) return null;
          const { summary: _text, summaryAr: _textAr, ...fields } = summary;
          return deepFreeze({ ...fields, ...toBlogBody(stored) });
        });
        const entry = { storedAt: clock.now, post };
        // A failed read is not kept: the next reader tries again.
        post.catch(() => {
          if (this.#posts.get(summary._id) === entry) this.#posts.delete(summary._id);
        });
        this.#posts.set(summary._id, entry);
      }
    }
    const posts = summaries.map((s) => {
      const entry = this.#posts.get(s._id) as { storedAt: number; post: Promise<Blog | null> };
      // Most recently read last: the oldest are forgotten first.
      this.#posts.delete(s._id);
      this.#posts.set(s._id, entry);
      return entry.post;
    });
    for (const id of this.#posts.keys()) {
      if (this.#posts.size <= BODIES_KEPT) break;
      this.#posts.delete(id);
    }
    return Promise.all(posts);
  }
}

const COLUMN_SORTS: readonly ColumnSort[] = ['latest', 'oldest', 'priceLow', 'priceHigh'];
const NO_ENROLMENTS: EnrolmentCount = { students: 0, paid: 0 };

/**
 * The catalogue from its rows, the enrolment counts and the brand: each course with its student
 * count and an author (the brand for a course without one of its own), in every order. 'Most
 * Popular' ranks by paid enrolments, then as 'latest' does (what SQL ranked before).
 */
function buildCatalogue(
  { rows, archivedSlugs }: CatalogueRows,
  counts: ReadonlyMap<string, EnrolmentCount>,
  brandName: string,
  summary: (html: string) => string,
): Catalogue {
  const courses = rows.map((row) => {
    const count = counts.get(row.course._id) ?? NO_ENROLMENTS;
    const author = row.course.author || brandName;
    const course: Course = Object.freeze({ ...row.course, author, students: count.students });
    return { row, course, card: toCatalogueCourse(course, summary), paid: count.paid };
  });
  const order = {} as Record<CourseSort, typeof courses>;
  for (const sort of COLUMN_SORTS) order[sort] = [...courses].sort((a, b) => a.row.rank[sort] - b.row.rank[sort]);
  order.popular = [...courses].sort((a, b) => b.paid - a.paid || a.row.rank.latest - b.row.rank.latest);
  const sorted = {} as Record<CourseSort, Course[]>;
  const cards = {} as Record<CourseSort, CatalogueCourse[]>;
  for (const sort of Object.keys(order) as CourseSort[]) {
    sorted[sort] = order[sort].map((c) => c.course);
    cards[sort] = order[sort].map((c) => c.card);
  }
  const bySlug = new Map<string, CourseDetail>();
  const byId = new Map<string, CourseDetail>();
  for (const { row, course } of courses) {
    const detail: CourseDetail = Object.freeze({
      ...course,
      modules: row.modules,
      hasAccess: false,
      hasQuiz: row.hasQuiz,
    });
    bySlug.set(course.slug, detail);
    byId.set(course._id, detail);
  }
  return { sorted: deepFreeze(sorted), cards: deepFreeze(cards), bySlug, byId, archivedSlugs };
}

const tableNames = (...tables: Table[]) => tables.map((table) => getTableName(table));

/** The tables each part is read from (what `writesTo` is asked about). */
const PART_TABLES: Readonly<Record<ContentPart, readonly string[]>> = {
  settings: tableNames(siteSettings),
  hero: tableNames(hero, media),
  intro: tableNames(intro, media),
  podcasts: tableNames(podcastVideos),
  catalogue: tableNames(courses, media, modules, videos, quizzes, quizQuestions),
  enrolments: tableNames(enrolments, orders),
  blogs: tableNames(blogs, media),
  mentor: tableNames(mentor, media),
};

/**
 * A mark of the writes PostgreSQL's statistics counted on `tables` (rows inserted, updated and
 * deleted), whoever made them: it moves with every write, a second or so after it (a session
 * sends its counts when it goes idle), and costs no read of the tables. Null while the statistics
 * count nothing for them (`track_counts` off, or just reset), when it cannot tell.
 */
export async function tableWrites(db: Db, tables: readonly string[]): Promise<string | null> {
  const names = sql.join(
    tables.map((table) => sql`${table}`),
    sql`, `,
  );
  const [row] = await rows<{ writes: string | null }>(
    db,
    sql`select sum(n_tup_ins + n_tup_upd + n_tup_del)::text as writes
        from pg_stat_user_tables where relid = any(array[${names}]::regclass[])`,
  );
  return row?.writes && row.writes !== '0' ? row.writes : null;
}

/**
 * The parts the catalogue as readers see it is put together from (`#catalogueView`): the courses,
 * their enrolment counts, and the settings, whose brand a course without an author shows.
 */
const CATALOGUE_VIEW_PARTS: readonly ContentPart[] = ['catalogue', 'enrolments', 'settings'];

/**
 * The parts each public read answers from: its version (`PublicReadModel.versions`) moves when one
 * of theirs does.
 */
const READ_PARTS: Readonly<Record<SiteRead, readonly ContentPart[]>> = {
  settings: ['settings'],
  hero: ['hero'],
  intro: ['intro'],
  courses: CATALOGUE_VIEW_PARTS,
  // Cards show no author: a settings save leaves the pages of cards a thread holds in place.
  cataloguePage: ['catalogue', 'enrolments'],
  course: CATALOGUE_VIEW_PARTS,
  blogs: ['blogs'],
  sitemapCourses: ['catalogue', 'enrolments'],
  sitemapBlogs: ['blogs'],
  blog: ['blogs'],
  podcasts: ['podcasts'],
  mentor: ['mentor'],
};

export class PublicReadModel {
  /** Per part, how many copies were put in place or made stale: each only grows. */
  readonly #partVersions = Object.fromEntries(CONTENT_PARTS.map((part) => [part, 0])) as Record<ContentPart, number>;
  #versions: Readonly<Record<SiteRead, number>> | null = null;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #onReplaced: () => void;
  readonly #onError: (part: ContentPart, error: unknown) => void;
  readonly #courseHtml = new TextMemo(sanitizeRichHtml);
  readonly #courseSummaries = new TextMemo(courseSummary);
  readonly #bodies: BlogBodies;

  readonly #settings: Part<SiteSettings>;
  readonly #hero: Part<Hero>;
  readonly #intro: Part<Intro>;
  readonly #podcasts: Part<PodcastVideo[]>;
  readonly #catalogue: Part<CatalogueRows>;
  readonly #enrolments: Part<ReadonlyMap<string, EnrolmentCount>>;
  #view: {
    rows: Copy<CatalogueRows>;
    counts: Copy<ReadonlyMap<string, EnrolmentCount>>;
    settings: Copy<SiteSettings>;
    catalogue: Catalogue;
  } | null = null;
  readonly #blogs: Part<Blogs>;
  readonly #mentor: Part<Mentor | null>;
  readonly #parts: Record<ContentPart, Part<unknown>>;

  constructor(db: Db, options: ReadModelOptions = {}) {
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    this.#onReplaced = options.onReplaced ?? noop;
    this.#onError = options.onError ?? noop;
    const { writesTo } = options;
    const host: PartHost = {
      now: () => this.#now(),
      maxAgeMs: this.#maxAgeMs,
      installed: (part) => {
        this.#partVersions[part] += 1;
        this.#versions = null;
      },
      replaced: () => this.#onReplaced(),
      failed: (part, error) => this.#onError(part, error),
      writesTo: (part) => (writesTo ? writesTo(PART_TABLES[part]).catch(() => null) : Promise.resolve(null)),
    };
    const part = <T>(name: ContentPart, load: () => Promise<T>) => new Part<T>(name, host, load);
    // A copy: without a saved row, getSettings answers its shared defaults.
    this.#settings = part('settings', async () => deepFreeze(structuredClone(await getSettings(db))));
    this.#hero = part('hero', async () => deepFreeze(await getHero(db)));
    this.#intro = part('intro', async () => deepFreeze(await getIntro(db)));
    this.#podcasts = part('podcasts', async () => deepFreeze(await listPodcastVideos(db)));
    this.#catalogue = part('catalogue', () => this.#loadCatalogue(db));
    this.#enrolments = part('enrolments', async () => loadEnrolmentCounts(db));
    this.#blogs = part('blogs', () => this.#loadBlogs(db));
    this.#mentor = part('mentor', async () => deepFreeze(await getPublicMentor(db)));
    this.#parts = {
      settings: this.#settings,
      hero: this.#hero,
      intro: this.#intro,
      podcasts: this.#podcasts,
      catalogue: this.#catalogue,
      enrolments: this.#enrolments,
      blogs: this.#blogs,
      mentor: this.#mentor,
    };
    this.#bodies = new BlogBodies((ids) => findBlogBodies(db, ids));
  }

  /**
   * Writes changed `parts`: each is loaded again now, while readers keep the previous copy.
   * Resolves once every new copy is in place (or its load failed: then the previous copy stays,
   * the failure is logged and the next read tries again).
   */
  async refresh(parts: readonly ContentPart[]): Promise<void> {
    await Promise.all([...new Set(parts)].map((name) => this.#parts[name].changed()));
    // The catalogue as readers see it (every order, the cards) made now, while the writer waits,
    // rather than by the first visitor after the write: 10-15 ms at 1,000 courses.
    if (this.#view && parts.some((part) => CATALOGUE_VIEW_PARTS.includes(part))) {
      await this.#catalogueView().catch(noop);
    }
  }

  /** Content changed in a way nobody named: every part is loaded again at its next read, which waits for it. */
  invalidate(): void {
    for (const part of CONTENT_PARTS) this.#partVersions[part] += 1;
    this.#versions = null;
    for (const part of Object.values(this.#parts)) part.stale();
  }

  /**
   * Per public read, a number that moves whenever the copies of the parts it answers from change
   * (the sum of their versions, each of which only grows): a write to the hero moves the hero's and
   * leaves the catalogue's as it was.
   */
  versions(): Readonly<Record<SiteRead, number>> {
    if (!this.#versions) {
      const versions = {} as Record<SiteRead, number>;
      for (const [read, parts] of Object.entries(READ_PARTS) as [SiteRead, readonly ContentPart[]][]) {
        versions[read] = parts.reduce((sum, part) => sum + this.#partVersions[part], 0);
      }
      this.#versions = Object.freeze(versions);
    }
    return this.#versions;
  }

  async settings(): Promise<SiteSettings> {
    return (await this.#settings.read()).value;
  }

  async hero(): Promise<Hero> {
    return (await this.#hero.read()).value;
  }

  async intro(): Promise<Intro> {
    return (await this.#intro.read()).value;
  }

  async podcasts(): Promise<PodcastVideo[]> {
    return (await this.#podcasts.read()).value.slice();
  }

  /** The mentor's profile, its story sanitised; null until the owner saves one. */
  async mentor(): Promise<Mentor | null> {
    return (await this.#mentor.read()).value;
  }

  /**
   * The catalogue: archived courses left out, courses whose English or Arabic title contains
   * `search` (trimmed, ignoring case, `%` and `_` literal), latest first unless another sort is asked for.
   */
  async courses(query: CourseQuery = {}): Promise<Course[]> {
    const catalogue = await this.#catalogueView();
    const sorted = catalogue.sorted[query.sort ?? 'latest'];
    // A copy: the caller may sort or splice its list, never the model's.
    return searchCourses(sorted, query.search);
  }

  /** A page of the catalogue courses as cards list them (`cataloguePage` from the shared package). */
  async cataloguePage(query: CataloguePageQuery): Promise<CataloguePage<CatalogueCourse>> {
    return cataloguePage((await this.#catalogueView()).cards[query.sort ?? 'latest'], query);
  }

  /** A catalogue course by slug or by id (the slug wins), as an anonymous visitor sees it. */
  async course(slugOrId: string): Promise<CourseDetail | null> {
    const catalogue = await this.#catalogueView();
    const bySlug = catalogue.bySlug.get(slugOrId);
    if (bySlug) return bySlug;
    if (catalogue.archivedSlugs.has(slugOrId)) return null;
    return catalogue.byId.get(slugOrId) ?? null;
  }

  /** The blog posts without their bodies, newest first by their date: every one, or the newest `limit`. */
  async blogs(query: { limit?: number } = {}): Promise<BlogSummary[]> {
    const { list } = (await this.#blogs.read()).value;
    return list.slice(0, query.limit ?? list.length);
  }

  /** Every catalogue course's slug and last change, latest first, for the sitemap: the same object while the courses are. */
  async sitemapCourses(): Promise<SitemapList> {
    return this.#sitemapListOf((await this.#catalogueView()).sorted.latest);
  }

  /** Every post's slug and last change, newest first, for the sitemap: the same object while the posts are. */
  async sitemapBlogs(): Promise<SitemapList> {
    return this.#sitemapListOf((await this.#blogs.read()).value.list);
  }

  readonly #sitemapLists = new WeakMap<readonly SitemapItem[], SitemapList>();

  #sitemapListOf(list: readonly SitemapItem[]): SitemapList {
    let made = this.#sitemapLists.get(list);
    if (!made) {
      made = deepFreeze({ items: list.map(({ slug, updatedAt }) => ({ slug, updatedAt })) });
      this.#sitemapLists.set(list, made);
    }
    return made;
  }

  /** One post with its body; an unknown slug costs no database query. */
  async blog(slug: string): Promise<Blog | null> {
    const blogs = await this.#blogs.read();
    const summary = blogs.value.bySlug.get(slug);
    if (!summary) return null;
    const [post] = await this.#bodies.get(this.#bodyClock(blogs), [summary]);
    return post ?? null;
  }

  /** Page `page` (from 1) of the posts with their bodies, newest first. */
  async blogPage(page: number, pageSize: number): Promise<Blog[]> {
    const blogs = await this.#blogs.read();
    const slice = blogs.value.list.slice((page - 1) * pageSize, page * pageSize);
    const posts = await this.#bodies.get(this.#bodyClock(blogs), slice);
    return posts.filter((post): post is Blog => post !== null);
  }

  /** Bodies go with the copy of the list they were read for. */
  #bodyClock(blogs: Copy<Blogs>) {
    return { version: blogs.gen, now: this.#now(), maxAgeMs: this.#maxAgeMs };
  }

  async #loadCatalogue(db: Db): Promise<CatalogueRows> {
    const rows = await loadCatalogue(db, this.#courseHtml.get);
    this.#courseHtml.done();
    return deepFreeze(rows);
  }

  /**
   * The catalogue as readers see it: its courses with their enrolment counts and, for those without
   * an author, the brand, in every order. Made once per set of copies (the courses change with the
   * owner's edits, the counts with sales, the brand with the settings: a settings save builds this
   * again without loading the courses again).
   */
  async #catalogueView(): Promise<Catalogue> {
    const [rows, counts, settings] = await Promise.all([
      this.#catalogue.read(),
      this.#enrolments.read(),
      this.#settings.read(),
    ]);
    const view = this.#view;
    if (view && view.rows === rows && view.counts === counts && view.settings === settings) return view.catalogue;
    const catalogue = buildCatalogue(rows.value, counts.value, settings.value.brandName, this.#courseSummaries.get);
    this.#courseSummaries.done();
    // Kept when nothing newer was put in place meanwhile: a newer set wins.
    const newer =
      !view || (rows.gen >= view.rows.gen && counts.gen >= view.counts.gen && settings.gen >= view.settings.gen);
    if (newer) this.#view = { rows, counts, settings, catalogue };
    return catalogue;
  }

  async #loadBlogs(db: Db): Promise<Blogs> {
    const list = deepFreeze(await listBlogSummaries(db));
    return { list, bySlug: new Map(list.map((blog) => [blog.slug, blog])) };
  }
}

const models = new WeakMap<PageCache, PublicReadModel>();

/**
 * The read model that goes with `deps`: one per page cache, made on first use and told of every
 * invalidation of that cache. Everything that writes public content already invalidates the page
 * cache, naming the parts it changed, so the read model needs no call of its own at any write; it
 * drops the cached pages itself once a new copy replaces one that pages were made from.
 */
export function publicReadModel(
  deps: Pick<Deps, 'db' | 'pageCache'> & Partial<Pick<Deps, 'log' | 'database'>>,
): PublicReadModel {
  let model = models.get(deps.pageCache);
  if (!model) {
    const { pageCache, log } = deps;
    const created = new PublicReadModel(deps.db, {
      onReplaced: () => pageCache.drop(),
      onError: (part, error) =>
        log?.error({ err: error, part }, 'read model: loading a part failed; readers keep the previous copy'),
      // PostgreSQL: an expired part is loaded again only when its tables were written meanwhile
      // (by another instance, or in psql). PGlite: nobody else can write to the data folder this
      // process holds, so every change comes through its services and parts never expire.
      ...(deps.database?.driver === 'postgres'
        ? { writesTo: (tables: readonly string[]) => tableWrites(deps.db, tables) }
        : deps.database?.driver === 'pglite'
          ? { maxAgeMs: Number.POSITIVE_INFINITY }
          : {}),
    });
    pageCache.onInvalidate((parts) => {
      if (parts) return created.refresh(parts);
      created.invalidate();
      return undefined;
    });
    models.set(pageCache, created);
    model = created;
  }
  return model;
}

/** The read model as the `PublicSiteData` that server-rendered pages read. */
export function toSiteData(model: PublicReadModel): PublicSiteData {
  return {
    settings: () => model.settings(),
    hero: () => model.hero(),
    intro: () => model.intro(),
    courses: (query) => model.courses(query),
    cataloguePage: (query) => model.cataloguePage(query),
    course: (slugOrId) => model.course(slugOrId),
    blogs: (query) => model.blogs(query),
    sitemapCourses: () => model.sitemapCourses(),
    sitemapBlogs: () => model.sitemapBlogs(),
    blog: (slug) => model.blog(slug),
    podcasts: () => model.podcasts(),
    mentor: () => model.mentor(),
    versions: () => model.versions(),
  };
}
