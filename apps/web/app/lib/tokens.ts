/** The two session tokens in local storage, the learner's and the admin's (docs/product.md#sessions-and-tokens). */
export type TokenKind = 'token' | 'adminToken';

/** The stored token of that kind (null on the server, when absent, or when storage is blocked). */
export function readToken(kind: TokenKind): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return window.localStorage.getItem(kind);
  } catch {
    return null;
  }
}
