import fs from 'node:fs';
import path from 'node:path';

/** The names of the repository's source files: code and style sheets. */
export const SOURCE_FILE = /\.(ts|tsx|js|mjs|cjs|css)$/;
const SKIPPED = new Set(['node_modules', 'build', 'dist', '.react-router', 'test-results', 'playwright-report', 'tmp']);

/**
 * Every file under `dir` whose name matches, skipping build output (including the `build-*` folders
 * other tests write while a test reads the tree) and installed packages.
 */
export function filesUnder(dir: string, name: RegExp): string[] {
  const found: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (entry.name.startsWith('.') || entry.name.startsWith('build-') || SKIPPED.has(entry.name)) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...filesUnder(full, name));
    else if (name.test(entry.name)) found.push(full);
  }
  return found;
}
