// What the backup CLI's tests share: temporary folders, running the command, a database with a row
// in every table and media files, and ways to read back or damage an archive.

import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import { createEmptyPostgres, createTestDeps } from './helpers.ts';
import type { Storage } from '../src/adapters/storage/index.ts';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { type Database, type Db, openDatabase } from '../src/db/client.ts';
import {
  seedBlog,
  seedCourse,
  seedEnrolment,
  seedHero,
  seedIntro,
  seedModule,
  seedPodcastVideo,
  seedQuiz,
  seedSettings,
  seedUser,
  seedVideo,
} from '../src/db/factories.ts';
import { leads, media } from '../src/db/schema.ts';
import { storeImage } from '../src/modules/media/service.ts';
import { type ArchiveEntry, readArchive, writeArchive } from '../src/cli/backup/archive.ts';
import { runBackupCommand } from '../src/cli/backup.ts';

const made: string[] = [];
export function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `oasis-backup-${label}-`));
  made.push(dir);
  return dir;
}
/** Removes every folder tempDir made; each test file calls it after its tests. */
export function removeTempDirs(): void {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
}

export async function run(argv: string[], env: Record<string, string>) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runBackupCommand(
    argv,
    { NODE_ENV: 'test', SEED_DEMO: 'false', ...env },
    {
      out: (line) => out.push(line),
      err: (line) => err.push(line),
    },
  );
  return { code, out: out.join('\n'), err: err.join('\n') };
}

/** Something in every table the site fills, and media files: two images (3 files each) and a video. */
export async function fill(db: Db, storage: Storage): Promise<{ slug: string }> {
  const deps = { db, storage };
  const image = await sharp({ create: { width: 48, height: 32, channels: 3, background: '#c05020' } })
    .png()
    .toBuffer();
  const thumbnail = await storeImage(deps, image, { avifEffort: 0 });
  const blogImage = await storeImage(deps, await sharp(image).flop().negate().png().toBuffer(), { avifEffort: 0 });
  const videoKey = `videos/${randomUUID()}.mp4`;
  const videoBytes = randomBytes(300_000);
  await storage.put(videoKey, videoBytes);
  const [videoMedia] = await db
    .insert(media)
    .values({ kind: 'video', key: videoKey, mime: 'video/mp4', bytes: videoBytes.length })
    .returning();

  const admin = await seedUser(db, { role: 'admin', name: 'Owner' });
  const learners = [await seedUser(db), await seedUser(db, { name: 'Zoë “quotes” \\ back\nslash' })];
  const course = await seedCourse(db, {
    title: 'Off-plan in Dubai',
    titleAr: 'العقارات على الخارطة في دبي',
    priceFils: 49_900,
    thumbnailId: thumbnail.id,
    createdAt: new Date('2026-01-02T03:04:05.678Z'),
  });
  await seedCourse(db, { comingSoon: true });
  const module = await seedModule(db, { courseId: course.id });
  await seedVideo(db, { moduleId: module.id });
  await seedVideo(db, { moduleId: module.id, source: 'file', url: '', mediaId: videoMedia?.id });
  await seedQuiz(db, { courseId: course.id });
  for (const learner of learners)
    await seedEnrolment(db, { userId: learner.id, courseId: course.id, amountFils: 49_900 });
  await seedBlog(db, { imageId: blogImage.id, authorImageId: thumbnail.id });
  await seedPodcastVideo(db);
  await seedHero(db);
  await seedIntro(db);
  await seedSettings(db);
  await db.insert(leads).values({
    kind: 'consultation',
    name: 'Ahmed',
    email: 'ahmed@example.test',
    phone: '+971 50 000 0000',
    details: { budget: 'AED 2m', nested: 'ünïcode ✓' },
  });
  expect(admin.role).toBe('admin');
  return { slug: course.slug };
}

