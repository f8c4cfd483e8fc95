import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { firstScreenDone } from './firstScreen.ts';

// One wait for every slot of the page: the first screen is done once per app start.
let firstScreen: Promise<void> | null = null;
let firstScreenPassed = false;

/**
 * False until the first screen is done (ui/hooks/firstScreen.ts), then true for good: lazy slots of the home
 * page (the 直播 strip, the new-user pack) ask for their chunk only then, so the entry chunk
 * carries the slot alone (the bundle budget and Lighthouse).
 */
export function useFirstScreenDone(): boolean {
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
  return ready;
}
