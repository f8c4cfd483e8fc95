import type { Browser } from 'playwright-core';
import { phone } from './browser.ts';

/** What one cold first load of a page cost, up to the moment its first screen was done. */
export type FirstLoad = {
  requests: number;
  /** Bytes on the wire (headers and compressed bodies), as Chromium's network stack counts them. */
  bytes: number;
  jsBytes: number;
  jsFiles: number;
  longTasks: number;
  /** Sum of each long task's time over 50 ms, from the first contentful paint to done. */
  tbtMs: number;
  fcpMs: number;
  doneMs: number;
  urls: string[];
};

type Request = { url: string; type: string; bytes: number; startMs: number };

/** The app's mark for "first screen done" (src/ui/hooks/firstScreen.ts). */
const DONE_MARK = 'chaopin:first-screen-done';

/**
 * Loads `path` cold (a fresh context: no cache, storage or service worker) on a phone-sized
 * context as a first-time visitor (the home popup not yet seen), waits until `ready` shows and
 * the app marks its first screen done (the page loaded, its data arrived, a second more for the
 * images, then an idle moment), and measures what was asked for until that mark. What the app
 * does after it (chunk prefetch, service worker, the home's late slots) is not counted.
 * `cpuSlowdown` runs the page's main thread that many times slower (as Lighthouse's phone does)
 * so that its long tasks show on a fast machine.
 */
export async function measureFirstLoad(
  browser: Browser,
  baseURL: string,
  path: string,
  ready: string,
  cpuSlowdown = 4,
): Promise<FirstLoad> {
  const context = await phone(browser, baseURL, { homePopup: true });
  try {
    await context.addInitScript(() => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      w.__longTasks = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries())
          w.__longTasks.push({ start: e.startTime, duration: e.duration });
      }).observe({ type: 'longtask', buffered: true });
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const requests = new Map<string, Request>();
    cdp.on('Network.requestWillBeSent', (e) => {
      // A redirect reuses the id: the earlier hop is its own request on the wire.
      const id = requests.has(e.requestId) ? `${e.requestId}:${e.timestamp}` : e.requestId;
      const type = e.type ?? 'Other';
      requests.set(id, { url: e.request.url, type, bytes: 0, startMs: e.wallTime * 1000 });
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });

    await page.goto(path, { waitUntil: 'load' });
    await page.locator(ready).first().waitFor({ timeout: 20_000 });
    await page.waitForFunction((mark) => performance.getEntriesByName(mark).length > 0, DONE_MARK, {
      timeout: 30_000,
    });
    const timing = await page.evaluate((mark) => {
      const w = window as unknown as { __longTasks: { start: number; duration: number }[] };
      const fcp =
        performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
      const done = performance.getEntriesByName(mark)[0]?.startTime ?? performance.now();
      const tasks = w.__longTasks.filter((t) => t.start < done);
      const tbt = tasks
        .filter((t) => t.start >= fcp)
        .reduce((n, t) => n + Math.max(0, t.duration - 50), 0);
      return { fcp, done, doneEpoch: performance.timeOrigin + done, longTasks: tasks.length, tbt };
    }, DONE_MARK);
    // Bytes that arrive just after the mark still count, for a request asked for before it.
    await page.waitForTimeout(300);
    const list = [...requests.values()].filter((r) => r.startMs <= timing.doneEpoch);
    const js = list.filter((r) => r.type === 'Script' || /\.m?js(\?|$)/.test(r.url));
    const sum = (rs: Request[]) => rs.reduce((n, r) => n + r.bytes, 0);
    return {
      requests: list.length,
      bytes: sum(list),
      jsBytes: sum(js),
      jsFiles: js.length,
      longTasks: timing.longTasks,
      tbtMs: Math.round(timing.tbt),
      fcpMs: Math.round(timing.fcp),
      doneMs: Math.round(timing.done),
      urls: list.map((r) => r.url.replace(baseURL, '')),
    };
  } finally {
    await context.close();
  }
}

/**
 * How long this machine's browser takes for a fixed piece of script at `cpuSlowdown`, in ms: the
 * blocking-time budgets were set on a machine where it took CPU_REFERENCE_MS, and a slower one
 * (a loaded CI runner) gets them scaled by the ratio. The fastest of three runs, as the others
 * include whatever else the machine was doing.
 */
export async function cpuCalibration(browser: Browser, cpuSlowdown = 4): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: cpuSlowdown });
    const runs: number[] = [];
    for (let i = 0; i < 3; i++) {
      runs.push(
        await page.evaluate(() => {
          const start = performance.now();
          let x = 0;
          for (let k = 1; k < 3_000_000; k++) x += Math.sqrt(k) % 7;
          return x > 0 ? performance.now() - start : 0;
        }),
      );
    }
    return Math.min(...runs);
  } finally {
    await context.close();
  }
}
