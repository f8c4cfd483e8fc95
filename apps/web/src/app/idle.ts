import type { QueryClient } from '@tanstack/react-query';

type Connection = { saveData?: boolean; effectiveType?: string };

/** Data saver on, or a 2G/3G-class connection: nothing is fetched ahead of need. */
export function isConstrainedConnection(
  connection = (navigator as Navigator & { connection?: Connection }).connection,
): boolean {
  if (!connection) return false;
  return Boolean(connection.saveData) || /^(slow-2g|2g|3g)$/.test(connection.effectiveType ?? '');
}

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
}

/**
 * Hints the lazy chunks listed in /prefetch.json (made by the build: the pages SPEC §2 preloads)
 * with `<link rel="prefetch">`: fetched at the lowest priority into the HTTP cache and not run, so
 * opening one of those pages later starts at once. Nothing on a constrained connection.
 */
export async function prefetchLikelyPages(): Promise<void> {
  if (isConstrainedConnection()) return;
  const res = await fetch('/prefetch.json').catch(() => undefined);
  if (!res?.ok) return; // the dev server has no list
  const urls: unknown = await res.json().catch(() => []);
  if (!Array.isArray(urls)) return;
  for (const href of urls) {
    if (typeof href !== 'string' || document.head.querySelector(`link[href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
}

/** The service worker (vite-plugin-pwa's, built with the app); none in development. */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
}
