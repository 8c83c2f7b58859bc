import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3StandIn } from '../../test/s3-stand-in.ts';
import { createStorage } from '../adapters/storage/create.ts';
import { createLocalDiskStorage } from '../adapters/storage/local-disk.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { seedCourse } from '../db/factories.ts';
import { restoreBackup, verifyArchive } from './backup.ts';
import {
  copyWith,
  createEmptyTestPostgres,
  expectDataFolder,
  files,
  fill,
  getCourse,
  removeTempDirs,
  rewriteManifest,
  run,
  SLOW,
  tableRows,
  tempDir,
} from '../../test/backup-fixtures.ts';

afterAll(removeTempDirs);

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
    await expectDataFolder(target.dir, source);
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

    await expectDataFolder(target.dir, before);
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
