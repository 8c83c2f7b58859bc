import type { ClientNamespaceName } from '@oasis/shared/i18n/catalogue';

/**
 * The catalogue namespaces the islands (registry.ts) read through `useI18n()`: a public page
 * carries these, in its language only, as data (root.tsx, `#oasis-i18n`). A part that reads
 * another namespace must add it here (the islands browser test fails on a missing one).
 */
export const ISLAND_NAMESPACES = ['core', 'common', 'nav'] as const satisfies readonly ClientNamespaceName[];
