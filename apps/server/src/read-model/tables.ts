import type { SiteRead } from '@oasis/shared/contracts';
import { getTableName, sql, type Table } from 'drizzle-orm';
import { type Db, rows } from '../db/client.ts';
import {
  blogs,
  certificates,
  courseReviews,
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
  testimonials,
  users,
  videos,
} from '../db/schema.ts';
import type { ContentPart } from '../lib/page-cache.ts';

const tableNames = (...tables: Table[]) => tables.map((table) => getTableName(table));

/** The tables each part is read from (what `writesTo` is asked about). */
export const PART_TABLES: Readonly<Record<ContentPart, readonly string[]>> = {
  settings: tableNames(siteSettings),
  hero: tableNames(hero, media),
  intro: tableNames(intro, media),
  podcasts: tableNames(podcastVideos),
  catalogue: tableNames(courses, media, modules, videos, quizzes, quizQuestions),
  enrolments: tableNames(enrolments, orders),
  blogs: tableNames(blogs, media),
  mentor: tableNames(mentor, media),
  certificates: tableNames(certificates),
  reviews: tableNames(courseReviews, users),
  testimonials: tableNames(testimonials, media),
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
 * their enrolment counts, the settings, whose brand a course without an author shows, and the
 * approved reviews (each course's rating and newest reviews, and the 'rating' sort).
 */
export const CATALOGUE_VIEW_PARTS: readonly ContentPart[] = ['catalogue', 'enrolments', 'settings', 'reviews'];

/**
 * The parts each public read answers from: its version (`PublicReadModel.versions`) moves when one
 * of theirs does.
 */
export const READ_PARTS: Readonly<Record<SiteRead, readonly ContentPart[]>> = {
  settings: ['settings'],
  hero: ['hero'],
  intro: ['intro'],
  courses: CATALOGUE_VIEW_PARTS,
  // Cards show no author: a settings save leaves the pages of cards a thread holds in place.
  cataloguePage: ['catalogue', 'enrolments', 'reviews'],
  course: CATALOGUE_VIEW_PARTS,
  blogs: ['blogs'],
  sitemapCourses: ['catalogue', 'enrolments'],
  sitemapBlogs: ['blogs'],
  blog: ['blogs'],
  podcasts: ['podcasts'],
  mentor: ['mentor'],
  certificate: ['certificates'],
  testimonials: ['testimonials'],
};
