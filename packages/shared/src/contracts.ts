import type { PublicCertificate } from './certificates.ts';
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
} from './api.ts';
import type { Testimonial } from './reviews.ts';
import type { CataloguePage, CataloguePageQuery } from './catalogue-search.ts';
import type { CourseSort } from './limits.ts';

/** A course or post as the sitemap lists it. */
export interface SitemapItem {
  slug: string;
  updatedAt: string;
}

/**
 * A list of the sitemap's items, in an object: lists handed out are the caller's copies, and the
 * sitemap keeps what it made from the object it was handed for as long as it is handed the same.
 */
export interface SitemapList {
  items: readonly SitemapItem[];
}

/**
 * What server-rendered public pages read. The server implements it with its services and hands it
 * to React Router loaders as load context, so a page render costs no HTTP round trip.
 * Everything here is the anonymous view: no video URLs, no quiz answers.
 */
export interface PublicSiteData {
  settings(): Promise<SiteSettings>;
  hero(): Promise<Hero>;
  intro(): Promise<Intro>;
  courses(query?: { search?: string; sort?: CourseSort }): Promise<Course[]>;
  /**
   * A page of the catalogue as cards list it, searched and sorted here, with the number of matches
   * and of pages: on a render thread each read is copied to it, and a page's cards are a hundredth
   * of the catalogue's at 1,000 courses (docs/decisions/018-render-threads.md).
   */
  cataloguePage(query: CataloguePageQuery): Promise<CataloguePage<CatalogueCourse>>;
  course(slugOrId: string): Promise<CourseDetail | null>;
  /**
   * The posts without their bodies, newest first by date: every one, or the newest `limit` (a page
   * showing a few asks for those only: on a render thread each read is copied to it).
   */
  blogs(query?: { limit?: number }): Promise<BlogSummary[]>;
  /**
   * The slug and last change of every catalogue course, latest first, and of every post, newest
   * first: what the sitemap lists, a few bytes each (a render thread gets a copy of every read, and
   * a read of its own for each list copies only the one a write changed).
   */
  sitemapCourses(): Promise<SitemapList>;
  sitemapBlogs(): Promise<SitemapList>;
  blog(slug: string): Promise<Blog | null>;
  podcasts(): Promise<PodcastVideo[]>;
  /** The mentor's profile (About page, course pages, `Person` data); null until the owner saves one. */
  mentor(): Promise<Mentor | null>;
  /** A certificate as its check page shows it; null for an unknown id. */
  certificate(id: string): Promise<PublicCertificate | null>;
  /** The testimonials shown somewhere, in the owner's order (`testimonialsFor` picks a page's). */
  testimonials(): Promise<Testimonial[]>;
  /**
   * For each read above, a number that changes whenever what it answers may have changed: what was
   * computed from a read may be kept while its number stays the same (a render thread keeps each
   * read so, and a write that changes only the hero leaves the catalogue it holds in place). Left
   * out by implementations that keep nothing (every call then computes afresh).
   */
  versions?(): Readonly<Record<SiteRead, number>>;
}

/** The reads of `PublicSiteData`. */
export type SiteRead = Exclude<keyof PublicSiteData, 'versions'>;

/** Values from the server's configuration that the browser may see (an explicit allow-list). */
export interface PublicConfig {
  siteUrl: string;
  googleSignIn: boolean;
  paymentProvider: 'sandbox' | 'ziina' | 'stripe';
}

/**
 * The public pages' script (docs/decisions/013-public-pages-as-islands.md): the islands entry and
 * the chunks it imports, read by the server from the web build and put in public pages, and for
 * each part's module (its path in the build's manifest) the chunks that part adds, preloaded only
 * by the pages that hold it.
 */
export interface IslandsScript {
  entry: string;
  preload: string[];
  parts: Record<string, string[]>;
}
