// After `parcel build` (or `node scripts/compress.mjs FOLDER`): writes NAME.gz (gzip -9) and NAME.br (brotli, quality 11) next to every
// HTML, JS, CSS, SVG, JSON and map file of dist/, for the server to send by Accept-Encoding
// (core/assets.py). Node's own zlib: no extra package.
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const DIST = process.argv[2] ?? new URL('../dist/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(html|js|mjs|css|svg|json|map|txt)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* files(path);
    else if (COMPRESSIBLE.test(name)) yield path;
  }
}

let raw = 0, gz = 0, br = 0;
for (const path of files(DIST)) {
  const data = readFileSync(path);
  const gzipped = gzipSync(data, { level: 9 });
  const brotli = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  writeFileSync(`${path}.gz`, gzipped);
  writeFileSync(`${path}.br`, brotli);
  raw += data.length; gz += gzipped.length; br += brotli.length;
}
console.log(`compressed: ${raw} bytes raw, ${gz} gzip, ${br} brotli`);
