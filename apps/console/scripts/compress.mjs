// Build step: brotli and gzip copies beside every compressible file of dist/, as the web app's
// build makes them (the server sends the copy the browser accepts, never compressing at request time).
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compressDir } from '../../web/scripts/compress.mjs';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));
const started = Date.now();
const r = await compressDir(dist);
const kb = (n) => `${(n / 1024).toFixed(0)} KB`;
console.log(
  `compress: ${r.files} files in ${relative(process.cwd(), dist) || '.'}: ${kb(r.raw)} → brotli ${kb(r.br)}, gzip ${kb(r.gzipped)} (${Date.now() - started} ms)`,
);
