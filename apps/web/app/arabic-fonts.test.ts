import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Arabic pages fetch one Arabic font file before their first paint (arabic.css, preloaded by
 * root.tsx): their labels and headings are the browser's bold of it. A face per weight put two more
 * files (90 KB) before the first paint on a phone's network. The stand-in face has one weight too,
 * so that its bold is as wide as its regular, like the web face's.
 */
const css = readFileSync(new URL('./arabic.css', import.meta.url), 'utf8');
const faces = [...css.matchAll(/@font-face \{([^}]*)\}/g)].map((match) => match[1] ?? '');
const family = (name: string) => faces.filter((face) => face.includes(`font-family: "${name}";`));

describe('arabic.css', () => {
  it('declares one file of IBM Plex Sans Arabic, its regular weight', () => {
    const plex = family('IBM Plex Sans Arabic');
    expect(plex).toHaveLength(1);
    expect(plex[0]).toMatch(/font-weight: 400;/);
    expect(plex[0]).toMatch(/font-display: optional;/);
    expect(css.split('.woff2').length - 1).toBe(1);
  });

  it('gives its stand-in one weight, sized to the regular face', () => {
    const fallback = family('IBM Plex Sans Arabic fallback');
    expect(fallback).toHaveLength(1);
    expect(fallback[0]).toMatch(/src: local\("DejaVu Sans"\);/);
    expect(fallback[0]).toMatch(/size-adjust: [\d.]+%;/);
  });
});
