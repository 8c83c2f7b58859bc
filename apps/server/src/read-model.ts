import type {
  Blog,
  BlogSummary,
  Course,
  CourseDetail,
  Hero,
  Intro,
  PodcastVideo,
  SiteSettings,
} from '@oasis/shared/api';
import type { PublicSiteData } from '@oasis/shared/contracts';
import type { CourseSort } from '@oasis/shared/limits';
import type { Db } from './db/client.ts';
import type { Deps } from './deps.ts';
import type { PageCache } from './lib/page-cache.ts';
import { sanitizeRichHtml } from './lib/sanitize.ts';
import { findBlogBodies, listBlogSummaries } from './modules/blogs/service.ts';
import { type CourseQuery, loadCatalogue } from './modules/courses/service.ts';
import { getHero, getIntro } from './modules/home/service.ts';
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
 * process cannot see (a second instance, an edit made in psql).
 *
 * Blog posts are listed without their bodies (a summary each), so a rebuild after a write reads a
 * few hundred bytes a post however many there are. Bodies are read when a post or a page of the
 * list is asked for, sanitised, and kept for the most recently read posts (`BlogBodies`).
 */
export interface ReadModelOptions {
  maxAgeMs?: number;
  now?: () => number;
}

interface Catalogue {
  /** Catalogue courses in each sort order. */
  sorted: Record<CourseSort, Course[]>;
  /** Lower-cased titles, for the search (same order as `sorted.latest`). */
  titles: Map<Course, string>;
  bySlug: Map<string, CourseDetail>;
  byId: Map<string, CourseDetail>;
  archivedSlugs: Set<string>;
}

interface Blogs {
  list: BlogSummary[];
  bySlug: Map<string, BlogSummary>;
}

/** One part of the model: its value at a version, and the load in flight. */
class Part<T> {
  #kept: { version: number; storedAt: number; value: T } | null = null;
  #loading: { version: number; promise: Promise<T> } | null = null;

  constructor(
    private readonly model: PublicReadModel,
    private readonly load: () => Promise<T>,
  ) {}

