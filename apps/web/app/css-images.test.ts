import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ICON_SYMBOLS } from './components/ui/icon-sprite';

/*
 * An SVG image in a stylesheet (a data URL in `mask` or `background`) costs Chromium one SVG
 * document per kind of image, built inside the style pass before the first paint; reached through
 * a custom property, one per element. The icons and the page header's arch are therefore symbols
 * written once into the page (components/ui/icon-sprite.ts) and drawn with `<use>`; only the brand
 * marks remain CSS images, each written in its own rule.
 */
const css = readFileSync(new URL('./app.css', import.meta.url), 'utf8');

describe('images in app.css', () => {
  it('are never reached through a custom property', () => {
    expect(css).not.toMatch(/--[\w-]+:\s*url\(/);
    expect(css).not.toMatch(/(mask|background)(-image)?:\s*var\(--(icon|mark)\b/);
  });

  it('draw no mask from an SVG: icons and the header arch are symbols in the page', () => {
    expect(css).not.toMatch(/mask(-image)?:\s*url\(/);
    expect(css.match(/url\("data:image\/svg\+xml/g)?.length).toBe(2);
  });
});

describe('the page symbols', () => {
  it('define each icon once, drawn in the text colour, and the header arch', () => {
    const ids = [...ICON_SYMBOLS.matchAll(/<symbol id="([\w-]+)"/g)].map((match) => match[1]);
    expect(ids.length).toBeGreaterThan(30);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toContain('header-arch');
    for (const symbol of ICON_SYMBOLS.split('</symbol>').filter(Boolean)) {
      expect(symbol).toMatch(/currentColor/);
      expect(symbol).not.toMatch(/black|#[0-9a-f]{3,6}/i);
    }
  });
});
