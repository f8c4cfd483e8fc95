#!/usr/bin/env node
// Checks Taro's weapp build (dist/) after `taro build --type weapp`: every SPEC §2 route and
// every page of the web app is in app.json, the tab bar and its colour, preloadRule, the
// package size limits WeChat enforces at upload, and no DOM globals in the bundle.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { SPEC_ROUTES, SPEC_TABS } from './spec-routes.mjs';

const here = import.meta.dirname;
const dist = resolve(process.argv[2] ?? join(here, '..', 'dist'));
const MB = 1024 * 1024;
const LIMITS = { package: 2 * MB, total: 20 * MB };
const TAB_TEXTS = ['首页', '分类', '直播', '购物车', '我的'];
const SELECTED = '#FF0135';
const failures = [];
const fail = (message) => failures.push(message);

if (!existsSync(join(dist, 'app.json'))) {
  console.error(`No ${join(dist, 'app.json')}: run taro build --type weapp first`);
  process.exit(1);
}
const app = JSON.parse(readFileSync(join(dist, 'app.json'), 'utf8'));
const subPackages = app.subPackages ?? app.subpackages ?? [];
const listed = new Set([
  ...app.pages,
  ...subPackages.flatMap((sub) => sub.pages.map((page) => `${sub.root}/${page}`)),
]);

// The web app's pages (its route table), so a link shared from the web opens here too.
const webPaths = readFileSync(join(here, '../../web/src/ui/paths.ts'), 'utf8');
const webRoutes = [...webPaths.matchAll(/'\/((?:pages|rootPages)\/[\w/]+)'/g)].map((m) => m[1]);
for (const route of new Set([...SPEC_ROUTES, ...webRoutes])) {
  if (!listed.has(route)) fail(`route missing from app.json: ${route}`);
}
for (const page of listed) {
  for (const ext of ['js', 'json', 'wxml']) {
    if (!existsSync(join(dist, `${page}.${ext}`))) fail(`page file missing: ${page}.${ext}`);
  }
}

const tabBar = app.tabBar ?? {};
const tabs = tabBar.list ?? [];
if (tabBar.selectedColor?.toUpperCase() !== SELECTED) {
  fail(`tabBar.selectedColor is ${tabBar.selectedColor}, not ${SELECTED}`);
}
if (JSON.stringify(tabs.map((t) => t.pagePath)) !== JSON.stringify(SPEC_TABS)) {
  fail(`tab pages are ${tabs.map((t) => t.pagePath).join(', ')}`);
}
if (JSON.stringify(tabs.map((t) => t.text)) !== JSON.stringify(TAB_TEXTS)) {
  fail(`tab texts are ${tabs.map((t) => t.text).join(', ')}`);
}
for (const tab of tabs) {
  if (!app.pages.includes(tab.pagePath)) fail(`tab ${tab.pagePath} is not in the main package`);
}

const roots = new Set(subPackages.map((sub) => sub.root));
const preload = app.preloadRule ?? {};
for (const page of ['pages/index/index', 'pages/live/live']) {
  if (!preload[page]?.packages?.length) fail(`no preloadRule from ${page}`);
}
for (const [page, rule] of Object.entries(preload)) {
  if (!listed.has(page)) fail(`preloadRule from an unknown page ${page}`);
  for (const pkg of rule.packages ?? []) {
    if (!roots.has(pkg)) fail(`preloadRule from ${page} names no sub-package: ${pkg}`);
  }
}

/** Every file under dir, with its size. */
function files(dir) {
  return readdirSync(dir, { recursive: true })
    .map((name) => join(dir, String(name)))
    .filter((file) => statSync(file).isFile());
}
const all = files(dist);
const rootOf = (file) => {
  const rel = relative(dist, file).split(sep).join('/');
  return [...roots].find((r) => rel.startsWith(`${r}/`)) ?? 'main';
};
const sizes = new Map([['main', 0]]);
for (const file of all) {
  const key = rootOf(file);
  sizes.set(key, (sizes.get(key) ?? 0) + statSync(file).size);
}
const total = [...sizes.values()].reduce((a, b) => a + b, 0);
for (const [key, size] of sizes) {
  if (size > LIMITS.package) fail(`${key} package is ${(size / MB).toFixed(2)} MB (> 2 MB)`);
}
if (total > LIMITS.total) fail(`the whole app is ${(total / MB).toFixed(2)} MB (> 20 MB)`);

// A DOM global the mini-program does not have: `window.`/`document.` not reached through an
// object (Taro's ProvidePlugin turns source uses into its runtime's shims, which pass).
const DOM_GLOBAL = /(?<![\w$.])(?:window|document)\s*\.\s*[A-Za-z_$]/g;
for (const file of all.filter((f) => f.endsWith('.js'))) {
  const hits = readFileSync(file, 'utf8').match(DOM_GLOBAL);
  if (hits) fail(`DOM global in ${relative(dist, file)}: ${[...new Set(hits)].join(', ')}`);
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const biggest = [...sizes].filter(([k]) => k !== 'main').sort((a, b) => b[1] - a[1])[0];
console.log(
  `weapp: ${listed.size} pages (${app.pages.length} main, ${roots.size} sub-packages); ` +
    `main ${kb(sizes.get('main'))}, largest sub-package ${biggest?.[0]} ${kb(biggest?.[1] ?? 0)}, ` +
    `total ${kb(total)}`,
);
if (failures.length) {
  for (const message of failures) console.error(`✖ ${message}`);
  process.exit(1);
}
console.log('✔ app.json routes, tab bar, preloadRule, sizes and DOM globals check out');
