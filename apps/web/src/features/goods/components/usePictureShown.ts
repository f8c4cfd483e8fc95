import { type RefObject, useEffect, useState } from 'react';

/** At the latest this long after the product rendered (a picture that never reports). */
const PICTURE_WAIT_MS = 3000;

/**
 * Whether the browser reports largest-contentful-paint entries for this page now: Chromium does,
 * for a document's first screen until the user's first tap or key (not after an in-app move).
 */
function lcpReported(): boolean {
  return (
    !navigator.userActivation?.hasBeenActive &&
    typeof PerformanceObserver !== 'undefined' &&
    PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint') === true
  );
}

/**
 * Whether the gallery's first picture (the page's LCP element) is on screen, so that secondary
 * requests never compete with it: the browser's LCP entry for it where one is reported (a page
 * opened cold), else its load and a frame; `PICTURE_WAIT_MS` after the product rendered at the
 * latest (a broken picture's fallback loads too).
 */
export function usePictureShown(
  galleryRef: RefObject<HTMLDivElement | null>,
  rendered: boolean,
): { done: boolean; onLoad: () => void } {
  const [done, setDone] = useState(false);
  const [byLcp] = useState(lcpReported);
  useEffect(() => {
    if (!rendered || done) return;
    const finish = () => setDone(true);
    const timer = setTimeout(finish, PICTURE_WAIT_MS);
    let observer: PerformanceObserver | undefined;
    if (byLcp) {
      observer = new PerformanceObserver((list) => {
        const gallery = galleryRef.current;
        const entries = list.getEntries() as LargestContentfulPaint[];
        if (gallery && entries.some((e) => e.element && gallery.contains(e.element))) finish();
      });
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
    }
    return () => {
      clearTimeout(timer);
      observer?.disconnect();
    };
  }, [galleryRef, rendered, done, byLcp]);
  const onLoad = () => {
    if (!byLcp && !done) requestAnimationFrame(() => setTimeout(() => setDone(true), 0));
  };
  return { done, onLoad };
}
