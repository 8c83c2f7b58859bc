import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Public pages paint many icons and two brand marks from data-URL SVGs in app.css. An image given
 * through a custom property (`mask: var(--icon)`) is parsed again for each element, and Chromium
 * then builds one SVG document per element on the main thread (a few ms each under a phone's CPU),
 * which Lighthouse counts as blocking time. Written as `mask-image: url(…)` in each rule, one
 * image serves every element of that kind.
 */
const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

describe('images in app.css', () => {
  it('are never reached through a custom property', () => {
    expect(css).not.toMatch(/--[\w-]+:\s*url\(/);
    expect(css).not.toMatch(/(mask|background)(-image)?:\s*var\(--(icon|mark)\b/);
  });

  it('give each icon its own mask image, and the shared `.icon` rule only its size and place', () => {
    const icons = [...css.matchAll(/\n {2}\.i-[\w-]+ \{([^}]*)\}/g)].map((match) => match[1]);
    expect(icons.length).toBeGreaterThan(20);
    for (const body of icons) expect(body).toMatch(/mask-image: url\("data:image\/svg\+xml/);
    const icon = css.match(/\n {2}\.icon \{([^}]*)\}/)?.[1] ?? '';
    expect(icon).toMatch(/mask-size: contain/);
    expect(icon).not.toMatch(/mask(-image)?:/);
  });
});
