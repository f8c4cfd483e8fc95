#!/usr/bin/env node
// The console's first load (issue 26): the JavaScript a browser fetches for /console/'s login page,
// then for the first page after the operator logs in (`#/` leads to 经营概览: until its figures
// show). The dashboard's charts (@ant-design/plots) come in their own lazy chunks once the figures
// are there: listed apart, outside the first load. Debian's Chromium
// (playwright-core) at 1440×900 against the seeded embedded server records which scripts load; each
// is counted at the size of its gzip (and brotli) copy in apps/console/dist, as the server sends it.
// Target: login page + first page ≤ 350 KB of gzipped JS. Exit 1 when over (--max, KB).
// Needs the built app (npm run build) and Chromium: CHROME_PATH, else /usr/bin/chromium.
// Usage: npm run bench:console-first-load -w @chaopin/bench [-- --max 350]
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { chromium } from 'playwright-core';
import { argNumber, startApp } from './lib.mjs';

const max = argNumber('max', 350);
const dist = resolve(import.meta.dirname, '../apps/console/dist');
const browserPath = process.env.CHROME_PATH || '/usr/bin/chromium';
if (!existsSync(join(dist, 'index.html')) || !existsSync(browserPath)) {
  console.error('bench:console-first-load: needs apps/console/dist (npm run build) and Chromium');
  process.exit(2);
}

/** A dist file's bytes as sent: its .gz/.br copy when the build kept one, else the file itself. */
function sizes(path) {
  const file = join(dist, path);
  const plain = statSync(file).size;
  const copy = (ext) => (existsSync(`${file}.${ext}`) ? statSync(`${file}.${ext}`).size : plain);
  return { plain, gz: copy('gz'), br: copy('br') };
}

const LAZY = 'charts (lazy, after the figures)';
const app = await startApp(18_000 + Math.floor(Math.random() * 1000), { SEED: 'true' });
const browser = await chromium.launch({ executablePath: browserPath, args: ['--no-sandbox'] });
const rows = [];
try {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  const seen = new Set();
  let stage = 'login page';
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/console/') || !url.pathname.endsWith('.js')) return;
    const path = url.pathname.slice('/console/'.length);
    if (seen.has(path)) return;
    seen.add(path);
    const lazy = /^static\/(charts|DashboardCharts)-/.test(path);
    rows.push({ stage: lazy ? LAZY : stage, path, ...sizes(path) });
  });
  await page.goto(`${app.base}/console/`);
  await page.getByText('账号登录').waitFor();
  await page.waitForLoadState('networkidle');
  stage = 'first page after login';
  await page.getByLabel('手机号').fill('13800000000');
  await page.getByLabel('密码').fill(process.env.ADMIN_PASSWORD || 'Admin@123456');
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/#\/dashboard/);
  await page.locator('[data-kpi="gmv"] [data-value]').waitFor();
  await page.locator('[data-testid="top-products"]').waitFor();
  await page.locator('[data-testid="gmv-chart"] canvas').first().waitFor();
  await page.waitForLoadState('networkidle');
} finally {
  await browser.close();
  await app.stop();
}

const kb = (n) => (n / 1024).toFixed(1);
console.log(
  '\nstage                   script                                      gzip KB  brotli KB',
);
for (const r of rows) {
  console.log(
    `${r.stage.padEnd(24)}${r.path.padEnd(44)}${kb(r.gz).padStart(7)}  ${kb(r.br).padStart(9)}`,
  );
}
const total = (stage) =>
  rows
    .filter((r) => !stage || r.stage === stage)
    .reduce((s, r) => ({ gz: s.gz + r.gz, br: s.br + r.br }), { gz: 0, br: 0 });
for (const stage of ['login page', 'first page after login', LAZY]) {
  const t = total(stage);
  console.log(
    `${(stage ?? 'both').padEnd(24)}${kb(t.gz).padStart(8)} KB gzip  ${kb(t.br).padStart(8)} KB brotli`,
  );
}
const first = (r) => r.stage !== LAZY;
const both = rows.filter(first).reduce((s, r) => s + r.gz, 0) / 1024;
console.log(`${'first load (both)'.padEnd(24)}${both.toFixed(1).padStart(8)} KB gzip`);
console.log(
  `\ntarget ≤ ${max} KB gzip: ${both <= max ? 'met' : 'NOT met'} (${both.toFixed(1)} KB)`,
);
// What a page of the table reads once loaded (no JS): a sanity line for the report.
const html = readFileSync(join(dist, 'index.html'), 'utf8');
console.log(
  `index.html ${html.length} B, modulepreloads: ${(html.match(/modulepreload/g) ?? []).length}`,
);
process.exit(both <= max ? 0 : 1);
