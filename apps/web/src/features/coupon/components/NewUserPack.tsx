import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { firstScreenDone } from '../../../app/idle.ts';

// The home page's 新人礼包 card is its own chunk (its query, the coupon API and styles), asked for
// once the first screen is done: the entry chunk carries only this slot (the bundle budget).
const NewUserPackCard = lazy(() => import('./NewUserPackCard.tsx'));

let firstScreen: Promise<void> | null = null;
let firstScreenPassed = false;

/** The new-user coupon pack on the home page (shown only when the server says so). */
export function NewUserPack() {
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
      <NewUserPackCard />
    </Suspense>
  );
}
