import { type ComponentType, h, hydrate } from 'preact';
import { AuthProvider } from '~/lib/auth';
import { I18nProvider, type I18nValue } from '~/lib/i18n';
import { ISLANDS, type IslandName } from './registry';
import { restoreKeptScroll } from './router-links';

/**
 * The one script of a public page (docs/decisions/013-public-pages-as-islands.md): finds the parts
 * the server marked with `<Island>` and hydrates each on its own with Preact, where the rest of the
 * site runs React. Each part has the page's texts (`#oasis-i18n`) and the auth state's provider around it; the state itself is shared
 * (lib/auth.tsx keeps it in its module). `data-islands` on <html> is `starting`, then `ready` once
 * every part is live (the browser tests wait for it; lib/page-toast.ts reads it).
 */
/** The page's language and the islands' texts (root.tsx writes them into `#oasis-i18n`). */
function readI18n(): I18nValue {
  const data = document.getElementById('oasis-i18n')?.textContent;
  return data ? (JSON.parse(data) as I18nValue) : { locale: 'en', messages: {}, dictionary: {}, errors: {} };
}
const i18n = readI18n();

/** Brings one marked part to life with the component its chunk gave. */
function start(element: HTMLElement, Part: ComponentType<object>): void {
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  hydrate(
    h(
      I18nProvider as unknown as ComponentType<{ value: I18nValue }>,
      { value: i18n },
      h(AuthProvider as unknown as ComponentType, null, h(Part, props)),
    ),
    element,
  );
}

/** The page's parts, each kind's chunk loaded once and all at the same time (the head preloads them). */
async function startAll(): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  const names = [...new Set(elements.map((element) => element.dataset.island ?? ''))];
  const parts = new Map<string, ComponentType<object> | undefined>();
  await Promise.all(
    names.map(async (name) => {
      const island = ISLANDS[name as IslandName];
      try {
        if (!island) throw new Error(`unknown island ${name}`);
        parts.set(name, (await island.load()) as ComponentType<object>);
      } catch (error) {
        // One broken part leaves the others working (and the page stays readable as rendered).
        console.error('islands:', error);
      }
    }),
  );
  for (const element of elements) {
    const Part = parts.get(element.dataset.island ?? '');
    if (!Part) continue;
    try {
      start(element, Part);
    } catch (error) {
      console.error('islands:', error);
    }
    // Each part in a task of its own: the browser may paint and answer input between them.
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
}

document.documentElement.dataset.islands = 'starting';
restoreKeptScroll();
void startAll().finally(() => {
  document.documentElement.dataset.islands = 'ready';
});
