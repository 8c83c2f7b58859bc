/**
 * Encodes the demo images (the JPEGs beside this file) through the media pipeline, exactly as an
 * upload is, and keeps every rendition in renditions/ with a manifest. The demo seed copies these
 * files, so a first start does no image work. The output is committed; run again after changing a
 * picture or the image pipeline:
 *
 *   npx tsx apps/server/seed-assets/renditions.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createLocalDiskStorage } from '../src/adapters/storage/local-disk.ts';
import { openDatabase } from '../src/db/client.ts';
import { IMAGE_FILES, RENDITIONS_DIR, type SeedRendition } from '../src/db/seed.ts';
import { storeImage } from '../src/modules/media/service.ts';

const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-renditions-'));
const database = await openDatabase({ dataDir: 'memory://' });
try {
  await database.migrate();
  const storage = createLocalDiskStorage(scratch);
  fs.rmSync(RENDITIONS_DIR, { recursive: true, force: true });
  const manifest: Record<string, SeedRendition> = {};
  for (const file of Object.values(IMAGE_FILES)) {
    const source = fs.readFileSync(path.join(RENDITIONS_DIR, '..', file));
    const row = await storeImage({ db: database.db, storage }, source);
    const name = path.parse(file).name;
    fs.cpSync(path.join(scratch, row.key), path.join(RENDITIONS_DIR, name), { recursive: true });
    const { mime, bytes, width, height, widths, formats } = row;
    manifest[name] = { mime, bytes, width, height, widths, formats };
    console.log(`${name}: ${widths.join(', ')} px, ${Math.round(bytes / 1024)} KB`);
  }
  // Short arrays on one line, as the formatter leaves them.
  const json = JSON.stringify(manifest, null, 2).replace(/\[\s+([^[\]{}]*?)\s+\]/g, (_, items: string) => {
    return `[${items.split(/,\s+/).join(', ')}]`;
  });
  fs.writeFileSync(path.join(RENDITIONS_DIR, 'manifest.json'), `${json}\n`);
} finally {
  await database.close();
  fs.rmSync(scratch, { recursive: true, force: true });
}
