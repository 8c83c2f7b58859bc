import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './built-site.ts';
import { filesUnder, SOURCE_FILE } from './source-files.ts';

/**
 * Code comments and decision records say what is and why; the story of how it came to be (numbered
 * rounds or sessions of work, issue numbers) belongs in git history, where it cannot go stale. This
 * walks every source file's comments and every decision record and names each place that tells it.
 */

const ORDINAL = '(?:first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth)';
const HISTORY = new RegExp(
  `\\b${ORDINAL} (?:round|session)s?\\b|\\b(?:round|session|pass) [0-9]+\\b|\\bissues? #?[0-9]+\\b`,
  'i',
);

/** The comments of a source file, each with the line it starts on. */
function commentsOf(text: string): { line: number; text: string }[] {
  const comments: { line: number; text: string }[] = [];
  for (const match of text.matchAll(/\/\*[\s\S]*?\*\/|(?<![:'"`\\])\/\/[^\n]*/g)) {
    const line = text.slice(0, match.index).split('\n').length;
    comments.push({ line, text: match[0] });
  }
  return comments;
}

/** `file:line: words` for each comment or record that tells the history of the work. */
function findHistory(): string[] {
  const found: string[] = [];
  const relative = (file: string) => path.relative(repoRoot, file);
  for (const file of filesUnder(repoRoot, SOURCE_FILE)) {
    for (const comment of commentsOf(fs.readFileSync(file, 'utf8'))) {
      const match = comment.text.match(HISTORY);
      if (match) found.push(`${relative(file)}:${comment.line}: ${match[0]}`);
    }
  }
  for (const file of filesUnder(path.join(repoRoot, 'docs', 'decisions'), /\.md$/)) {
    fs.readFileSync(file, 'utf8')
      .split('\n')
      .forEach((text, index) => {
        const match = text.match(HISTORY);
        if (match) found.push(`${relative(file)}:${index + 1}: ${match[0]}`);
      });
  }
  return found;
}

describe('comments and decision records without the history of the work', () => {
  it('finds numbered rounds of work and issue numbers in comments, and nothing else', () => {
    // Put together here, so that this file's own text names no round of work or issue.
    const [work, number] = ['session', 29];
    const planted = commentsOf(
      [
        `const url = 'https://example.com/issue ${number}';`,
        `// measured in the fifth ${work}`,
        `/${'*'} issue #${number} asked for it *${'/'}`,
        '// a second pass over the rows is fine',
      ].join('\n'),
    ).filter((comment) => HISTORY.test(comment.text));
    expect(planted.map((comment) => comment.line)).toEqual([2, 3]);
  });

  it('no comment or decision record names a numbered round of work or an issue number', () => {
    expect(findHistory()).toEqual([]);
  });
});
