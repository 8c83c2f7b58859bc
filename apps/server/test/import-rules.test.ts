import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoRoot } from './built-site.ts';

/**
 * The import rules of `npm run check` (.dependency-cruiser.cjs), run as that script runs them on a
 * small tree of planted files: each rule must catch its wrong-way import and allow the right-way
 * ones. A rule whose path no longer matches anything would otherwise pass silently for ever. (The
 * real tree is checked by `npm run check` itself.)
 */

const CLI = path.join(repoRoot, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs');

interface Violation {
  rule: { name: string };
  from: string;
  to: string;
  cycle?: { name: string }[];
}

function cruise(cwd: string, folders: string[]): Violation[] {
  const run = spawnSync(
    process.execPath,
    [CLI, '--config', path.join(repoRoot, '.dependency-cruiser.cjs'), '--output-type', 'json', ...folders],
    { cwd, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  if (!run.stdout) throw new Error(`dependency-cruiser printed nothing: ${run.stderr}`);
  return (JSON.parse(run.stdout) as { summary: { violations: Violation[] } }).summary.violations;
}

/** Planted files: path, then the imports it holds. */
const PLANTED: Record<string, string[]> = {
  'packages/shared/src/limits.ts': [],
  'packages/shared/src/wrong.ts': ["import type { Row } from '../../../apps/server/src/db/schema.ts';"],
  'apps/server/src/db/schema.ts': ['export type Row = { id: string };'],
  'apps/server/src/lib/fine.ts': ["import { LIMIT } from '../../../../packages/shared/src/limits.ts';"],
  'apps/server/src/lib/wrong.ts': [
    "import { plugin } from '../plugins/thing.ts';",
    "import type { Thing } from '../modules/things/service.ts';",
  ],
  'apps/server/src/plugins/thing.ts': ["import { fine } from '../lib/fine.ts';"],
  'apps/server/src/modules/things/service.ts': ["import type { Hook } from '../../plugins/thing.ts';"],
  'apps/server/src/modules/things/defaults.ts': [],
  'apps/server/src/db/seed.ts': [
    "import { DEFAULTS } from '../modules/things/defaults.ts';",
    "import { save } from '../modules/things/service.ts';",
  ],
  'apps/server/src/db/factories.ts': ["import { save } from '../modules/things/service.ts';"],
  'apps/web/app/wrong.ts': ["import type { Row } from '../../server/src/db/schema.ts';"],
  'apps/web/app/circle-a.ts': ["import { b } from './circle-b.ts';"],
  'apps/web/app/circle-b.ts': ["import { a } from './circle-a.ts';"],
  'apps/web/app/typo.ts': ["import { gone } from './no-such-file.ts';"],
};

describe('import rules (npm run check)', () => {
  let tree: string;

  beforeAll(() => {
    tree = fs.mkdtempSync(path.join(os.tmpdir(), 'oasis-import-rules-'));
    for (const file of ['tsconfig.base.json', 'tsconfig.depcruise.json'])
      fs.copyFileSync(path.join(repoRoot, file), path.join(tree, file));
    for (const [file, lines] of Object.entries(PLANTED)) {
      fs.mkdirSync(path.join(tree, path.dirname(file)), { recursive: true });
      fs.writeFileSync(path.join(tree, file), `${lines.join('\n')}\nexport {};\n`);
    }
  });

  afterAll(() => {
    if (tree) fs.rmSync(tree, { recursive: true, force: true });
  });

  it('catches each planted wrong-way import, circle and unresolvable import, and nothing else', () => {
    const found = cruise(tree, ['packages', 'apps'])
      .map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)
      .sort();
    expect(found).toEqual(
      [
        'shared-imports-nothing-of-ours: packages/shared/src/wrong.ts -> apps/server/src/db/schema.ts',
        'web-never-imports-server: apps/web/app/wrong.ts -> apps/server/src/db/schema.ts',
        'server-lib-is-below-plugins-and-modules: apps/server/src/lib/wrong.ts -> apps/server/src/plugins/thing.ts',
        'server-lib-is-below-plugins-and-modules: apps/server/src/lib/wrong.ts -> apps/server/src/modules/things/service.ts',
        'services-do-not-import-plugins: apps/server/src/modules/things/service.ts -> apps/server/src/plugins/thing.ts',
        'seed-and-factories-do-not-import-services: apps/server/src/db/seed.ts -> apps/server/src/modules/things/service.ts',
        'seed-and-factories-do-not-import-services: apps/server/src/db/factories.ts -> apps/server/src/modules/things/service.ts',
        // A circle of value imports is reported once.
        'no-circular: apps/web/app/circle-a.ts -> apps/web/app/circle-b.ts',
        'our-imports-resolve: apps/web/app/typo.ts -> ./no-such-file.ts',
      ].sort(),
    );
  });
});
