import { lazy, Suspense } from 'react';
import { useFirstScreenDone } from '../../../ui/hooks/useFirstScreenDone.ts';

// The home page's 直播 strip is its own chunk (with its query and styles), asked for only once the
// first screen is done: the entry chunk carries this slot alone (the Lighthouse budget).
const HomeLiveStrip = lazy(() => import('./HomeLiveStrip.tsx'));

export function LiveStripSlot() {
  if (!useFirstScreenDone()) return null;
  return (
    <Suspense fallback={null}>
      <HomeLiveStrip />
    </Suspense>
  );
}
