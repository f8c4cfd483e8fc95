#!/usr/bin/env node
// `npm start`'s build step: builds the web app, the console and the server unless nothing they are
// built from has changed since the last build. A restart of an installed copy then boots at once
// instead of spending ~20-30 s on an identical build. The fingerprint is every input file's path,
// size and modification time plus the lockfile; it lives in node_modules/.cache, so `npm ci`
// (which empties node_modules) always rebuilds. `--force` builds regardless.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const INPUTS = ['apps/web', 'apps/console', 'apps/server', 'packages', 'package-lock.json'];
// Outputs, caches and generated files inside the inputs (the build writes public/emoji itself).
const SKIP = new Set(['node_modules', 'dist', 'dev-dist', 'data', 'coverage', '.test-artifacts']);
const GENERATED = new Set(['apps/web/public/emoji']);
const OUTPUTS = [
  'apps/web/dist/index.html',
  'apps/console/dist/index.html',
  'apps/server/dist/main.js',
];
const STAMP = 'node_modules/.cache/chaopin/build-stamp';

function* files(path) {
  if (GENERATED.has(path)) return;
  const st = statSync(path, { throwIfNoEntry: false });
  if (!st) return;
  if (!st.isDirectory()) {
    yield `${path} ${st.size} ${st.mtimeMs}`;
    return;
  }
  for (const name of readdirSync(path).sort()) {
    if (!SKIP.has(name)) yield* files(join(path, name));
  }
}

function fingerprint() {
  const hash = createHash('sha256');
  for (const input of INPUTS) for (const line of files(input)) hash.update(`${line}\n`);
  return hash.digest('hex');
}

const before = fingerprint();
const stamp = existsSync(STAMP) ? readFileSync(STAMP, 'utf8') : '';
if (!process.argv.includes('--force') && stamp === before && OUTPUTS.every((f) => existsSync(f))) {
  console.log('build: up to date (no input changed since the last build)');
  process.exit(0);
}
const res = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
if (res.status !== 0) process.exit(res.status ?? 1);
// The fingerprint taken before the build: an edit made while it ran rebuilds next time.
mkdirSync(dirname(STAMP), { recursive: true });
writeFileSync(STAMP, before);
