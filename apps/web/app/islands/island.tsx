import type { ComponentProps, ComponentType } from 'react';
import type { IslandComponent, IslandName } from './registry';

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
