import { type ComponentType, h, hydrate } from 'preact';
import { AuthProvider } from '~/lib/auth';
import { ISLANDS, type IslandName } from './registry';
import { restoreKeptScroll } from './router-links';

/**
 * The one script of a public page (docs/decisions/013-public-pages-as-islands.md): finds the parts
 * the server marked with `<Island>` and hydrates each on its own with Preact, where the rest of the
 * site runs React. Each part has the auth state's provider around it; the state itself is shared
 * (lib/auth.tsx keeps it in its module). `data-islands` on <html> is `starting`, then `ready` once
 * every part is live (the browser tests wait for it; lib/page-toast.ts reads it).
 */
function start(element: HTMLElement): void {
  const Part = ISLANDS[element.dataset.island as IslandName] as ComponentType<object> | undefined;
  if (!Part) throw new Error(`unknown island ${element.dataset.island}`);
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  hydrate(h(AuthProvider as unknown as ComponentType, null, h(Part, props)), element);
}

document.documentElement.dataset.islands = 'starting';
restoreKeptScroll();
for (const element of document.querySelectorAll<HTMLElement>('[data-island]')) {
  try {
    start(element);
  } catch (error) {
    // One broken part leaves the others working (and the page stays readable as rendered).
    console.error('islands:', error);
  }
}
document.documentElement.dataset.islands = 'ready';
