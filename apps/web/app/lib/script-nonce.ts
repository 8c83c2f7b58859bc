import { createContext } from 'react';

/**
 * The render's script mark (`scriptNonce` of the load context), for the scripts the layout writes
 * inline itself: the server hashes the marked ones into the page's content security policy and
 * takes the mark out again (entry.server.tsx provides it).
 */
export const ScriptNonce = createContext<string | undefined>(undefined);
