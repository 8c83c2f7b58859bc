import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './built-site.ts';
import { filesUnder, SOURCE_FILE } from './source-files.ts';

/**
 * A source file a newcomer can hold in mind stays within this many lines (docs/architecture.md);
 * the database schema, one table after another, is the exception.
 */
const MAX_LINES = 450;
const EXCEPTIONS = new Set(['apps/server/src/db/schema.ts']);

/** `file: lines` (the path from `root`) for each file under `root` longer than `max` lines. */
function longFiles(root: string, max: number): string[] {
  return filesUnder(root, SOURCE_FILE).flatMap((file) => {
    const name = path.relative(root, file);
    const lines = fs.readFileSync(file, 'utf8').split('\n').length - 1;
    return lines > max && !EXCEPTIONS.has(name) ? [`${name}: ${lines}`] : [];
  });
}

describe('source file length', () => {
  it('names a file one line past the limit, and not one at it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-file-length-'));
    try {
      fs.writeFileSync(path.join(dir, 'at.ts'), 'x;\n'.repeat(MAX_LINES));
      fs.writeFileSync(path.join(dir, 'past.css'), 'x;\n'.repeat(MAX_LINES + 1));
      fs.writeFileSync(path.join(dir, 'notes.md'), 'x\n'.repeat(MAX_LINES + 1));
      expect(longFiles(dir, MAX_LINES)).toEqual([`past.css: ${MAX_LINES + 1}`]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it(`no source file is longer than ${MAX_LINES} lines but the schema`, () => {
    expect(longFiles(repoRoot, MAX_LINES)).toEqual([]);
  });
});
