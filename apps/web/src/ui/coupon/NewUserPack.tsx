import { lazy, Suspense } from 'react';
import { useFirstScreenDone } from '../hooks/useFirstScreenDone.ts';

// The home page's 新人礼包 card is its own chunk (its query, the coupon API and styles), asked for
// once the first screen is done: the entry chunk carries only this slot (the bundle budget).
const NewUserPackCard = lazy(() => import('./NewUserPackCard.tsx'));

/** The new-user coupon pack on the home page (shown only when the server says so). */
export function NewUserPack() {
  if (!useFirstScreenDone()) return null;
  return (
    <Suspense fallback={null}>
      <NewUserPackCard />
    </Suspense>
  );
}
