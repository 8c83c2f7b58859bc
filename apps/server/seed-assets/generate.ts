/**
 * Draws the demo images (made here, so no licence questions) as SVG scenes and renders them with
 * sharp into small JPEGs. The output is committed; run again only to change the pictures:
 *
 *   npx tsx apps/server/seed-assets/generate.ts
 *
 * Drawing is deterministic (a seeded random generator), so a re-run gives the same files.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import {
  balconyView,
  blueprint,
  duskSkyline,
  fallbackThumbnail,
  goldenVisa,
  holidayHome,
  keysHandover,
  marinaNight,
  marketCharts,
  mortgage,
  offPlan,
  placeholder,
  rentalYield,
} from './scenes.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const webPublic = path.resolve(here, '../../web/public');

// ---------------------------------------------------------------- output

interface Output {
  file: string;
  width: number;
  height: number;
  draw: (w: number, h: number) => string;
  quality?: number;
}

const SEED_ASSETS: Output[] = [
  { file: 'hero-dubai-skyline.jpg', width: 1600, height: 900, draw: duskSkyline },
  { file: 'intro-balcony-view.jpg', width: 1200, height: 900, draw: balconyView },
  { file: 'course-off-plan.jpg', width: 1200, height: 675, draw: offPlan },
  { file: 'course-golden-visa.jpg', width: 1200, height: 675, draw: goldenVisa },
  { file: 'course-mortgages.jpg', width: 1200, height: 675, draw: mortgage },
  { file: 'course-market.jpg', width: 1200, height: 675, draw: marketCharts },
  { file: 'course-holiday-homes.jpg', width: 1200, height: 675, draw: holidayHome },
  { file: 'course-buying-process.jpg', width: 1200, height: 675, draw: blueprint },
  { file: 'blog-marina-night.jpg', width: 1200, height: 675, draw: marinaNight },
  { file: 'blog-rental-yields.jpg', width: 1200, height: 675, draw: rentalYield },
  { file: 'blog-keys.jpg', width: 1200, height: 675, draw: keysHandover },
];

const WEB_ASSETS: Output[] = [
  { file: 'default-thumbnail.jpg', width: 1200, height: 675, draw: fallbackThumbnail, quality: 70 },
  { file: 'placeholder.jpg', width: 1200, height: 675, draw: placeholder, quality: 70 },
];

async function render(dir: string, output: Output) {
  const data = await sharp(Buffer.from(output.draw(output.width, output.height)))
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: output.quality ?? 74, mozjpeg: true, chromaSubsampling: '4:2:0' })
    .toBuffer();
  fs.writeFileSync(path.join(dir, output.file), data);
  return data.length;
}

let total = 0;
for (const output of SEED_ASSETS) {
  const bytes = await render(here, output);
  total += bytes;
  console.log(`${output.file.padEnd(28)} ${(bytes / 1024).toFixed(1)} KB`);
}
console.log(`seed assets total ${(total / 1024).toFixed(1)} KB`);
for (const output of WEB_ASSETS) {
  const bytes = await render(webPublic, output);
  console.log(`web/public/${output.file.padEnd(22)} ${(bytes / 1024).toFixed(1)} KB`);
}
