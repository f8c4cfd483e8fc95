import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { firstScreenDone } from '../../../app/idle.ts';

// The home page's 直播 strip is its own chunk (with its query and styles), asked for only once the
// first screen is done: the entry chunk carries this slot alone (the Lighthouse budget).
const HomeLiveStrip = lazy(() => import('./HomeLiveStrip.tsx'));

let firstScreen: Promise<void> | null = null;
let firstScreenPassed = false;

export function LiveStripSlot() {
  const queryClient = useQueryClient();
  const [ready, setReady] = useState(firstScreenPassed);
  useEffect(() => {
    if (ready) return;
    let mounted = true;
    firstScreen ??= firstScreenDone(queryClient).then(() => {
      firstScreenPassed = true;
    });
    void firstScreen.then(() => mounted && setReady(true));
    return () => {
      mounted = false;
    };
  }, [queryClient, ready]);
  if (!ready) return null;
  return (
    <Suspense fallback={null}>
      <HomeLiveStrip />
    </Suspense>
  );
}
