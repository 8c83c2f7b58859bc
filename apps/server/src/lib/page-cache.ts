/**
 * The public page cache (docs/decisions/010-public-cache.md), in three parts:
 * the store and its invalidation (page-cache/store.ts), the URL rules that make cache keys and
 * canonical addresses (page-cache/urls.ts), and the entries' ETags and compressed bodies
 * (page-cache/compression.ts). The content parts a write can change are in page-cache/parts.ts.
 */
export * from './page-cache/compression.ts';
export * from './page-cache/parts.ts';
export * from './page-cache/store.ts';
export * from './page-cache/urls.ts';
