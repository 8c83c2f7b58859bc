import { createContext } from 'react';

/**
 * The public pages' stylesheets as text, for the layout to put inline in the head (root.tsx): the
 * first paint then waits on no request. entry.server.tsx gives them to islands renders only; React
 * pages (and the browser) get none and link full.css.
 */
export type InlineStyleSheets = { public: string; arabic: string };

export const InlineStyles = createContext<InlineStyleSheets | null>(null);
