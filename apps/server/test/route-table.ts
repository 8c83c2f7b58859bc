import type { RouteEntry } from '../src/plugins/auth.ts';

/** Stands in for every path parameter a test does not name: a well-formed id that matches nothing. */
export const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

/**
 * The API part of the server's own route table (`app.routeTable`, filled as routes are declared):
 * cross-cutting tests walk it, so a route added later is covered without anyone remembering to.
 */
export function apiRoutes(app: { routeTable: RouteEntry[] }): RouteEntry[] {
  return app.routeTable.filter((r) => r.url.startsWith('/api'));
}

/** A route's URL with its parameters filled in: from `values` by name, else an id that matches nothing. */
export function concrete(url: string, values: Record<string, string> = {}): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => values[name] ?? UNKNOWN_ID);
}
