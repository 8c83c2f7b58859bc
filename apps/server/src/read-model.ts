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
import type { PublicCertificate } from '@oasis/shared/certificates';
import type { Testimonial } from '@oasis/shared/reviews';
import {
  type CataloguePage,
  type CataloguePageQuery,
  cataloguePage,
  searchCourses,
} from '@oasis/shared/catalogue-search';
import { courseSummary } from '@oasis/shared/format';
import type { PublicSiteData, SiteRead, SitemapItem, SitemapList } from '@oasis/shared/contracts';
import type { Db } from './db/client.ts';
import type { Deps } from './deps.ts';
import { CONTENT_PARTS, type ContentPart, type PageCache } from './lib/page-cache.ts';
import { sanitizeRichHtml } from './lib/sanitize.ts';
import { findBlogBodies, listBlogSummaries } from './modules/blogs/service.ts';
import {
  type Catalogue as CatalogueRows,
  type CourseQuery,
  type EnrolmentCount,
  loadCatalogue,
  loadEnrolmentCounts,
} from './modules/courses/service.ts';
import { getHero, getIntro } from './modules/home/service.ts';
import { getPublicCertificate } from './modules/certificates/service.ts';
import { getPublicMentor } from './modules/mentor/service.ts';
import { listPodcastVideos } from './modules/podcasts/service.ts';
import { type CourseReviews, loadCourseReviews } from './modules/reviews/service.ts';
import { listPublicTestimonials } from './modules/reviews/testimonials.ts';
import { getSettings } from './modules/settings/service.ts';
import { type Blogs, BlogBodies, buildCatalogue, type Catalogue, deepFreeze } from './read-model/content.ts';
import { type Copy, noop, Part, type PartHost, TextMemo } from './read-model/part.ts';
import { CATALOGUE_VIEW_PARTS, PART_TABLES, READ_PARTS, tableWrites } from './read-model/tables.ts';

export { PART_TABLES, tableWrites } from './read-model/tables.ts';

/** Certificate lookups kept at most (each a few hundred bytes). */
const CERTIFICATES_KEPT = 1000;

/**
 * The public content (what anonymous visitors see) held in memory, already sanitised and shaped
 * as the API answers it, so a page render or a public API read costs no database round trip.
 * Pages and `/api` both read it: one implementation of the catalogue's search and sort.
 *
 * Each part (settings, hero, intro, podcasts, catalogue, blogs) is loaded from the database on
 * first use and kept until the page cache's `invalidate()`, which the write routes' declared
 * `changes` call (plugins/cache-effects.ts). Loads are single-flight: concurrent readers wait for one load. A load
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
  readonly #reviews: Part<ReadonlyMap<string, CourseReviews>>;
  readonly #testimonials: Part<Testimonial[]>;
  #view: {
    rows: Copy<CatalogueRows>;
    counts: Copy<ReadonlyMap<string, EnrolmentCount>>;
    settings: Copy<SiteSettings>;
    reviews: Copy<ReadonlyMap<string, CourseReviews>>;
    catalogue: Catalogue;
  } | null = null;
  readonly #blogs: Part<Blogs>;
  readonly #mentor: Part<Mentor | null>;
  /**
   * Certificates looked up so far, by id (unknown ones too, as null), bounded: a new copy, empty,
   * replaces it when a write names 'certificates'. Certificates are many and each page shows one,
   * so none is loaded before a visitor asks.
   */
  readonly #certificates: Part<Map<string, PublicCertificate | null>>;
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
    this.#certificates = part('certificates', async () => new Map());
    this.#db = db;
    this.#reviews = part('reviews', async () => {
      const reviews = await loadCourseReviews(db);
      for (const shown of reviews.values()) deepFreeze(shown);
      return reviews;
    });
    this.#testimonials = part('testimonials', async () => deepFreeze(await listPublicTestimonials(db)));
    this.#parts = {
      settings: this.#settings,
      hero: this.#hero,
      intro: this.#intro,
      podcasts: this.#podcasts,
      catalogue: this.#catalogue,
      enrolments: this.#enrolments,
      blogs: this.#blogs,
      mentor: this.#mentor,
      certificates: this.#certificates,
      reviews: this.#reviews,
      testimonials: this.#testimonials,
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

  readonly #db: Db;

  /** A certificate as its check page shows it, looked up once per copy of the part. */
  async certificate(id: string): Promise<PublicCertificate | null> {
    const known = (await this.#certificates.read()).value;
    if (known.has(id)) return known.get(id) ?? null;
    const found = await getPublicCertificate(this.#db, id);
    const answer = found ? deepFreeze(found) : null;
    if (known.size >= CERTIFICATES_KEPT) known.delete(known.keys().next().value as string);
    known.set(id, answer);
    return answer;
  }

  /** The mentor's profile, its story sanitised; null until the owner saves one. */
  async mentor(): Promise<Mentor | null> {
    return (await this.#mentor.read()).value;
  }

  /** The testimonials shown somewhere, in the owner's order. */
  async testimonials(): Promise<Testimonial[]> {
    return (await this.#testimonials.read()).value.slice();
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
    const [rows, counts, settings, reviews] = await Promise.all([
      this.#catalogue.read(),
      this.#enrolments.read(),
      this.#settings.read(),
      this.#reviews.read(),
    ]);
    const view = this.#view;
    if (view && view.rows === rows && view.counts === counts && view.settings === settings && view.reviews === reviews)
      return view.catalogue;
    const catalogue = buildCatalogue(
      rows.value,
      counts.value,
      settings.value.brandName,
      this.#courseSummaries.get,
      reviews.value,
    );
    this.#courseSummaries.done();
    // Kept when nothing newer was put in place meanwhile: a newer set wins.
    const newer =
      !view ||
      (rows.gen >= view.rows.gen &&
        counts.gen >= view.counts.gen &&
        settings.gen >= view.settings.gen &&
        reviews.gen >= view.reviews.gen);
    if (newer) this.#view = { rows, counts, settings, reviews, catalogue };
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
    certificate: (id) => model.certificate(id),
    testimonials: () => model.testimonials(),
    versions: () => model.versions(),
  };
}
