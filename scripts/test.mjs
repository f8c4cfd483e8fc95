#!/usr/bin/env node
// `npm test`: installs what the tests need (Debian's Chromium), then lint, typecheck, build
// (with the web bundle budget; the mini-program with its output checks), unit and integration
// tests (embedded, and cluster when DATABASE_URL is set), and the browser end-to-end tests.
// Stops at the first failing step.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';

const CHROMIUM = '/usr/bin/chromium';
// Chinese glyphs for screenshots; the tests do not depend on them.
const CJK_FONT = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
const reports = resolve('.test-artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

function run(label, command, args, env = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const res = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (res.status !== 0) {
    console.error(`✖ ${label} failed after ${seconds}s`);
    summarize();
    process.exit(res.status ?? 1);
  }
  console.log(`✔ ${label} (${seconds}s)`);
}

function ensureChromium() {
  if (existsSync(CHROMIUM) && existsSync(CJK_FONT)) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => [...sudo, 'apt-get', ...args];
  console.log('Chromium or CJK fonts missing: installing Debian packages chromium, fonts-noto-cjk');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = apt(['update', '-qq']);
  run('apt-get update', update[0], update.slice(1), env);
  const install = apt([
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    'chromium',
    'fonts-noto-cjk',
  ]);
  run('apt-get install chromium', install[0], install.slice(1), env);
}

// The live video tests: ffmpeg pushes RTMP (and remuxes recordings); nginx with its RTMP module
// stands in for an external media server. Without them those tests are skipped.
const MEDIA_TOOLS = [
  '/usr/bin/ffmpeg',
  '/usr/sbin/nginx',
  '/usr/lib/nginx/modules/ngx_rtmp_module.so',
];

function ensureMediaTools() {
  if (MEDIA_TOOLS.every((file) => existsSync(file))) return;
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) => [...sudo, 'apt-get', ...args];
  console.log(
    'ffmpeg or nginx-rtmp missing: installing Debian packages ffmpeg, nginx, libnginx-mod-rtmp',
  );
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  const update = apt(['update', '-qq']);
  run('apt-get update', update[0], update.slice(1), env);
  const install = apt([
    'install',
    '-y',
    '-qq',
    '--no-install-recommends',
    'ffmpeg',
    'nginx',
    'libnginx-mod-rtmp',
  ]);
  run('apt-get install ffmpeg nginx-rtmp', install[0], install.slice(1), env);
}

/** Prints the closing "N passed, N failed" line from the vitest JSON reports. */
function summarize() {
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for (const name of ['unit.json', 'e2e.json']) {
    const file = join(reports, name);
    if (!existsSync(file)) continue;
    const r = JSON.parse(readFileSync(file, 'utf8'));
    passed += r.numPassedTests ?? 0;
    failed += r.numFailedTests ?? 0;
    skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  }
  console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
}

const vitest = (config, out) => [
  'vitest',
  'run',
  ...(config ? ['-c', config] : []),
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${join(reports, out)}`,
];

ensureChromium();
ensureMediaTools();
run('lint (biome)', 'npx', ['biome', 'check', '.']);
run('lint (module and feature boundaries)', 'npm', ['run', 'lint:boundaries']);
run('typecheck', 'npm', ['run', 'typecheck']);
run('build (web with budget, server)', 'npm', ['run', 'build']);
// taro build --type weapp, then apps/weapp/scripts/check-output.mjs on dist/ (routes, tab bar,
// preloadRule, package sizes, DOM globals).
run('build and check (WeChat mini-program)', 'npm', ['run', 'build', '-w', '@chaopin/weapp']);
run(
  process.env.DATABASE_URL
    ? 'unit + integration tests (embedded and cluster: PostgreSQL + Redis)'
    : 'unit + integration tests (embedded)',
  'npx',
  vitest(undefined, 'unit.json'),
);
run(
  'end-to-end tests (Chromium, 390×844)',
  'npx',
  vitest('apps/web/vitest.e2e.config.ts', 'e2e.json'),
);
summarize();