  get(): Promise<T> {
    const { version, now, maxAgeMs } = this.model.clock();
    const kept = this.#kept;
    if (kept && kept.version === version && now - kept.storedAt <= maxAgeMs) return Promise.resolve(kept.value);
    if (this.#loading?.version === version) return this.#loading.promise;
    const promise = this.load().then(
      (value) => {
        // Kept only when no write happened while it loaded: otherwise it may miss that write.
        if (this.model.clock().version === version) this.#kept = { version, storedAt: now, value };
        if (this.#loading?.promise === promise) this.#loading = null;
        return value;
      },
      (error: unknown) => {
        if (this.#loading?.promise === promise) this.#loading = null;
        throw error;
      },
    );
    this.#loading = { version, promise };
    return promise;
  }
}

/**
 * Sanitises rich HTML once per distinct text: a rebuild after an unrelated write sanitises nothing
 * again. Remembers only what the latest build used.
 */
class SanitiseMemo {
  #previous = new Map<string, { raw: string; html: string }>();
  #current = new Map<string, { raw: string; html: string }>();

  readonly html = (raw: string): string => {
    let entry = this.#previous.get(raw) ?? this.#current.get(raw);
    if (!entry) {
      const html = sanitizeRichHtml(raw);
      // Stored text is sanitised on save, so usually nothing changes: keep one copy of it.
      entry = { raw, html: html === raw ? raw : html };
    }
    // Keyed by the text kept from before, so the copy just read from the database can be freed.
    this.#current.set(entry.raw, entry);
    return entry.html;
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

  constructor(private readonly load: (ids: string[]) => Promise<Map<string, string>>) {}

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
          const raw = found.get(summary._id);
          if (raw === undefined) return null;
          const { summary: _text, ...fields } = summary;
          return deepFreeze({ ...fields, description: sanitizeRichHtml(raw) });
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

const SORTS: readonly CourseSort[] = ['latest', 'oldest', 'priceLow', 'priceHigh', 'popular'];

export class PublicReadModel {
  #version = 0;
  readonly #maxAgeMs: number;
  readonly #now: () => number;
  readonly #courseHtml = new SanitiseMemo();
  readonly #bodies: BlogBodies;

  readonly #settings: Part<SiteSettings>;
  readonly #hero: Part<Hero>;
  readonly #intro: Part<Intro>;
  readonly #podcasts: Part<PodcastVideo[]>;
  readonly #catalogue: Part<Catalogue>;
  readonly #blogs: Part<Blogs>;

  constructor(db: Db, options: ReadModelOptions = {}) {
    this.#maxAgeMs = options.maxAgeMs ?? 60_000;
    this.#now = options.now ?? Date.now;
    // A copy: without a saved row, getSettings answers its shared defaults.
    this.#settings = new Part(this, async () => deepFreeze(structuredClone(await getSettings(db))));
    this.#hero = new Part(this, async () => deepFreeze(await getHero(db)));
    this.#intro = new Part(this, async () => deepFreeze(await getIntro(db)));
    this.#podcasts = new Part(this, async () => deepFreeze(await listPodcastVideos(db)));
    this.#catalogue = new Part(this, () => this.#loadCatalogue(db));
    this.#blogs = new Part(this, () => this.#loadBlogs(db));
    this.#bodies = new BlogBodies((ids) => findBlogBodies(db, ids));
  }

  /** Content changed: every part is loaded again at its next read. */
  invalidate(): void {
    this.#version += 1;
  }

  get version(): number {
    return this.#version;
  }

  clock() {
    return { version: this.#version, now: this.#now(), maxAgeMs: this.#maxAgeMs };
  }

  settings(): Promise<SiteSettings> {
    return this.#settings.get();
  }

  hero(): Promise<Hero> {
    return this.#hero.get();
  }

  intro(): Promise<Intro> {
    return this.#intro.get();
  }

  async podcasts(): Promise<PodcastVideo[]> {
    return (await this.#podcasts.get()).slice();
  }

  /**
   * The catalogue: archived courses left out, courses whose title contains `search` (trimmed,
   * ignoring case, `%` and `_` literal), latest first unless another sort is asked for.
   */
  async courses(query: CourseQuery = {}): Promise<Course[]> {
    const catalogue = await this.#catalogue.get();
    const sorted = catalogue.sorted[query.sort ?? 'latest'];
    const search = query.search?.trim().toLowerCase();
    // A copy: the caller may sort or splice its list, never the model's.
    if (!search) return sorted.slice();
    return sorted.filter((course) => catalogue.titles.get(course)?.includes(search));
  }

  /** A catalogue course by slug or by id (the slug wins), as an anonymous visitor sees it. */
  async course(slugOrId: string): Promise<CourseDetail | null> {
    const catalogue = await this.#catalogue.get();
    const bySlug = catalogue.bySlug.get(slugOrId);
    if (bySlug) return bySlug;
    if (catalogue.archivedSlugs.has(slugOrId)) return null;
    return catalogue.byId.get(slugOrId) ?? null;
  }

  /** Every blog post without its body, newest first by its date. */
  async blogs(): Promise<BlogSummary[]> {
    return (await this.#blogs.get()).list.slice();
  }

  /** One post with its body; an unknown slug costs no database query. */
  async blog(slug: string): Promise<Blog | null> {
    const summary = (await this.#blogs.get()).bySlug.get(slug);
    if (!summary) return null;
    const [post] = await this.#bodies.get(this.clock(), [summary]);
    return post ?? null;
  }

  /** Page `page` (from 1) of the posts with their bodies, newest first. */
  async blogPage(page: number, pageSize: number): Promise<Blog[]> {
    const { list } = await this.#blogs.get();
    const posts = await this.#bodies.get(this.clock(), list.slice((page - 1) * pageSize, page * pageSize));
    return posts.filter((post): post is Blog => post !== null);
  }

  async #loadCatalogue(db: Db): Promise<Catalogue> {
    const { rows, archivedSlugs } = await loadCatalogue(db, this.#courseHtml.html);
    this.#courseHtml.done();
    deepFreeze(rows);
    const sorted = {} as Record<CourseSort, Course[]>;
    for (const sort of SORTS) {
      sorted[sort] = [...rows].sort((a, b) => a.rank[sort] - b.rank[sort]).map((r) => r.course);
    }
    const bySlug = new Map<string, CourseDetail>();
    const byId = new Map<string, CourseDetail>();
    const titles = new Map<Course, string>();
    for (const { course, modules } of rows) {
      const detail: CourseDetail = Object.freeze({ ...course, modules, hasAccess: false });
      bySlug.set(course.slug, detail);
      byId.set(course._id, detail);
      titles.set(course, course.title.toLowerCase());
    }
    return { sorted, titles, bySlug, byId, archivedSlugs };
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
 * cache, so the read model needs no call of its own at any write.
 */
export function publicReadModel(deps: Pick<Deps, 'db' | 'pageCache'>): PublicReadModel {
  let model = models.get(deps.pageCache);
  if (!model) {
    const created = new PublicReadModel(deps.db);
    deps.pageCache.onInvalidate(() => created.invalidate());
    models.set(deps.pageCache, created);
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
    course: (slugOrId) => model.course(slugOrId),
    blogs: () => model.blogs(),
    blog: (slug) => model.blog(slug),
    podcasts: () => model.podcasts(),
  };
}
