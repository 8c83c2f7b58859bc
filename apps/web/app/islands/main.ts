import { type ComponentType, h, hydrate } from 'preact';
import { AuthProvider } from '~/lib/auth';
import { I18nProvider, type I18nValue } from '~/lib/i18n';
import { ISLANDS, type IslandName } from './registry';
import { restoreKeptScroll } from './router-links';

/**
 * The one script of a public page (docs/decisions/013-public-pages-as-islands.md): finds the parts
 * the server marked with `<Island>` and hydrates each on its own with Preact, where the rest of the
 * site runs React. Each part has the page's texts (`#oasis-i18n`) and the auth state's provider around it; the state itself is shared
 * (lib/auth.tsx keeps it in its module). The parts start one per task, in page order (`startAll`).
 * `data-islands` on <html> is `starting`, then `ready` once every part is live (the browser tests
 * wait for it; lib/page-toast.ts reads it).
 */
/** The page's language and the islands' texts (root.tsx writes them into `#oasis-i18n`). */
function readI18n(): I18nValue {
  const data = document.getElementById('oasis-i18n')?.textContent;
  return data ? (JSON.parse(data) as I18nValue) : { locale: 'en', messages: {}, dictionary: {} };
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

/**
 * Gives the main thread back between two parts, so that their hydration is several short tasks
 * rather than one long one that holds off input and paint (Lighthouse counts a task's time past
 * 50 ms as blocking). `scheduler.yield` keeps the remaining parts ahead of other queued work.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * A button or link pressed in a part that is not live yet is held and pressed again once the part
 * is, so the yields above never lose an early click nor let it skip the part's own handler (a
 * video facade's link). A click with a modifier key (a new tab) is left to the browser.
 */
const waiting = new Set<Element>();
const heldClicks = new Map<Element, HTMLElement>();
function holdEarlyClick(event: MouseEvent): void {
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const button = event.target instanceof Element ? event.target.closest<HTMLElement>('button, a[href]') : null;
  const island = button?.closest('[data-island]');
  if (!button || !island || !waiting.has(island)) return;
  event.preventDefault();
  event.stopPropagation();
  heldClicks.set(island, button);
}

async function startAll(): Promise<void> {
  const elements = [...document.querySelectorAll<HTMLElement>('[data-island]')];
  for (const element of elements) waiting.add(element);
  document.addEventListener('click', holdEarlyClick, true);
  for (const [index, element] of elements.entries()) {
    if (index > 0) await nextTask();
    try {
      start(element);
    } catch (error) {
      // One broken part leaves the others working (and the page stays readable as rendered).
      console.error('islands:', error);
    }
    waiting.delete(element);
    const held = heldClicks.get(element);
    heldClicks.delete(element);
    held?.click();
  }
  document.removeEventListener('click', holdEarlyClick, true);
  document.documentElement.dataset.islands = 'ready';
}

document.documentElement.dataset.islands = 'starting';
restoreKeptScroll();
void startAll();
