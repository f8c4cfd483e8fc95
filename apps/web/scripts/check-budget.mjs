// Build-time budget of the first load, measured as it is sent: index.html and every file it makes
// the browser fetch (entry script, module preloads, stylesheets), each at the size of the
// precompressed copy the server sends (brotli; gzip shown too; a file without a copy counts whole).
// Fails when the brotli total is over BUDGET_KB, or when the first load needs more than
// MAX_FILES files (each one a round trip on a phone over HTTP/1.1).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { firstLoadFiles } from './first-load-files.mjs';

const BUDGET_KB = 150;
const MAX_FILES = 8;
const dist = fileURLToPath(new URL('../dist/', import.meta.url));

const sizeOf = (file) => statSync(file).size;
const sent = (file, ext) => (existsSync(file + ext) ? sizeOf(file + ext) : sizeOf(file));

const html = readFileSync(`${dist}index.html`, 'utf8');
const files = ['index.html', ...firstLoadFiles(html)];
const rows = files.map((f) => {
  const path = dist + f;
  if (!existsSync(path)) {
    console.error(`check-budget: index.html loads /${f}, which the build does not have`);
    process.exit(1);
  }
  return { file: f, raw: sizeOf(path), br: sent(path, '.br'), gz: sent(path, '.gz') };
});

const kb = (n) => (n / 1024).toFixed(1).padStart(7);
console.log('     raw KB   brotli KB   gzip KB');
for (const r of rows.sort((a, b) => b.br - a.br)) {
  console.log(`  ${kb(r.raw)}   ${kb(r.br)}   ${kb(r.gz)}  ${r.file}`);
}
const total = (key, filter = () => true) => rows.filter(filter).reduce((n, r) => n + r[key], 0);
const isJs = (r) => r.file.endsWith('.js');
console.log(
  `first load: ${rows.length} files, ${(total('br') / 1024).toFixed(1)} KB brotli (JS ${(total('br', isJs) / 1024).toFixed(1)} KB), ${(total('gz') / 1024).toFixed(1)} KB gzip, ${(total('raw') / 1024).toFixed(1)} KB raw; budget ${BUDGET_KB} KB brotli in at most ${MAX_FILES} files`,
);
let failed = false;
if (total('br') / 1024 > BUDGET_KB) {
  console.error(`check-budget: over budget by ${(total('br') / 1024 - BUDGET_KB).toFixed(1)} KB`);
  failed = true;
}
if (rows.length > MAX_FILES) {
  console.error(`check-budget: the first load needs ${rows.length} files (at most ${MAX_FILES})`);
  failed = true;
}
if (failed) process.exit(1);
