/**
 * Budgets of each main page's cold first load (issue 31), checked by first-load-budget.e2e.ts:
 * what a first-time visitor's phone fetches until the page's first screen is done (its content
 * shown and the network quiet for 0.5 s), the JavaScript among it, and the main thread's long
 * tasks with the CPU slowed 4× (as Lighthouse's phone).
 *
 * How they were set (2026-11-30, after issue 31's first-load work): four runs of this test on
 * the e2e server (seeded embedded database, Debian's Chromium, the shared 2-core machine at load
 * 2-9), then headroom. Requests: the most seen, +15 % (at least +6: another test's data, e.g. one
 * more room or popup). Bytes and JS: the most seen, +15 % (a small feature fits; a new library or
 * an eager strip of pictures does not). Blocking time: the most seen + 300 ms, at least 400 ms
 * (the noisiest figure: the same build measured 123-600 ms on the home page as the load varied).
 * Measured, most of four runs: home 52 requests, 214 KB, JS 127 KB, 600 ms; category 34, 183,
 * 139, 253 ms; live 44, 207, 183, 399 ms; product 49, 218, 183, 119 ms; room 72, 265, 239,
 * 45 ms; 我的 39, 185, 173, 128 ms.
 * When a change makes a page heavier on purpose, re-measure (the test prints the figures) and
 * raise that page's budget in the same commit, saying why.
 */
/**
 * cpuCalibration()'s time on the machine where the blocking budgets were set (64-114 ms over four
 * runs at load 1.7, 2026-11-30): a machine that takes longer gets them scaled by the ratio, so a
 * slow CI day does not fail a page that did not change. Requests and bytes are never scaled.
 */
export const CPU_REFERENCE_MS = 90;

export type Budget = {
  /** Requests of any kind before the first screen is done. */
  requests: number;
  /** Bytes on the wire (headers and compressed bodies) before the first screen is done. */
  kb: number;
  /** Of which JavaScript, on the wire. */
  jsKb: number;
  /** Total blocking time (each long task's time over 50 ms) from the first paint, at 4× CPU. */
  tbtMs: number;
};

export type MainPage = { name: string; path: string; ready: string; budget: Budget };

export const FIRST_LOAD_BUDGETS: MainPage[] = [
  {
    name: 'home',
    path: '/#/',
    ready: '[data-testid="product-card"]',
    budget: { requests: 60, kb: 246, jsKb: 146, tbtMs: 900 },
  },
  {
    name: 'category',
    path: '/#/pages/homeClassify/homeClassify',
    ready: '[data-testid="product-row"]',
    budget: { requests: 40, kb: 211, jsKb: 160, tbtMs: 600 },
  },
  {
    name: 'live',
    path: '/#/pages/live/live',
    ready: '[data-testid="live-card"]',
    budget: { requests: 51, kb: 238, jsKb: 211, tbtMs: 700 },
  },
  {
    name: 'product',
    path: '/#/pages/shopDetails/shopDetails?id=1',
    ready: '.pd-gallery__image',
    budget: { requests: 57, kb: 251, jsKb: 211, tbtMs: 420 },
  },
  {
    name: 'room',
    path: '/#/rootPages/livePlay/play?id=1',
    ready: '[data-testid="live-play"]',
    budget: { requests: 83, kb: 305, jsKb: 275, tbtMs: 400 },
  },
  {
    name: 'my',
    path: '/#/pages/user/user',
    ready: '[data-testid="my-avatar"]',
    budget: { requests: 45, kb: 213, jsKb: 199, tbtMs: 430 },
  },
];
