import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client.ts';
import {
  seedBlog,
  seedCourse,
  seedEnrolment,
  seedHero,
  seedIntro,
  seedMentor,
  seedModule,
  seedPodcastVideo,
  seedQuiz,
  seedReview,
  seedSettings,
  seedTestimonial,
  seedUser,
  seedVideo,
} from '../src/db/factories.ts';
import * as schema from '../src/db/schema.ts';
import { CONTENT_PARTS, type ContentPart } from '../src/lib/page-cache.ts';
import { PART_TABLES, PublicReadModel } from '../src/read-model.ts';
import { beforeAllValue, createTestDatabase } from './helpers.ts';
import { watchQueries } from './query-counter.ts';

/**
 * On PostgreSQL an expired part is kept when none of its tables (`PART_TABLES`) saw a write since
 * its load: a table its loader reads but the list leaves out would hide every write to it. Each
 * part is loaded here with every statement recorded, and the tables named in them (FROM and JOIN)
 * must all be listed for that part.
 */

const TABLES = new Set<string>(
  Object.values(schema).flatMap((value) => (is(value, PgTable) ? [getTableName(value)] : [])),
);

/** The tables the statements sent to `db` while `work` runs read from. */
async function tablesRead(db: Db, work: () => Promise<unknown>): Promise<Set<string>> {
  const read = new Set<string>();
  const seen = (text: string) => {
    for (const [, table] of text.matchAll(/\b(?:from|join)\s+"(\w+)"/gi)) {
      if (table && TABLES.has(table)) read.add(table);
    }
  };
  await watchQueries(db, seen, work);
  return read;
}

describe('the read model lists the tables each part is loaded from', () => {
  const database = beforeAllValue(async () => {
    const database = await createTestDatabase();
    const { db } = database;
    // Something in every part, so that loaders that read more only when rows exist do so.
    await seedSettings(db);
    await seedHero(db);
    await seedIntro(db);
    await seedMentor(db);
    await seedPodcastVideo(db);
    await seedBlog(db);
    const course = await seedCourse(db);
    const module = await seedModule(db, { courseId: course.id });
    await seedVideo(db, { moduleId: module.id });
    await seedQuiz(db, { courseId: course.id });
    const learner = await seedUser(db);
    await seedEnrolment(db, { userId: learner.id, courseId: course.id });
    // Enough approved reviews for a rating, so the reviews loader reads the reviewers too.
    for (const rating of [5, 4, 3]) await seedReview(db, { courseId: course.id, rating });
    await seedTestimonial(db, { onHome: true });
    return database;
  }, 300_000);
  afterAll(() => database.close());

  it('every table a part loader reads is in its PART_TABLES entry', async () => {
    const model = new PublicReadModel(database.db);
    // Every part loaded once (the reads), then each loaded again alone, statements recorded.
    await Promise.all([
      model.settings(),
      model.hero(),
      model.intro(),
      model.podcasts(),
      model.mentor(),
      model.courses(),
      model.blogs(),
      model.testimonials(),
    ]);
    const unlisted: Record<string, string[]> = {};
    // Certificates are looked up one by one, not loaded (checked below).
    for (const part of CONTENT_PARTS.filter((name) => name !== 'certificates')) {
      const read = await tablesRead(database.db, () => model.refresh([part]));
      expect(read.size, `${part}: its load read no table`).toBeGreaterThan(0);
      const missing = [...read].filter((table) => !(PART_TABLES[part] as readonly string[]).includes(table));
      if (missing.length > 0) unlisted[part] = missing;
    }
    expect(unlisted, 'add these tables to PART_TABLES (read-model/tables.ts)').toEqual({});
  });

  it("a post's body is read from the blog part's tables", async () => {
    const model = new PublicReadModel(database.db);
    const [post] = await model.blogs();
    const read = await tablesRead(database.db, () => model.blog(String(post?.slug)));
    expect([...read].filter((table) => !(PART_TABLES.blogs as readonly string[]).includes(table))).toEqual([]);
  });

  it("a certificate's lookup is read from the certificates part's tables", async () => {
    const model = new PublicReadModel(database.db);
    const read = await tablesRead(database.db, () => model.certificate('AAAAAAAAAAAAAAAAAAAAAA'));
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((table) => !(PART_TABLES.certificates as readonly string[]).includes(table))).toEqual([]);
  });

  it('lists only tables that exist, for every part', () => {
    for (const part of Object.keys(PART_TABLES) as ContentPart[]) {
      for (const table of PART_TABLES[part]) expect(TABLES.has(table), `${part}: ${table}`).toBe(true);
    }
  });
});
