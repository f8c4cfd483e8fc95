import type { QueryClient } from '@tanstack/react-query';

const loaded = () =>
  document.readyState === 'complete'
    ? Promise.resolve()
    : new Promise<void>((resolve) =>
        window.addEventListener('load', () => resolve(), { once: true }),
      );

/** Until no query is fetching (the first screen's data has arrived), at most `maxMs`. */
function settled(client: QueryClient, maxMs: number): Promise<void> {
  return new Promise((resolve) => {
    if (client.isFetching() === 0) return resolve();
    const timer = setTimeout(done, maxMs);
    const unsubscribe = client.getQueryCache().subscribe(() => {
      if (client.isFetching() === 0) done();
    });
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

const idle = (timeout: number) =>
  new Promise<void>((resolve) => {
    if (typeof window.requestIdleCallback === 'function') {
      window.requestIdleCallback(() => resolve(), { timeout });
    } else setTimeout(resolve, 1);
  });

/** The performance mark set when the first screen is done (first-load-budget.e2e.ts reads it). */
export const FIRST_SCREEN_DONE_MARK = 'chaopin:first-screen-done';

/**
 * Resolves once the first screen is done: the page has loaded, its data has arrived (no query
 * fetching), a second has passed for the images that data shows, and the main thread is idle.
 * Work that is not for the first screen (prefetching, the service worker, the chat client)
 * waits for this, so it never competes with what the first screen needs.
 */
export async function firstScreenDone(client: QueryClient): Promise<void> {
  await loaded();
  await settled(client, 10_000);
  await new Promise((resolve) => setTimeout(resolve, 1000));
  await idle(3000);
  if (performance.getEntriesByName(FIRST_SCREEN_DONE_MARK).length === 0) {
    performance.mark(FIRST_SCREEN_DONE_MARK);
  }
}
