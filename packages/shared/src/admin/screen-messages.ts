import { NETWORK_MESSAGES } from '../i18n/ns/network.ts';

/**
 * Texts the admin screens make in the browser and carry in English as the rules' texts travel: a
 * screen's loader returns its failure before any component can read the catalogue, and the
 * components show it with `tr()` (the `adminScreens` namespace translates them; docs/i18n.md).
 */
export const ADMIN_SCREEN_MESSAGES = {
  sessionEnded: 'Your admin session has ended. Please log in again.',
  /** Under each empty field when the form's message is a 'fill in every required field'. */
  fieldRequired: 'This field is required.',
  networkError: NETWORK_MESSAGES.unreachable,
  // Loaders' wording when a screen's data cannot be read.
  failedToLoadHero: 'Failed to load the hero section',
  failedToLoadIntro: 'Failed to load the introduction',
  failedToLoadVideos: 'Failed to load videos',
  failedToLoadLeads: 'Failed to load leads',
  failedToLoadLead: 'Failed to load this lead',
  leadGone: 'This lead no longer exists.',
  exportFailed: 'Export failed',
} as const;
