import { useLayoutEffect } from 'react';
import { PageLoading } from './PageLoading.tsx';

const shell = () => document.getElementById('shell');

/**
 * Removes index.html's static first screen (#shell) in the commit that paints the app's own first
 * screen, so the two never show together and nothing blank shows between them.
 */
export function useRemoveStaticShell(): void {
  useLayoutEffect(() => {
    shell()?.remove();
  }, []);
}

/** While the first route's chunk loads, the static first screen stays (or dots, without one). */
export function StaticShellFallback() {
  return shell() ? null : <PageLoading />;
}
