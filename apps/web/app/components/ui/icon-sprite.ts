import type { IconName } from './core';

/*
 * The icons' drawings, written once into each page as one hidden SVG of symbols that `<Icon>`
 * draws with `<use>` in the text's colour. Server-rendered only: the islands' JavaScript carries an
 * icon's name, never its drawing. Not CSS masks: a data-URL image in a stylesheet makes Chromium
 * build an SVG document per kind of icon inside the style pass before the first paint
 * (docs/benchmarks.md#lighthouse). Sources: 24 px grid, 2 px stroke.
 */
const FRAMES = {
  line: 'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"',
  solid: 'viewBox="0 0 24 24" fill="currentColor"',
  solid20: 'viewBox="0 0 20 20" fill="currentColor"',
};

const ICONS: Record<IconName, [keyof typeof FRAMES, string]> = {
  'arrow-right': ['line', '<path d="M5 12h14M13 6l6 6-6 6"/>'],
  'arrow-left': ['line', '<path d="M19 12H5M11 6l-6 6 6 6"/>'],
  'chevron-down': ['line', '<path d="M6 9l6 6 6-6"/>'],
  menu: ['line', '<path d="M4 7h16M4 12h16M4 17h16"/>'],
  close: ['line', '<path d="M6 6l12 12M18 6L6 18"/>'],
  check: ['line', '<path d="M5 12.5l4.5 4.5L19 7.5"/>'],
  search: ['line', '<circle cx="11" cy="11" r="7"/><path d="M20 20l-3.5-3.5"/>'],
  alert: [
    'solid20',
    '<path d="M10 1.5a8.5 8.5 0 1 0 0 17 8.5 8.5 0 0 0 0-17Zm-.9 4.5h1.8v5.2H9.1V6Zm0 6.8h1.8v1.8H9.1v-1.8Z"/>',
  ],
  mail: ['line', '<rect x="3" y="5" width="18" height="14" rx="2"/><path d="M3.5 7l8.5 6 8.5-6"/>'],
  phone: [
    'line',
    '<path d="M21 16.5v3a2 2 0 0 1-2.2 2 19.8 19.8 0 0 1-8.6-3.1 19.5 19.5 0 0 1-6-6A19.8 19.8 0 0 1 3.1 3.7 2 2 0 0 1 5.1 1.5h3a2 2 0 0 1 2 1.7c.1 1 .4 1.9.7 2.8a2 2 0 0 1-.5 2.1L9 9.4a16 16 0 0 0 6 6l1.3-1.3a2 2 0 0 1 2.1-.4c.9.3 1.8.6 2.8.7a2 2 0 0 1 1.7 2z"/>',
  ],
  'map-pin': [
    'line',
    '<path d="M12 21.5s7-6.1 7-11.5a7 7 0 1 0-14 0c0 5.4 7 11.5 7 11.5z"/><circle cx="12" cy="10" r="2.5"/>',
  ],
  chat: ['line', '<path d="M20.5 11.5a8.4 8.4 0 0 1-12.3 7.5L3.5 20.5l1.5-4.6A8.5 8.5 0 1 1 20.5 11.5z"/>'],
  clock: ['line', '<circle cx="12" cy="12" r="9"/><path d="M12 7v5l3 2"/>'],
  users: [
    'line',
    '<circle cx="9" cy="8" r="3.5"/><path d="M2.5 20a6.5 6.5 0 0 1 13 0M16 4.5a3.5 3.5 0 0 1 0 7M18.5 14.5a6.5 6.5 0 0 1 3 5.5"/>',
  ],
  user: ['line', '<circle cx="12" cy="8" r="4"/><path d="M4 21a8 8 0 0 1 16 0"/>'],
  layers: ['line', '<path d="M12 3l9 5-9 5-9-5 9-5zM3 13l9 5 9-5"/>'],
  video: ['line', '<rect x="2.5" y="6" width="13" height="12" rx="2"/><path d="M15.5 10.5l6-3.5v10l-6-3.5"/>'],
  calendar: ['line', '<rect x="3" y="5" width="18" height="16" rx="2"/><path d="M16 3v4M8 3v4M3 10h18"/>'],
  shield: ['line', '<path d="M12 3l8 3v6c0 5-3.5 8.2-8 9-4.5-.8-8-4-8-9V6l8-3z"/><path d="M8.5 12l2.5 2.5 4.5-5"/>'],
  graduation: ['line', '<path d="M22 9.5L12 4.5 2 9.5l10 5 10-5zM6 11.5V17c0 1.5 2.7 3 6 3s6-1.5 6-3v-5.5M22 9.5v5"/>'],
  compass: ['line', '<circle cx="12" cy="12" r="9"/><path d="M15.5 8.5l-2 5-5 2 2-5 5-2z"/>'],
  chart: ['line', '<path d="M3 17l6-6 4 4 8-8M15 7h6v6"/>'],
  bank: ['line', '<path d="M3 10l9-6 9 6M5 10v8M9.5 10v8M14.5 10v8M19 10v8M3 21h18"/>'],
  passport: [
    'line',
    '<rect x="4.5" y="2.5" width="15" height="19" rx="2"/><circle cx="12" cy="10" r="3.5"/><path d="M8.5 17.5h7"/>',
  ],
  building: [
    'line',
    '<path d="M4 21V5a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v16M16 9h2a2 2 0 0 1 2 2v10M2 21h20M8 7h4M8 11h4M8 15h4"/>',
  ],
  globe: ['line', '<circle cx="12" cy="12" r="9"/><path d="M3 12h18M12 3a14 14 0 0 1 0 18M12 3a14 14 0 0 0 0 18"/>'],
  percent: ['line', '<path d="M19 5L5 19"/><circle cx="6.5" cy="6.5" r="2.5"/><circle cx="17.5" cy="17.5" r="2.5"/>'],
  play: ['solid', '<path d="M8 5.5v13l10.5-6.5z"/>'],
  linkedin: [
    'solid',
    '<path d="M5 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.5h4V21H3zM9.5 9.5h3.8v1.6h.1c.5-1 1.8-2 3.8-2 4 0 4.8 2.6 4.8 6.1V21h-4v-5.1c0-1.2 0-2.8-1.7-2.8s-2 1.3-2 2.7V21h-4z"/>',
  ],
  youtube: [
    'solid',
    '<path d="M23.5 6.9a3 3 0 0 0-2.1-2.1C19.5 4.3 12 4.3 12 4.3s-7.5 0-9.4.5A3 3 0 0 0 .5 6.9 31 31 0 0 0 0 12a31 31 0 0 0 .5 5.1 3 3 0 0 0 2.1 2.1c1.9.5 9.4.5 9.4.5s7.5 0 9.4-.5a3 3 0 0 0 2.1-2.1A31 31 0 0 0 24 12a31 31 0 0 0-.5-5.1zM9.6 15.3V8.7l6.2 3.3z"/>',
  ],
  instagram: [
    'solid',
    '<path d="M12 2.2c3.2 0 3.6 0 4.8.1 3.3.1 4.8 1.7 4.9 4.9.1 1.3.1 1.6.1 4.8s0 3.6-.1 4.8c-.1 3.2-1.7 4.8-4.9 4.9-1.3.1-1.6.1-4.8.1s-3.6 0-4.8-.1c-3.3-.1-4.8-1.7-4.9-4.9-.1-1.3-.1-1.6-.1-4.8s0-3.6.1-4.8C2.4 3.9 3.9 2.4 7.2 2.3c1.2-.1 1.6-.1 4.8-.1zM12 7a5 5 0 1 0 0 10 5 5 0 0 0 0-10zm0 8.2a3.2 3.2 0 1 1 0-6.4 3.2 3.2 0 0 1 0 6.4zm5.2-9.6a1.2 1.2 0 1 0 0 2.4 1.2 1.2 0 0 0 0-2.4z"/>',
  ],
  tiktok: [
    'solid',
    '<path d="M16.6 5.8A4.3 4.3 0 0 1 15.5 3h-3.1v12.4a2.6 2.6 0 0 1-2.6 2.5 2.6 2.6 0 0 1-2.6-2.6c0-1.7 1.7-3 3.4-2.5V9.7c-3.5-.5-6.5 2.2-6.5 5.6 0 3.3 2.8 5.7 5.7 5.7 3.1 0 5.7-2.6 5.7-5.7V9a7.4 7.4 0 0 0 4.3 1.4V7.3s-1.9.1-3.2-1.5z"/>',
  ],
  facebook: [
    'solid',
    '<path d="M14 8.5V6.8c0-.8.5-1.3 1.4-1.3H17V2.2a21 21 0 0 0-2.4-.2c-2.5 0-4.1 1.5-4.1 4.3v2.2H8v3.6h2.5V22H14v-9.9h2.7l.4-3.6z"/>',
  ],
};

/** The arch drawn faintly in the corner of every page header (components/layout/page-header.tsx). */
const HEADER_ARCH =
  '<symbol id="header-arch" viewBox="0 0 40 40"><path d="M9 40V19a11 11 0 0 1 22 0v21" fill="none" stroke="currentColor" stroke-width="3"/></symbol>';

/** The `<symbol id="i-NAME">` of every icon and the header's arch, for a hidden `<svg>` at the top of the body. */
export const ICON_SYMBOLS =
  Object.entries(ICONS)
    .map(([name, [frame, drawing]]) => `<symbol id="i-${name}" ${FRAMES[frame]}>${drawing}</symbol>`)
    .join('') + HEADER_ARCH;
