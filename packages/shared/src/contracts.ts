import type {
  Blog,
  BlogSummary,
  Course,
  CourseDetail,
  Hero,
  Intro,
  Mentor,
  PodcastVideo,
  SiteSettings,
} from './api.ts';
import type { CourseSort } from './limits.ts';

/**
 * What server-rendered public pages read. The server implements it with its services and hands it
 * to React Router loaders as load context, so a page render costs no HTTP round trip.
 * Everything here is the anonymous view: no video URLs, no quiz answers.
 */
/** A course or post as the sitemap lists it. */
export interface SitemapItem {
  slug: string;
  updatedAt: string;
}

export interface PublicSiteData {
  settings(): Promise<SiteSettings>;
  hero(): Promise<Hero>;
  intro(): Promise<Intro>;
  courses(query?: { search?: string; sort?: CourseSort }): Promise<Course[]>;
  course(slugOrId: string): Promise<CourseDetail | null>;
  /**
   * The posts without their bodies, newest first by date: every one, or the newest `limit` (a page
   * showing a few asks for those only: on a render thread each read is copied to it).
   */
  blogs(query?: { limit?: number }): Promise<BlogSummary[]>;
  /**
   * The slug and last change of every catalogue course and every post, in the lists' order: what
   * the sitemap lists, a few bytes each (a render thread gets a copy of every read).
   */
  sitemapItems(): Promise<{ courses: SitemapItem[]; blogs: SitemapItem[] }>;
  blog(slug: string): Promise<Blog | null>;
  podcasts(): Promise<PodcastVideo[]>;
  /** The mentor's profile (About page, course pages, `Person` data); null until the owner saves one. */
  mentor(): Promise<Mentor | null>;
  /**
   * Changes whenever what the methods above answer may have changed: what a page computed from
   * reads made while it stayed the same can be reused until it changes (the sitemap's list).
   * Left out by implementations that keep nothing (every call then computes afresh).
   */
  version?(): number;
}

/** Values from the server's configuration that the browser may see (an explicit allow-list). */
export interface PublicConfig {
  siteUrl: string;
  googleSignIn: boolean;
  paymentProvider: 'sandbox' | 'ziina' | 'stripe';
}

/**
 * The public pages' script (docs/decisions/013-public-pages-as-islands.md): the islands entry and
 * the chunks it imports, read by the server from the web build and put in public pages.
 */
export interface IslandsScript {
  entry: string;
  preload: string[];
}