/** Every row of every table (as JSON, in one time zone), sorted: equal for equal contents. */
export async function tableRows(db: Db): Promise<Record<string, string[]>> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local time zone 'UTC'`);
    // The site's data: not the outbound hold a restore adds on purpose (outbox.test.ts proves it).
    const result = (await tx.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.relname <> 'outbound_hold' order by 1`,
    )) as unknown as { rows: { name: string }[] };
    const tables: Record<string, string[]> = {};
    for (const { name } of result.rows) {
      const rows = (await tx.execute(
        sql`select to_jsonb(t)::text as row from ${sql.identifier(name)} t order by 1`,
      )) as unknown as { rows: { row: string }[] };
      tables[name] = rows.rows.map((r) => r.row);
    }
    return tables;
  });
}

/** The data folder `dir` holds exactly these media files and, in its embedded database, these rows. */
export async function expectDataFolder(
  dir: string,
  expected: { files: Record<string, string>; rows: Record<string, string[]> },
) {
  expect(files(path.join(dir, 'media'))).toEqual(expected.files);
  const database = await openDatabase({ dataDir: path.join(dir, 'pglite') });
  try {
    expect(await tableRows(database.db)).toEqual(expected.rows);
  } finally {
    await database.close();
  }
}

/** Every file under `dir` with its SHA-256. */
export function files(dir: string, under = ''): Record<string, string> {
  const found: Record<string, string> = {};
  if (!fs.existsSync(path.join(dir, under))) return found;
  for (const entry of fs.readdirSync(path.join(dir, under), { withFileTypes: true })) {
    const key = under ? `${under}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(found, files(dir, key));
    else
      found[key] = createHash('sha256')
        .update(fs.readFileSync(path.join(dir, key)))
        .digest('hex');
  }
  return found;
}

/** Builds the API on `database` and media folder `dataDir`, and GETs the course. */
export async function getCourse(database: Database, dataDir: string, slug: string) {
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, SEED_DEMO: 'false' });
  const app = await buildApp({ deps: createTestDeps(config, database) });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: `/api/courses/course/slug/${slug}` });
    const image = await app.inject({
      method: 'GET',
      url: `/media/${JSON.parse(res.body).thumbnail?.base?.replace('/media/', '')}/48.webp`,
    });
    return { res, image };
  } finally {
    await app.close();
  }
}

export function copyWith(file: string, change: (data: Buffer) => Buffer): string {
  const copy = path.join(tempDir('bad'), path.basename(file));
  fs.writeFileSync(copy, change(fs.readFileSync(file)));
  return copy;
}

/** The archive again, with its manifest changed (and SHA256SUMS recomputed, as a newer Oasis would). */
export async function rewriteManifest(
  file: string,
  change: (manifest: Record<string, unknown>) => void,
): Promise<string> {
  const copy = path.join(tempDir('rewritten'), path.basename(file));
  const entries: { name: string; data: Buffer }[] = [];
  for await (const entry of readArchive(file)) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    entries.push({ name: entry.name, data: Buffer.concat(chunks) });
  }
  const manifest = entries[0] as { data: Buffer };
  const json = JSON.parse(manifest.data.toString());
  change(json);
  manifest.data = Buffer.from(JSON.stringify(json));
  const sums = entries
    .filter((e) => e.name !== 'SHA256SUMS')
    .map((e) => `${createHash('sha256').update(e.data).digest('hex')}  ${e.name}\n`)
    .join('');
  await writeArchive(
    copy,
    (async function* (): AsyncGenerator<ArchiveEntry> {
      for (const e of entries) {
        const data = e.name === 'SHA256SUMS' ? Buffer.from(sums) : e.data;
        yield { name: e.name, size: data.length, body: data };
      }
    })(),
  );
  return copy;
}

// Whole databases are built, migrated and compared: generous limits for a busy two-core machine.
export const SLOW = { timeout: 180_000 };

/** A new database with nothing in it (not even the migrations) on the TEST_DATABASE_URL server. */
export const createEmptyTestPostgres = () =>
  createEmptyPostgres(process.env.TEST_DATABASE_URL as string, 'oasis_restore');
