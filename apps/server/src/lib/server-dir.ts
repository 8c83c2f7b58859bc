import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server's own folder (apps/server): the nearest folder above this module that holds a
 * package.json. It is the same from the sources (src/lib) and from the build, which bundles the
 * modules into a few files (dist/server.js, dist/chunks/…), so the files found from it (the
 * migrations, the seed's images, the web app beside it) do not depend on where a module ends up.
 */
export const serverDir = findPackageDir(path.dirname(fileURLToPath(import.meta.url)));

function findPackageDir(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json in ${from} or above it`);
  }
}
