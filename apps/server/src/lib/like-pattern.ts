/** A `LIKE`/`ILIKE` pattern for "contains `text`": `%`, `_` and `\` in the search are literal. */
export function containsPattern(text: string): string {
  return `%${escapeLike(text)}%`;
}

/** A `LIKE` pattern for "starts with `text`", with the same escaping. */
export function startsWithPattern(text: string): string {
  return `${escapeLike(text)}%`;
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}
