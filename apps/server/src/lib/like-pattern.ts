/** A `LIKE`/`ILIKE` pattern for "contains `text`": `%`, `_` and `\` in the search are literal. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}
