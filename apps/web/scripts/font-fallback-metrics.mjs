#!/usr/bin/env node
// Prints the `@font-face` descriptors of the size-adjusted fallback faces in app/app.css and
// app/arabic.css: while a web font is on its way, the page is drawn in a local font scaled and
// spaced to take the same room, so nothing moves when the web font replaces it.
//
//   node apps/web/scripts/font-fallback-metrics.mjs
//
// It reads the web fonts (WOFF2: Node's Brotli opens them) and the local fonts (TrueType) with no
// library: `head` (units per em), `hhea` (ascender, descender, line gap), `cmap` and `hmtx` (the
// advance of each letter). size-adjust is the ratio of the two fonts' average advance over a
// sample of the site's own texts (each letter counted as often as it occurs), so it is fitted to
// the widths the visitor's lines actually have; the overrides are the web font's vertical metrics
// divided by size-adjust (the browser scales them by it).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const modules = path.join(root, 'node_modules');

const WOFF2_TAGS =
  `cmap head hhea hmtx maxp name OS/2 post cvt  fpgm glyf loca prep CFF  VORG EBDT EBLC gasp hdmx kern LTSH PCLT VDMX vhea vmtx BASE GDEF GPOS GSUB EBSC JSTF MATH CBDT CBLC COLR CPAL SVG  sbix acnt avar bdat bloc bsln cvar fdsc feat fmtx fvar gvar hsty just lcar mort morx opbd prop trak Zapf Silf Glat Gloc Feat Sill`
    .match(/.{4}\s?/g)
    .map((tag) => tag.slice(0, 4));

/** The tables of a WOFF2 file, by tag (transformed tables flagged). */
function woff2Tables(buffer) {
  const numTables = buffer.readUInt16BE(12);
  let offset = 48;
  const base128 = () => {
    let value = 0;
    for (let i = 0; i < 5; i++) {
      const byte = buffer[offset++];
      value = value * 128 + (byte & 0x7f);
      if (!(byte & 0x80)) return value;
    }
    throw new Error('bad UIntBase128');
  };
  const entries = [];
  for (let i = 0; i < numTables; i++) {
    const flags = buffer[offset++];
    let tag = WOFF2_TAGS[flags & 0x3f];
    if ((flags & 0x3f) === 63) {
      tag = buffer.toString('latin1', offset, offset + 4);
      offset += 4;
    }
    const version = flags >> 6;
    const origLength = base128();
    // glyf and loca are transformed at version 0; every other table at any other version.
    const transformed = tag === 'glyf' || tag === 'loca' ? version === 0 : version !== 0;
    const length = transformed ? base128() : origLength;
    entries.push({ tag, length, transformed });
  }
  const data = zlib.brotliDecompressSync(buffer.subarray(offset));
  const tables = {};
  let at = 0;
  for (const entry of entries) {
    tables[entry.tag] = { data: data.subarray(at, at + entry.length), transformed: entry.transformed };
    at += entry.length;
  }
  return tables;
}

/** The tables of a TrueType file, by tag. */
function sfntTables(buffer) {
  const numTables = buffer.readUInt16BE(4);
  const tables = {};
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = buffer.toString('latin1', record, record + 4);
    const offset = buffer.readUInt32BE(record + 8);
    const length = buffer.readUInt32BE(record + 12);
    tables[tag] = { data: buffer.subarray(offset, offset + length), transformed: false };
  }
  return tables;
}

/** Code point to glyph, from the cmap's Unicode subtable (format 4 or 12). */
function readCmap(cmap) {
  const count = cmap.readUInt16BE(2);
  const subtables = [];
  for (let i = 0; i < count; i++) {
    const platform = cmap.readUInt16BE(4 + i * 8);
    const encoding = cmap.readUInt16BE(6 + i * 8);
    const offset = cmap.readUInt32BE(8 + i * 8);
    subtables.push({ platform, encoding, offset, format: cmap.readUInt16BE(offset) });
  }
  const pick =
    subtables.find((s) => s.format === 12) ??
    subtables.find((s) => s.format === 4 && (s.platform === 0 || (s.platform === 3 && s.encoding === 1)));
  const map = new Map();
  if (pick.format === 12) {
    const groups = cmap.readUInt32BE(pick.offset + 12);
    for (let g = 0; g < groups; g++) {
      const at = pick.offset + 16 + g * 12;
      const start = cmap.readUInt32BE(at);
      const end = cmap.readUInt32BE(at + 4);
      const glyph = cmap.readUInt32BE(at + 8);
      for (let c = start; c <= end; c++) map.set(c, glyph + c - start);
    }
    return map;
  }
  const o = pick.offset;
  const segments = cmap.readUInt16BE(o + 6) / 2;
  const ends = o + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  for (let s = 0; s < segments; s++) {
    const end = cmap.readUInt16BE(ends + s * 2);
    const start = cmap.readUInt16BE(starts + s * 2);
    const delta = cmap.readInt16BE(deltas + s * 2);
    const rangeOffset = cmap.readUInt16BE(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
        glyph = cmap.readUInt16BE(at);
        if (glyph !== 0) glyph = (glyph + delta) & 0xffff;
      }
      if (glyph) map.set(c, glyph);
    }
  }
  return map;
}

