import type { ClientNamespaceName, SystemNamespaceName } from '@oasis/shared/i18n/catalogue';

/**
 * The catalogue namespaces the islands (registry.ts) read through `useI18n()`: a public page
 * carries these, in its language only, as data (root.tsx, `#oasis-i18n`). A part that reads
 * another namespace must add it here (the islands browser test fails on a missing one).
 */
export const ISLAND_NAMESPACES = [
  'common',
  'nav',
  'catalogueSearch',
  'enrol',
  'leadForm',
  'videos',
  'lessonPreview',
] as const satisfies readonly ClientNamespaceName[];

/**
 * The rules' texts the islands show (form checks, the API's answers to the forms, the buy button,
 * the logout toast): the page carries their translations only (`tr()`), not every rule's.
 */
export const ISLAND_SYSTEM_NAMESPACES = [
  'core',
  'leads',
  'purchase',
  'auth',
  'network',
] as const satisfies readonly SystemNamespaceName[];
