import { defineNamespace } from '../define.ts';

/**
 * The browser's own words when no answer came from the API to show (lib/api.ts): the API client
 * throws them in the page's language; `tr` translates the English where another client throws it.
 */
export const NETWORK_MESSAGES = {
  unreachable: 'Could not reach the server. Please check your connection.',
} as const;

export default defineNamespace(NETWORK_MESSAGES, {
  unreachable: 'تعذّر الاتصال بالخادم. يرجى التحقق من اتصالك بالإنترنت.',
});
