// Build-time budget: the gzipped JS the home route loads must stay under 150 KB.
// Reads Vite's dist/.vite/manifest.json: the entry chunk, every chunk it imports statically
// (recursively), and the home page chunk if the home page is ever made lazy.
import { readFile } from 'node:fs/promises';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 150;
const dist = new URL('../dist/', import.meta.url);
const manifest = JSON.parse(await readFile(new URL('.vite/manifest.json', dist), 'utf8'));

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length === 0) {
  console.error('check-budget: no entry chunk in the manifest');
  process.exit(1);
}

const seen = new Set();
function collect(key) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) return;
  seen.add(key);
  for (const imported of chunk.imports ?? []) collect(imported);
}
for (const [key] of entries) collect(key);
const homeKey = Object.keys(manifest).find((k) => /features\/home\/pages\/HomePage\.tsx$/.test(k));
if (homeKey && manifest[homeKey].isDynamicEntry) collect(homeKey);

let total = 0;
const rows = [];
for (const key of seen) {
  const file = manifest[key].file;
  if (!file.endsWith('.js')) continue;
  const gz = gzipSync(await readFile(new URL(file, dist)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
for (const [file, gz] of rows.sort((a, b) => b[1] - a[1])) {
  console.log(`  ${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
const kb = total / 1024;
console.log(`home route JS (gzip): ${kb.toFixed(1)} KB of ${BUDGET_KB} KB budget`);
if (kb > BUDGET_KB) {
  console.error(`check-budget: over budget by ${(kb - BUDGET_KB).toFixed(1)} KB`);
  process.exit(1);
}
