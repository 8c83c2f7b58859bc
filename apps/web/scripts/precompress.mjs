#!/usr/bin/env node
// After `react-router build`: every built asset is also written compressed (`.br` at brotli's
// highest quality, `.gz` at gzip level 9), once, so the server sends those files as they are
// (@fastify/static `preCompressed`) instead of compressing on every request at a lower setting.
// A compressed copy that would not be smaller is not written.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const clientDir = path.join(webRoot, process.env.WEB_BUILD_DIR ?? 'build', 'client');
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|xml|html|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

let count = 0;
let before = 0;
let after = 0;
for (const file of files(clientDir)) {
  const body = fs.readFileSync(file);
  const br = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  const gz = gzipSync(body, { level: 9 });
  if (br.length < body.length) fs.writeFileSync(`${file}.br`, br);
  if (gz.length < body.length) fs.writeFileSync(`${file}.gz`, gz);
  count += 1;
  before += body.length;
  after += Math.min(br.length, body.length);
}
console.log(
  `Precompressed ${count} files: ${(before / 1024).toFixed(0)} KB -> ${(after / 1024).toFixed(0)} KB (brotli)`,
);
