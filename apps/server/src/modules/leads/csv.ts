/**
 * One CSV cell (RFC 4180). A cell that a spreadsheet would run as a formula (starting with = + - @,
 * or a tab or carriage return) gets a leading apostrophe, so a visitor's text stays text when the
 * owner opens the export.
 */
export function csvCell(value: string): string {
  let cell = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  if (/[",\r\n]/.test(cell)) cell = `"${cell.replace(/"/g, '""')}"`;
  return cell;
}

/** Rows joined with CRLF, ending with one; the first row is the header. */
export function toCsv(rows: string[][]): string {
  return `${rows.map((row) => row.map(csvCell).join(',')).join('\r\n')}\r\n`;
}
