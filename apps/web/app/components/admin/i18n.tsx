import type { ClientMessages } from '@oasis/shared/i18n/catalogue';
import type { I18nValue } from '~/lib/i18n';
import type { Loaded } from './request';

/*
 * Small helpers for the admin screens' texts (docs/i18n.md): a catalogue text with a value shown
 * as an element (a bold course title), the texts of a screen's <title>, and a failed load's
 * message in the page's language.
 */

/** One helper for a sentence with elements in it, shared with the learner screens. */
export { fmtNodes } from '~/lib/fmt-nodes';

interface MatchLike {
  id: string;
  loaderData?: unknown;
}

/** The page's texts in a route's `meta` (the root loader sends every client namespace to the React app). */
export function metaTexts(matches: ReadonlyArray<MatchLike | undefined>): ClientMessages {
  const root = matches.find((m) => m?.id === 'root')?.loaderData as { i18n?: I18nValue } | undefined;
  return (root?.i18n?.messages ?? {}) as ClientMessages;
}

/** A failed load's message (an English text of the rules, or the server's) in the page's language. */
export function translateFailure<L extends Loaded<unknown>>(loaded: L, tr: (text: string) => string): L {
  return loaded.ok ? loaded : { ...loaded, message: tr(loaded.message) };
}
