import type { QueryClient } from '@tanstack/react-query';
import { useSession } from '../core/session.ts';

/**
 * Cached answers are one user's (orders, cart, badges…) but not keyed by user: when the session
 * ends or another user's begins, every query goes back to its initial state, so that the next
 * user on this phone never sees the last one's data while theirs loads.
 */
export function forgetOnSignOut(queryClient: QueryClient): () => void {
  let userId = useSession.getState().user?.id ?? null;
  return useSession.subscribe((state) => {
    const next = state.user?.id ?? null;
    if (next === userId) return;
    const previous = userId;
    userId = next;
    if (previous !== null) void queryClient.resetQueries();
  });
}
