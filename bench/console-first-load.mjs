#!/usr/bin/env node
// The console's first load (issue 26): the JavaScript a browser fetches, cold (a fresh browser
// context, nothing cached), in two scenarios:
//   new visitor   /console/ → the login page → logs in → the first page after login
//                 (`#/` leads to 概览 › 经营概览: its figures, top-products table and charts,
//                 the chart library being a lazy chunk fetched with the page's data);
//   signed in     a returning operator (token in localStorage) opens /console/ → that same page.
// Debian's Chromium (playwright-core) at 1440×900 against the seeded embedded server records which
// scripts load until the figures, the table and both charts are drawn and the network is idle
// (every script counts, the charts' too: stages only say when a script came); each is counted at
// the size of its gzip (and brotli) copy in the console's dist, as the server sends it. Target: each scenario ≤ 350 KB of gzipped JS (--max, KB). Exit 1 when over.
//
// Variants compare builds in one run against the same server: `--variant name=dir` (repeatable)
// serves /console/ from that dist directory (the API stays the server's); without it, the one
// variant is apps/console/dist. The exit code judges the last variant.
// Needs the built app (npm run build) and Chromium: CHROME_PATH, else /usr/bin/chromium.
// Usage: npm run bench:console-first-load -w @chaopin/bench [-- --max 350] [-- --variant before=/tmp/dist …]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { argNumber, startApp } from './lib.mjs';

const max = argNumber('max', 350);
const variants = process.argv
  .flatMap((arg, i) => (arg === '--variant' ? [process.argv[i + 1] ?? ''] : []))
  .map((spec) => {
    const at = spec.indexOf('=');
    return { name: spec.slice(0, at), dist: resolve(spec.slice(at + 1)) };
  });
if (!variants.length) {
  variants.push({ name: 'current', dist: resolve(import.meta.dirname, '../apps/console/dist') });
}
const browserPath = process.env.CHROME_PATH || '/usr/bin/chromium';
for (const v of variants) {
  if (!v.name || !existsSync(join(v.dist, 'index.html'))) {
    console.error(`bench:console-first-load: no built console in ${v.dist} (npm run build)`);
    process.exit(2);
  }
}
if (!existsSync(browserPath)) {
  console.error(`bench:console-first-load: needs Chromium (${browserPath}; CHROME_PATH)`);
  process.exit(2);
}

/** A dist file's bytes as sent: its .gz/.br copy when the build kept one, else the file itself. */
function sizes(dist, path) {
  const file = join(dist, path);
  const plain = statSync(file).size;
  const copy = (ext) => (existsSync(`${file}.${ext}`) ? statSync(`${file}.${ext}`).size : plain);
  return { plain, gz: copy('gz'), br: copy('br') };
}

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
};

const PHONE = '13800000000';
const PASSWORD = process.env.ADMIN_PASSWORD || 'Admin@123456';
const app = await startApp(18_000 + Math.floor(Math.random() * 1000), { SEED: 'true' });
const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });

/**
 * A cold browser context serving /console/ from the variant's dist, and the scripts it requests
 * (each once, under the stage the page was in when it asked).
 */
async function coldContext(variant, storageState) {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    ...(storageState ? { storageState } : {}),
  });
  await context.route(
    (url) => url.pathname.startsWith('/console/'),
    (route) => {
      const path =
        new URL(route.request().url()).pathname.slice('/console/'.length) || 'index.html';
      const file = join(variant.dist, path);
      if (!existsSync(file) || !statSync(file).isFile()) return route.fulfill({ status: 404 });
      return route.fulfill({
        body: readFileSync(file),
        contentType: TYPES[extname(file)] ?? 'application/octet-stream',
      });
    },
  );
  const page = await context.newPage();
  const rows = [];
  const seen = new Set();
  const state = { stage: '' };
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/console/') || !url.pathname.endsWith('.js')) return;
    const path = url.pathname.slice('/console/'.length);
    if (seen.has(path)) return;
    seen.add(path);
    rows.push({ stage: state.stage, path, ...sizes(variant.dist, path) });
  });
  return { context, page, rows, state };
}

