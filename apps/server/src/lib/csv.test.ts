import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

/**
 * Cells as a spreadsheet reads a CSV file split on `separator`: quotes group a cell (a doubled
 * quote inside is one quote), anything else up to the next separator or line break is a cell.
 */
function readCells(csv: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const char = csv[i];
    if (quoted) {
      if (char === '"' && csv[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === separator || char === '\r' || char === '\n') {
      cells.push(cell);
      cell = '';
      if (char === '\r' && csv[i + 1] === '\n') i++;
    } else cell += char;
  }
  return cells;
}

/** What a spreadsheet would run: a cell that starts with a formula sign (after spaces) or a control character. */
const RUNS_AS_FORMULA = /^(?:[\t\r\n]|[ \u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

const ATTACKS = [
  '=HYPERLINK("http://evil.example","click")',
  '+971500000000',
  '-2+3',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  '\n=1+1',
  '  =1+1',
  '\uff1d1+1',
  'Jane;=HYPERLINK("http://evil.example","click")',
  'Jane;+1',
  'Jane\t=1+1',
  'Jane, =1+1',
  'Line one\n=1+1',
];

describe('CSV cells', () => {
  it('never leaves a cell a spreadsheet runs as a formula, whatever it splits on', () => {
    const csv = toCsv([ATTACKS]);
    for (const separator of [',', ';', '\t']) {
      for (const cell of readCells(csv, separator))
        expect(cell, `split on ${JSON.stringify(separator)}`).not.toMatch(RUNS_AS_FORMULA);
    }
    // Read on its own separator, every cell is the text it was, behind one apostrophe at most.
    expect(readCells(csv, ',').map((cell) => cell.replace(/^'/, ''))).toEqual(ATTACKS);
  });

  it('prefixes formula starts and quotes what needs it', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=1+1')).toBe("'=1+1");
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@x')).toBe("'@x");
    expect(csvCell('\t=1')).toBe(`"'\t=1"`);
    expect(csvCell('\r=1')).toBe(`"'\r=1"`);
    expect(csvCell('=HYPERLINK("http://evil.example","click")')).toBe(
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
    );
    expect(csvCell('a;b')).toBe('"a;b"');
    // Text that only contains the signs is left as it is.
    expect(csvCell('1+1=2')).toBe('1+1=2');
    expect(csvCell('jane@example.com')).toBe('jane@example.com');
    expect(
      toCsv([
        ['a', 'b'],
        ['1', ''],
      ]),
    ).toBe('a,b\r\n1,\r\n');
  });
});
