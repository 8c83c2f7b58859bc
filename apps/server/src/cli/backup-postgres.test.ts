// Backup and restore against a PostgreSQL server (TEST_DATABASE_URL); skipped without one.

import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers.ts';
import { createLocalDiskStorage } from '../adapters/storage/local-disk.ts';
import { openDatabase } from '../db/client.ts';
import { courses } from '../db/schema.ts';
import { createBackup, restoreBackup, verifyArchive } from './backup.ts';
import {
  copyWith,
  createEmptyTestPostgres,
  files,
  fill,
  getCourse,
  removeTempDirs,
  SLOW,
  tableRows,
  tempDir,
} from '../../test/backup-fixtures.ts';

afterAll(removeTempDirs);

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
