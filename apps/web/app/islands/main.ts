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

function start(element: HTMLElement): void {
  const Part = ISLANDS[element.dataset.island as IslandName] as ComponentType<object> | undefined;
  if (!Part) throw new Error(`unknown island ${element.dataset.island}`);
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
