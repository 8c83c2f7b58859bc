import type { IslandsScript } from '@oasis/shared/contracts';
import type { ComponentProps, ComponentType } from 'react';
import { preloadModule } from 'react-dom';
import { useMatches, useRouteLoaderData } from 'react-router';
import { ISLANDS, type IslandComponent, type IslandName } from './registry';

/**
 * Marks an interactive part of a public page: the server renders `component` with `props` as
 * usual, inside a box that takes no room (`display: contents`) and names the part and its props, so
 * that the page's small script (islands/main.tsx) can bring it to life without the rest of the
 * page (docs/decisions/013-public-pages-as-islands.md). Props travel as JSON: plain data only.
 * On pages the whole React app runs (learner and admin pages, or a public page reached by a click
 * from one), the box is an ordinary wrapper and React runs the part as part of the page.
 */
type IslandProps = {
  [N in IslandName]: { name: N; component: IslandComponent<N>; props: ComponentProps<IslandComponent<N>> };
}[IslandName];

export function Island({ name, component, props }: IslandProps) {
  const Part = component as ComponentType<typeof props>;
  // The part's chunks, as links in the page's head (React keeps one link per address).
  const islands = useIslandsScript();
  for (const href of islands?.parts[ISLANDS[name].source] ?? []) preloadModule(href);
  return (
    <div data-island={name} data-props={JSON.stringify(props)} className="contents">
      <Part {...props} />
    </div>
  );
}

/** A public page's route `handle`: served with the islands script, not as the React app. */
export const ISLANDS_PAGE = { islands: true } as const;

/** Whether a route's `handle` marks an islands page (the root's layout and entry.server.tsx ask). */
export function isIslandsHandle(handle: unknown): boolean {
  return (handle as { islands?: boolean } | undefined)?.islands === true;
}

/**
 * The islands script when this server render is a public page (its route's `handle` says
 * `islands: true`) and the build has one: such a page is not hydrated as a React app, only its
 * marked parts are (docs/decisions/013-public-pages-as-islands.md). In the browser the React app is
 * running, so the answer there is always none.
 */
export function useIslandsScript(): IslandsScript | undefined {
  const matches = useMatches();
  const root = useRouteLoaderData('root') as { islands?: IslandsScript } | undefined;
  if (typeof document !== 'undefined') return undefined;
  const islandsPage = matches.some((match) => isIslandsHandle(match.handle));
  return islandsPage ? root?.islands : undefined;
}