async function dashboardShown(page) {
  await page.waitForURL(/#\/dashboard/);
  await page.getByTestId('kpi-cards').waitFor();
  await page.getByTestId('top-products').locator('thead').waitFor();
  // The figures and the table's rows are in.
  await page.waitForFunction(() => {
    const table = document.querySelector('[data-testid="top-products"]');
    const box = table?.closest('.ant-spin-nested-loading');
    return Boolean(table) && !box?.querySelector('.ant-spin-spinning');
  });
}

/** Both charts drawn (their canvases): what came after the figures is listed under this stage. */
async function chartsDrawn(page) {
  await page.locator('[data-testid="gmv-chart"] canvas').first().waitFor();
  await page.locator('[data-testid="funnel-chart"] canvas').first().waitFor();
}

const CHARTS = 'charts, after the figures';

const results = [];
try {
  for (const variant of variants) {
    // A new visitor: the login page, then the first page after logging in.
    const visitor = await coldContext(variant);
    visitor.state.stage = 'login page';
    await visitor.page.goto(`${app.base}/console/`);
    await visitor.page.getByText('账号登录').waitFor();
    await visitor.page.waitForLoadState('networkidle');
    visitor.state.stage = 'first page after login';
    await visitor.page.getByLabel('手机号').fill(PHONE);
    await visitor.page.getByLabel('密码').fill(PASSWORD);
    await visitor.page.getByRole('button', { name: '登录' }).click();
    await dashboardShown(visitor.page);
    visitor.state.stage = CHARTS;
    await chartsDrawn(visitor.page);
    await visitor.page.waitForLoadState('networkidle');
    const signedIn = await visitor.context.storageState();
    await visitor.context.close();

    // A returning operator, still signed in, opening the console: straight onto that page.
    const back = await coldContext(variant, signedIn);
    back.state.stage = 'first page';
    await back.page.goto(`${app.base}/console/`);
    await dashboardShown(back.page);
    back.state.stage = CHARTS;
    await chartsDrawn(back.page);
    await back.page.waitForLoadState('networkidle');
    await back.context.close();

    results.push({ variant, scenarios: { 'new visitor': visitor.rows, 'signed in': back.rows } });
  }
} finally {
  await browser.close();
  await app.stop();
}

const kb = (n) => (n / 1024).toFixed(1);
const sum = (rows) =>
  rows.reduce((s, r) => ({ gz: s.gz + r.gz, br: s.br + r.br }), { gz: 0, br: 0 });
let over = false;
for (const { variant, scenarios } of results) {
  console.log(`\n== ${variant.name} (${variant.dist})`);
  for (const [scenario, rows] of Object.entries(scenarios)) {
    console.log(`\n${scenario}: stage / script                              gzip KB  brotli KB`);
    for (const r of rows) {
      const name = `${r.stage.padEnd(23)} ${r.path.replace(/^static\//, '')}`;
      console.log(`  ${name.padEnd(60)}${kb(r.gz).padStart(7)}  ${kb(r.br).padStart(9)}`);
    }
    for (const stage of [...new Set(rows.map((r) => r.stage))]) {
      const t = sum(rows.filter((r) => r.stage === stage));
      console.log(`  ${stage.padEnd(60)}${kb(t.gz).padStart(7)}  ${kb(t.br).padStart(9)}`);
    }
    const t = sum(rows);
    const met = t.gz / 1024 <= max;
    over = results.at(-1).variant === variant && !met ? true : over;
    console.log(
      `  ${`${scenario}, ${rows.length} files`.padEnd(60)}${kb(t.gz).padStart(7)}  ${kb(t.br).padStart(9)}   target ≤ ${max} KB gzip: ${met ? 'met' : 'NOT met'}`,
    );
  }
}
console.log('\nsummary (KB of JS, gzip / brotli)');
console.log(`${'variant'.padEnd(16)}${'new visitor'.padStart(18)}${'signed in'.padStart(18)}`);
for (const { variant, scenarios } of results) {
  const cell = (rows) => {
    const t = sum(rows);
    return `${kb(t.gz)} / ${kb(t.br)}`.padStart(18);
  };
  console.log(
    `${variant.name.padEnd(16)}${cell(scenarios['new visitor'])}${cell(scenarios['signed in'])}`,
  );
}
process.exit(over ? 1 : 0);