function metrics(tables) {
  const head = tables.head.data;
  const hhea = tables.hhea.data;
  const unitsPerEm = head.readUInt16BE(18);
  const numberOfHMetrics = hhea.readUInt16BE(34);
  const hmtx = tables.hmtx;
  // A transformed hmtx starts with a flags byte, then the advances.
  const advancesAt = hmtx.transformed ? 1 : 0;
  const step = hmtx.transformed ? 2 : 4;
  const advance = (glyph) => hmtx.data.readUInt16BE(advancesAt + Math.min(glyph, numberOfHMetrics - 1) * step);
  return {
    unitsPerEm,
    ascender: hhea.readInt16BE(4),
    descender: hhea.readInt16BE(6),
    lineGap: hhea.readInt16BE(8),
    cmap: readCmap(tables.cmap.data),
    advance,
  };
}

const load = (file) => {
  const buffer = fs.readFileSync(file);
  return metrics(buffer.toString('latin1', 0, 4) === 'wOF2' ? woff2Tables(buffer) : sfntTables(buffer));
};

/** Average advance in em over the letters of `sample` that both fonts draw, each as often as it occurs. */
function averageAdvance(font, sample, other) {
  let total = 0;
  let count = 0;
  for (const char of sample) {
    const code = char.codePointAt(0);
    const glyph = font.cmap.get(code);
    if (!glyph || !other.cmap.get(code)) continue;
    total += font.advance(glyph) / font.unitsPerEm;
    count++;
  }
  return total / count;
}

/** The quoted texts of some namespaces of the catalogue, in Arabic or in English, as one string. */
function sampleText(arabic, names) {
  const texts = [];
  for (const name of names) {
    const source = fs.readFileSync(path.join(root, 'packages/shared/src/i18n/ns', `${name}.ts`), 'utf8');
    for (const [, text] of source.matchAll(/'((?:[^'\\\n]|\\.)*)'/g)) {
      if (/[\u0600-\u06FF]/.test(text) === arabic) texts.push(text);
    }
  }
  return texts.join(' ');
}

function fallbackFace(family, webFont, localFont, sample, locals, weight) {
  const adjust = averageAdvance(webFont, sample, localFont) / averageAdvance(localFont, sample, webFont);
  const percent = (value) => `${((value / webFont.unitsPerEm / adjust) * 100).toFixed(2)}%`;
  return [
    '@font-face {',
    `  font-family: "${family}";`,
    ...(weight ? [`  font-weight: ${weight};`] : []),
    `  src: ${locals.map((name) => `local("${name}")`).join(', ')};`,
    `  size-adjust: ${(adjust * 100).toFixed(2)}%;`,
    `  ascent-override: ${percent(webFont.ascender)};`,
    `  descent-override: ${percent(-webFont.descender)};`,
    `  line-gap-override: ${percent(webFont.lineGap)};`,
    '}',
  ].join('\n');
}

const LIBERATION = '/usr/share/fonts/truetype/liberation';
const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const lora = load(path.join(modules, '@fontsource-variable/lora/files/lora-latin-wght-normal.woff2'));
const plex = (weight) =>
  load(path.join(modules, `@fontsource/ibm-plex-sans-arabic/files/ibm-plex-sans-arabic-arabic-${weight}-normal.woff2`));
const english = sampleText(false, ['home', 'about', 'why-dubai', 'course']);
const arabic = sampleText(true, ['home', 'about', 'why-dubai', 'course']);

// Liberation Serif has the widths and heights of Times New Roman (the faces are made to match).
console.log('/* app.css: Lora, against Times New Roman (measured on Liberation Serif) */');
console.log(
  fallbackFace('Lora fallback', lora, load(path.join(LIBERATION, 'LiberationSerif-Regular.ttf')), english, [
    'Times New Roman',
    'Liberation Serif',
  ]),
);
// The Arabic fallback of Linux systems and of Chromium's test machines, against the one weight
// Arabic pages load: their bold is the browser's, of the face and of its fallback alike.
console.log('/* arabic.css: IBM Plex Sans Arabic 400, against DejaVu Sans */');
console.log(
  fallbackFace(
    'IBM Plex Sans Arabic fallback',
    plex(400),
    load(path.join(DEJAVU, 'DejaVuSans.ttf')),
    arabic,
    ['DejaVu Sans'],
    400,
  ),
);
