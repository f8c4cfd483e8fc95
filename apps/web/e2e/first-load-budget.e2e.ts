import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launch } from './browser.ts';
import { CPU_REFERENCE_MS, FIRST_LOAD_BUDGETS } from './first-load-budgets.ts';
import { cpuCalibration, type FirstLoad, measureFirstLoad } from './firstLoad.ts';

// Issue 31: Lighthouse's score moves with the machine's load; this guard does not. Each main page
// is loaded cold as a first-time visitor and fails when its first screen fetches more requests,
// bytes or JavaScript, or blocks the main thread longer, than first-load-budgets.ts allows.
const baseURL = inject('baseURL');
let browser: Browser;
/** The blocking-time budgets' scale on this machine: 1 where they were set, more where slower. */
let slower = 1;

beforeAll(async () => {
  browser = await launch();
  const ms = await cpuCalibration(browser);
  slower = Math.max(1, ms / CPU_REFERENCE_MS);
  console.log(
    `first load: calibration ${ms.toFixed(0)} ms (reference ${CPU_REFERENCE_MS}), blocking budgets × ${slower.toFixed(2)}`,
  );
});

afterAll(async () => {
  await browser?.close();
});

const kb = (bytes: number) => Math.round(bytes / 1024);

function overBudget(load: FirstLoad, budget: (typeof FIRST_LOAD_BUDGETS)[number]['budget']) {
  const over: string[] = [];
  if (load.requests > budget.requests) over.push(`${load.requests} requests > ${budget.requests}`);
  if (kb(load.bytes) > budget.kb) over.push(`${kb(load.bytes)} KB > ${budget.kb} KB`);
  if (kb(load.jsBytes) > budget.jsKb) over.push(`JS ${kb(load.jsBytes)} KB > ${budget.jsKb} KB`);
  const tbtMs = Math.round(budget.tbtMs * slower);
  if (load.tbtMs > tbtMs) over.push(`blocking ${load.tbtMs} ms > ${tbtMs} ms`);
  return over;
}

describe('first load of each main page stays within its budget', () => {
  for (const page of FIRST_LOAD_BUDGETS) {
    it(page.name, async () => {
      const load = await measureFirstLoad(browser, baseURL, page.path, page.ready);
      console.log(
        `first load ${page.name}: ${load.requests} requests, ${kb(load.bytes)} KB, JS ${kb(load.jsBytes)} KB in ${load.jsFiles} files, ${load.longTasks} long tasks, blocking ${load.tbtMs} ms, FCP ${load.fcpMs} ms, done ${load.doneMs} ms`,
      );
      const over = overBudget(load, page.budget);
      expect(over, `${page.name} over budget; fetched:\n${load.urls.join('\n')}`).toEqual([]);
    });
  }

  it('a budget check fails a page that is heavier than its budget', async () => {
    const [page] = FIRST_LOAD_BUDGETS;
    if (!page) throw new Error('no page has a budget');
    const load = await measureFirstLoad(browser, baseURL, page.path, page.ready);
    const tight = { requests: load.requests - 1, kb: 1, jsKb: 1, tbtMs: -1 };
    expect(overBudget(load, tight)).toHaveLength(4);
  });
});
