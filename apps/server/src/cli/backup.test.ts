import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmptyPostgres, createTestDatabase, createTestDeps } from '../../test/helpers.ts';
import { startS3StandIn } from '../../test/s3-stand-in.ts';
import type { Storage } from '../adapters/storage/index.ts';
import { createStorage } from '../adapters/storage/create.ts';
import { createLocalDiskStorage } from '../adapters/storage/local-disk.ts';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { type Database, type Db, openDatabase } from '../db/client.ts';
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
} from '../db/factories.ts';
import { courses, leads, media } from '../db/schema.ts';
import { storeImage } from '../modules/media/service.ts';
import { type ArchiveEntry, readArchive, writeArchive } from './backup/archive.ts';
import { createBackup, restoreBackup, runBackupCommand, verifyArchive } from './backup.ts';

const made: string[] = [];
function tempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `oasis-backup-${label}-`));
  made.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of made) fs.rmSync(dir, { recursive: true, force: true });
});

async function run(argv: string[], env: Record<string, string>) {
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
async function fill(db: Db, storage: Storage): Promise<{ slug: string }> {
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
async function tableRows(db: Db): Promise<Record<string, string[]>> {
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

/** Every file under `dir` with its SHA-256. */
function files(dir: string, under = ''): Record<string, string> {
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
async function getCourse(database: Database, dataDir: string, slug: string) {
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

function copyWith(file: string, change: (data: Buffer) => Buffer): string {
  const copy = path.join(tempDir('bad'), path.basename(file));
  fs.writeFileSync(copy, change(fs.readFileSync(file)));
  return copy;
}

/** The archive again, with its manifest changed (and SHA256SUMS recomputed, as a newer Oasis would). */
async function rewriteManifest(file: string, change: (manifest: Record<string, unknown>) => void): Promise<string> {
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
const SLOW = { timeout: 180_000 };

describe('npm run backup / npm run restore on the embedded database', SLOW, () => {
  const source = { dir: '', rows: {} as Record<string, string[]>, files: {} as Record<string, string>, slug: '' };
  let archive = '';

  /** A fresh data folder with the archive restored into it (each test that needs one makes its own). */
  async function restoredTarget(): Promise<string> {
    const dir = tempDir('target');
    expect(await run(['restore', archive], { DATA_DIR: dir })).toMatchObject({ code: 0, err: '' });
    return dir;
  }

  beforeAll(async () => {
    source.dir = tempDir('source');
    const database = await openDatabase({ dataDir: path.join(source.dir, 'pglite') });
    try {
      await database.migrate();
      ({ slug: source.slug } = await fill(database.db, createLocalDiskStorage(path.join(source.dir, 'media'))));
      source.rows = await tableRows(database.db);
    } finally {
      await database.close();
    }
    source.files = files(path.join(source.dir, 'media'));
    // The archive the restore tests read (the test below checks what a backup writes, on its own).
    const out = tempDir('archives');
    expect(await run(['backup', '--out', out], { DATA_DIR: source.dir })).toMatchObject({ code: 0, err: '' });
    archive = path.join(out, fs.readdirSync(out)[0] as string);
  }, SLOW.timeout);

  it('refuses while the site has the database open, with the message of npm run admin', async () => {
    const site = await openDatabase({ dataDir: path.join(source.dir, 'pglite') });
    try {
      const res = await run(['backup', '--out', tempDir('refused')], { DATA_DIR: source.dir });
      expect(res.code).toBe(1);
      expect(res.err).toContain('is in use by another Oasis process');
      expect(res.err).toContain('stop it, run this command, then start the site again');
    } finally {
      await site.close();
    }
  });

  it('writes one archive named with the UTC time, holding the dump, the media and a manifest', async () => {
    const out = tempDir('archives');
    const res = await run(['backup', '--out', out], { DATA_DIR: source.dir });
    expect(res).toMatchObject({ code: 0, err: '' });
    const [name, ...others] = fs.readdirSync(out);
    expect(others).toEqual([]);
    expect(name).toMatch(/^oasis-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    const written = path.join(out, name as string);
    expect(res.out).toContain(`Backup written: ${written}`);

    const { manifest } = await verifyArchive(written);
    expect(manifest).toMatchObject({ format: 'oasis-backup', version: 1, engine: 'pglite' });
    expect(manifest.migration.tag).toMatch(/^\d{4}_/);
    expect(manifest.media).toEqual({
      files: Object.keys(source.files).length,
      bytes: expect.any(Number),
      missing: [],
    });
    expect(Object.keys(source.files)).toHaveLength(7);
    for (const [table, rows] of Object.entries(source.rows)) expect(manifest.tables[table]).toBe(rows.length);
    // Parents first: a course before its modules, a user before the orders.
    const order = Object.keys(manifest.tables);
    expect(order.indexOf('courses')).toBeLessThan(order.indexOf('modules'));
    expect(order.indexOf('users')).toBeLessThan(order.indexOf('orders'));
    expect(order.indexOf('orders')).toBeLessThan(order.indexOf('enrolments'));
  });

  it('restores into a fresh data folder: every row and every file, and the site answers', async () => {
    const target = { dir: tempDir('target') };
    const res = await run(['restore', archive], { DATA_DIR: target.dir });
    expect(res).toMatchObject({ code: 0, err: '' });
    expect(res.out).toContain('Restored into the embedded database');

    expect(files(path.join(target.dir, 'media'))).toEqual(source.files);
    const database = await openDatabase({ dataDir: path.join(target.dir, 'pglite') });
    try {
      expect(await tableRows(database.db)).toEqual(source.rows);
      const { res: course, image } = await getCourse(database, target.dir, source.slug);
      expect(course.statusCode).toBe(200);
      expect(course.json()).toMatchObject({
        title: 'Off-plan in Dubai',
        titleAr: 'العقارات على الخارطة في دبي',
        slug: source.slug,
      });
      expect(image.statusCode).toBe(200);
      // The server's own migration finds nothing left to do.
      await database.migrate();
      expect(await tableRows(database.db)).toEqual(source.rows);
    } finally {
      await database.close();
    }
  });

  it('refuses a target that is not empty, saying what it would replace; --force replaces it', async () => {
    const target = { dir: await restoredTarget() };
    const database = await openDatabase({ dataDir: path.join(target.dir, 'pglite') });
    try {
      await seedCourse(database.db, { title: 'Added after the backup' });
    } finally {
      await database.close();
    }
    fs.mkdirSync(path.join(target.dir, 'media/stray'), { recursive: true });
    fs.writeFileSync(path.join(target.dir, 'media/stray/file.bin'), 'not in the archive');

    const refused = await run(['restore', archive], { DATA_DIR: target.dir });
    expect(refused.code).toBe(1);
    expect(refused.err).toContain('The target is not empty');
    expect(refused.err).toMatch(/courses 3/);
    expect(refused.err).toContain('8 media files');
    expect(refused.err).toContain('--force');

    const forced = await run(['restore', archive, '--force'], { DATA_DIR: target.dir });
    expect(forced).toMatchObject({ code: 0, err: '' });
    expect(forced.out).toContain('Replacing what the embedded database');
    expect(files(path.join(target.dir, 'media'))).toEqual(source.files);
    const restored = await openDatabase({ dataDir: path.join(target.dir, 'pglite') });
    try {
      expect(await tableRows(restored.db)).toEqual(source.rows);
    } finally {
      await restored.close();
    }
  });

  it('refuses a truncated or corrupt archive with a clear message and changes nothing', async () => {
    const target = { dir: await restoredTarget() };
    const before = { rows: source.rows, files: files(path.join(target.dir, 'media')) };
    const size = fs.statSync(archive).size;
    const cases = [
      { file: copyWith(archive, (data) => data.subarray(0, Math.floor(size / 2))), message: /ends early/ },
      { file: copyWith(archive, (data) => data.subarray(0, size - 4)), message: /ends early|damaged/ },
      {
        file: copyWith(archive, (data) => {
          const copy = Buffer.from(data);
          const at = Math.floor(size * 0.6);
          copy[at] = (copy[at] as number) ^ 0xff;
          return copy;
        }),
        message: /damaged/,
      },
      { file: copyWith(archive, () => Buffer.from('hello, not an archive')), message: /damaged or not a \.tar\.gz/ },
    ];
    for (const { file, message } of cases) {
      const fresh = tempDir('fresh');
      const intoEmpty = await run(['restore', file], { DATA_DIR: fresh });
      expect(intoEmpty.code).toBe(1);
      expect(intoEmpty.err).toMatch(message);
      expect(intoEmpty.err).toContain('Nothing was changed.');
      expect(fs.readdirSync(fresh)).toEqual([]);

      const forced = await run(['restore', file, '--force'], { DATA_DIR: target.dir });
      expect(forced.code).toBe(1);
      expect(forced.err).toMatch(message);
    }
    const missing = await run(['restore', path.join(target.dir, 'nope.tar.gz')], { DATA_DIR: target.dir });
    expect(missing.err).toContain('does not exist. Nothing was changed.');

    expect(files(path.join(target.dir, 'media'))).toEqual(before.files);
    const database = await openDatabase({ dataDir: path.join(target.dir, 'pglite') });
    try {
      expect(await tableRows(database.db)).toEqual(before.rows);
    } finally {
      await database.close();
    }
  });

  it('refuses an archive from a newer version of Oasis (migration level or format)', async () => {
    const newer = await rewriteManifest(archive, (manifest) => {
      manifest.migration = { count: 99, tag: '0099_future', createdAt: Date.now() + 10 ** 12 };
    });
    const res = await run(['restore', newer], { DATA_DIR: tempDir('fresh') });
    expect(res.code).toBe(1);
    expect(res.err).toContain('made by a newer version of Oasis');
    expect(res.err).toContain('0099_future');
    expect(res.err).toContain('Nothing was changed.');

    const format = await rewriteManifest(archive, (manifest) => {
      manifest.version = 2;
    });
    expect((await run(['restore', format], { DATA_DIR: tempDir('fresh') })).err).toContain(
      'written by a newer version of Oasis (backup format 2',
    );
  });

  it('explains its usage', async () => {
    expect((await run([], {})).code).toBe(2);
    const res = await run(['restore'], { DATA_DIR: tempDir('fresh') });
    expect(res.code).toBe(2);
    expect(res.err).toContain('restore needs the archive');
    expect(res.err).toContain('Usage:');
  });

  it('goes through the configured storage: restores the media into an S3 bucket and backs them up from it', async () => {
    const s3 = await startS3StandIn();
    try {
      const dir = tempDir('s3-target');
      const restored = await run(['restore', archive], { DATA_DIR: dir, ...s3.env() });
      expect(restored).toMatchObject({ code: 0, err: '' });
      expect(restored.out).toContain(`the bucket ${s3.bucket}/`);
      expect(fs.existsSync(path.join(dir, 'media'))).toBe(false);
      const storage = await createStorage(loadConfig({ DATA_DIR: dir, ...s3.env() }).storage);
      try {
        for (const [key, hash] of Object.entries(source.files)) {
          const object = await storage.get(key);
          const chunks: Buffer[] = [];
          for await (const chunk of object?.stream ?? []) chunks.push(chunk as Buffer);
          expect(createHash('sha256').update(Buffer.concat(chunks)).digest('hex'), key).toBe(hash);
        }
      } finally {
        await storage.close?.();
      }
      const refused = await run(['restore', archive], { DATA_DIR: tempDir('fresh'), ...s3.env() });
      expect(refused.err).toContain('The target is not empty: it holds no rows and 7 media files');

      const out = tempDir('s3-archives');
      expect(
        await run(['backup', '--out', path.join(out, 'again.tar.gz')], { DATA_DIR: dir, ...s3.env() }),
      ).toMatchObject({
        code: 0,
        err: '',
      });
      const again = await verifyArchive(path.join(out, 'again.tar.gz'));
      expect(again.manifest.media).toMatchObject({ files: 7, missing: [] });
      const first = await verifyArchive(archive);
      for (const [name, hash] of first.sums)
        if (name.startsWith('media/')) expect(again.sums.get(name), name).toBe(hash);
    } finally {
      await s3.close();
    }
  });

  describe.skipIf(!process.env.TEST_DATABASE_URL)('into PostgreSQL', () => {
    it('restores an archive of the embedded database into an empty PostgreSQL database', async () => {
      const empty = await createEmptyTestPostgres();
      const mediaDir = path.join(tempDir('pg-media'), 'media');
      try {
        const database = await openDatabase({ url: empty.url });
        try {
          await restoreBackup(await verifyArchive(archive), {
            database,
            storage: createLocalDiskStorage(mediaDir),
            localMediaDir: mediaDir,
          });
          expect(await tableRows(database.db)).toEqual(source.rows);
          expect(files(mediaDir)).toEqual(source.files);
        } finally {
          await database.close();
        }
      } finally {
        await empty.drop();
      }
    });
  });
});

/** A new database with nothing in it (not even the migrations) on the TEST_DATABASE_URL server. */
const createEmptyTestPostgres = () => createEmptyPostgres(process.env.TEST_DATABASE_URL as string, 'oasis_restore');

describe.skipIf(!process.env.TEST_DATABASE_URL)('backup and restore on PostgreSQL', SLOW, () => {
  it('round-trips every row and every file into an empty database, and the site answers', async () => {
    const sourceDb = await createTestDatabase();
    const sourceMedia = path.join(tempDir('pg-source'), 'media');
    const empty = await createEmptyTestPostgres();
    try {
      const { slug } = await fill(sourceDb.db, createLocalDiskStorage(sourceMedia));
      const rows = await tableRows(sourceDb.db);
      const sourceFiles = files(sourceMedia);
      const { file, manifest } = await createBackup({
        database: sourceDb,
        storage: createLocalDiskStorage(sourceMedia),
        out: tempDir('pg-archives'),
      });
      expect(manifest.engine).toBe('postgres');
      expect(manifest.media.files).toBe(Object.keys(sourceFiles).length);
      // Rows written after the backup are not in it.
      await sourceDb.db.update(courses).set({ title: 'Changed later' });

      const targetDir = tempDir('pg-target');
      const database = await openDatabase({ url: empty.url });
      try {
        const mediaDir = path.join(targetDir, 'media');
        const result = await restoreBackup(await verifyArchive(file), {
          database,
          storage: createLocalDiskStorage(mediaDir),
          localMediaDir: mediaDir,
        });
        expect(result.replaced.rows).toEqual({});
        expect(await tableRows(database.db)).toEqual(rows);
        expect(files(mediaDir)).toEqual(sourceFiles);
        const { res } = await getCourse(database, targetDir, slug);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ title: 'Off-plan in Dubai' });

        // A second restore needs --force, and a damaged archive changes nothing even then.
        await expect(
          restoreBackup(await verifyArchive(file), { database, storage: createLocalDiskStorage(mediaDir) }),
        ).rejects.toThrow(/The target is not empty/);
        const cut = copyWith(file, (data) => data.subarray(0, data.length - 100));
        await expect(verifyArchive(cut)).rejects.toThrow(/ends early|damaged/);
        await restoreBackup(
          await verifyArchive(file),
          { database, storage: createLocalDiskStorage(mediaDir), localMediaDir: mediaDir },
          { force: true },
        );
        expect(await tableRows(database.db)).toEqual(rows);
        expect(files(mediaDir)).toEqual(sourceFiles);
      } finally {
        await database.close();
      }
    } finally {
      await sourceDb.close();
      await empty.drop();
    }
  });
});
