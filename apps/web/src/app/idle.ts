// firstScreenDone lives in ui/hooks (home slots wait for it too); main.tsx takes it from here.
export { firstScreenDone } from '../ui/hooks/firstScreen.ts';

type Connection = { saveData?: boolean; effectiveType?: string };

/** Data saver on, or a 2G/3G-class connection: nothing is fetched ahead of need. */
export function isConstrainedConnection(
  connection = (navigator as Navigator & { connection?: Connection }).connection,
): boolean {
  if (!connection) return false;
  return Boolean(connection.saveData) || /^(slow-2g|2g|3g)$/.test(connection.effectiveType ?? '');
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
