/**
 * One CSV cell (RFC 4180), safe to open in a spreadsheet. Every CSV export goes through here.
 *
 * A cell a spreadsheet would run as a formula gets a leading apostrophe, so a visitor's text stays
 * text when the owner opens the export: one starting with = + - @ (their full-width forms too,
 * which some spreadsheets take for them), after spaces or not, or with a tab, carriage return or
 * line feed. A cell holding a semicolon or a tab is quoted like one holding a comma: a spreadsheet
 * set to split on those (the list separator of many locales) would otherwise cut `Jane;=HYPERLINK(…)`
 * into a second cell that starts with `=`.
 */
export function csvCell(value: string): string {
  let cell = FORMULA_START.test(value) ? `'${value}` : value;
  if (/[",;\t\r\n]/.test(cell)) cell = `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

const FORMULA_START = /^(?:[\t\r\n]|[ \u00a0]*[=+\-@\uff1d\uff0b\uff0d\uff20])/;

/** Rows joined with CRLF, ending with one; the first row is the header. */
export function toCsv(rows: string[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
