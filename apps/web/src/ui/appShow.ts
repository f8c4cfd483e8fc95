import { useEffect } from 'react';

/**
 * Calls `onShow` whenever the app comes to the front: first load, the tab becoming visible again,
 * and a return from the back/forward cache (pageshow with persisted). Returns the cleanup.
 */
export function installAppShow(onShow: () => void): () => void {
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onShow();
  };
  const onPageShow = (event: PageTransitionEvent) => {
    // The first pageshow duplicates the load call below; only a bfcache restore is a new show.
    if (event.persisted) onShow();
  };
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pageshow', onPageShow);
  onShow();
  return () => {
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pageshow', onPageShow);
  };
}

export function useAppShow(onShow: () => void): void {
  useEffect(() => installAppShow(onShow), [onShow]);
}
