import type { SeckillSession } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { countdownTarget, secondsUntil, type WithClock, withClock } from '../countdown/clock.ts';

/**
 * The home page's seckill entry: the running (else next) session and its first items. Here, not
 * in seckillApi.ts: the home route is in the entry chunk, and it must carry this call only, not
 * the whole flash-sale API (which the entry would then hold for every seckill page).
 */
export const fetchSeckillBanner = () => get('seckill/banner');

// What the home page's seckill entry needs, apart from the pages' queries (seckill/api.ts): the
// home route is in the entry chunk, and so is every module it imports, with all their used exports.

/** Every seckill query sits under 'seckill': a purchase or a reminder change refreshes them all. */
export const seckillKeys = {
  /** Every session's items and every product strip (a reminder change patches them in place). */
  allItems: ['seckill', 'items'] as const,
  products: ['seckill', 'product'] as const,
  all: ['seckill'] as const,
  sessions: ['seckill', 'sessions'] as const,
  /** `subscribed` depends on who asks: keyed by the user (null when signed out). */
  items: (sessionId: number, userId: number | null) =>
    ['seckill', 'items', sessionId, userId] as const,
  item: (id: number) => ['seckill', 'item', id] as const,
  banner: ['seckill', 'banner'] as const,
  mySubscribe: ['seckill', 'mySubscribe'] as const,
};

type Clocked = WithClock<{ session: Pick<SeckillSession, 'state' | 'startAt' | 'endAt'> | null }>;

/**
 * While a session's countdown has run out but the answer still shows the earlier state (the
 * phone slept, or the server's state changes a moment later), ask again every 2 s.
 */
export function refetchWhilePast(data: Clocked | undefined): number | false {
  const target = data?.session ? countdownTarget(data.session) : null;
  return target && secondsUntil(target.at, data?.offsetMs ?? 0) === 0 ? 2000 : false;
}

/** The home entry: fetched after the first screen renders, like the home's other sections. */
export const seckillBannerQuery = () =>
  queryOptions({
    queryKey: seckillKeys.banner,
    queryFn: async () => withClock(await fetchSeckillBanner()),
    staleTime: 60_000,
    refetchInterval: (query) => refetchWhilePast(query.state.data),
    meta: { toast: false },
  });
