import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './built-site.ts';

/**
 * Every decision record states one decision the same way: a title `# NNN: …` matching its file's
 * number, then `## Context`, `## Decision` and `## Consequences`, each once and in that order.
 * The index (`docs/decisions/README.md`) links every record.
 */

const DECISIONS = path.join(repoRoot, 'docs', 'decisions');
const SECTIONS = ['## Context', '## Decision', '## Consequences'];

/** What is wrong with one record's text, given its file name; empty when it follows the form. */
function recordProblems(file: string, text: string): string[] {
  const problems: string[] = [];
  const number = file.match(/^(\d{3})-[a-z0-9-]+\.md$/)?.[1];
  if (!number) return [`${file}: the name is not NNN-words.md`];
  const lines = text.split('\n');
  if (!lines[0]?.startsWith(`# ${number}: `)) problems.push(`${file}: the first line is not "# ${number}: <decision>"`);
  const headings = lines.filter((line) => /^## /.test(line)).map((line) => line.trimEnd());
  for (const section of SECTIONS) {
    const count = headings.filter((heading) => heading === section).length;
    if (count !== 1) problems.push(`${file}: "${section}" appears ${count} times`);
  }
  const order = headings.filter((heading) => SECTIONS.includes(heading));
  if (order.length === SECTIONS.length && order.join() !== SECTIONS.join()) {
    problems.push(`${file}: the sections are not in the order ${SECTIONS.join(', ')}`);
  }
  const others = headings.filter((heading) => !SECTIONS.includes(heading));
  if (others.length > 0) problems.push(`${file}: other top-level sections ${others.join(', ')}`);
  return problems;
}

const records = fs.readdirSync(DECISIONS).filter((name) => name.endsWith('.md') && name !== 'README.md');

describe('decision records', () => {
  it('finds a record without its three sections, out of order, or with a section of its own', () => {
    const good = '# 031: One thing\n\n## Context\nwhy\n\n## Decision\nwhat\n\n## Consequences\nthen\n';
    expect(recordProblems('031-one-thing.md', good)).toEqual([]);
    expect(recordProblems('031-one-thing.md', '# 031: One thing\n\n- a bullet\n- another\n')).toHaveLength(3);
    expect(recordProblems('031-one-thing.md', good.replace('## Consequences', '## Limits'))).toEqual([
      '031-one-thing.md: "## Consequences" appears 0 times',
      '031-one-thing.md: other top-level sections ## Limits',
    ]);
    const swapped = '# 031: One thing\n\n## Decision\nwhat\n\n## Context\nwhy\n\n## Consequences\nthen\n';
    expect(recordProblems('031-one-thing.md', swapped)).toHaveLength(1);
    expect(recordProblems('031-one-thing.md', good.replace('# 031:', '# 032:'))).toHaveLength(1);
    expect(recordProblems('031 One thing.md', good)).toHaveLength(1);
  });

  it('every record has Context, Decision and Consequences, once each and in order', () => {
    expect(records.length).toBeGreaterThan(0);
    const problems = records.flatMap((file) =>
      recordProblems(file, fs.readFileSync(path.join(DECISIONS, file), 'utf8')),
    );
    expect(problems).toEqual([]);
  });

  it('no two records share a number, and the index links each one', () => {
    const numbers = records.map((file) => file.slice(0, 3));
    expect(new Set(numbers).size).toBe(numbers.length);
    const index = fs.readFileSync(path.join(DECISIONS, 'README.md'), 'utf8');
    expect(records.filter((file) => !index.includes(`](${file})`))).toEqual([]);
  });
});
