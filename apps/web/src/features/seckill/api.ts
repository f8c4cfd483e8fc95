import type { SeckillRushBody } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { withClock } from '../../ui/countdown/clock.ts';
import { fetchSeckillBanner, refetchWhilePast, seckillKeys } from './bannerQuery.ts';

/** The flash sale (秒杀): sessions, items, reminders and the purchase itself. */
export const seckillApi = {
  /** Today's and the next sessions, with the server's clock. */
  sessions: () => get('seckill/sessions'),
  /** A session's items; `subscribed` is filled in for a signed-in caller. */
  items: (sessionId: number) => get('seckill/items', { sessionId }),
  item: (id: number) => get('seckill/item', { id }),
  banner: fetchSeckillBanner,
  /** The product detail's strip: the product's open (else next, within a day) sale, or null. */
  product: (productId: number) => get('seckill/product', { productId }),
  subscribe: (itemId: number, sms?: boolean) => post('seckill/subscribe', { itemId, sms }),
  unsubscribe: (itemId: number) => post('seckill/unsubscribe', { itemId }),
  mySubscribe: ({ pageNum, pageSize = 10 }: { pageNum: number; pageSize?: number }) =>
    get('seckill/mySubscribe', { pageNum, pageSize }),
  /** A flash purchase; `ticket` is the solved captcha's payload (base64), sent as a header. */
  rush: (body: SeckillRushBody, ticket: string) => post('seckill/rush', { ...body }, { ticket }),
};

export { refetchWhilePast, seckillBannerQuery, seckillKeys } from './bannerQuery.ts';

export const SUBSCRIBE_PAGE_SIZE = 10;

export const seckillSessionsQuery = () =>
  queryOptions({
    queryKey: seckillKeys.sessions,
    queryFn: async () => withClock(await seckillApi.sessions()),
  });

export const seckillItemsQuery = (sessionId: number, userId: number | null) =>
  queryOptions({
    queryKey: seckillKeys.items(sessionId, userId),
    queryFn: async () => withClock(await seckillApi.items(sessionId)),
    staleTime: 5_000,
    refetchInterval: (query) => refetchWhilePast(query.state.data),
  });

export const seckillItemQuery = (id: number) =>
  queryOptions({
    queryKey: seckillKeys.item(id),
    queryFn: async () => withClock(await seckillApi.item(id)),
    staleTime: 0,
    refetchInterval: (query) => refetchWhilePast(query.state.data),
  });

export const mySubscribeQuery = () =>
  infiniteQueryOptions({
    queryKey: seckillKeys.mySubscribe,
    queryFn: ({ pageParam }) =>
      seckillApi.mySubscribe({ pageNum: pageParam, pageSize: SUBSCRIBE_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: (last) =>
      last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined,
  });

/** After a reminder or a purchase changed: lists, the banner and 我的提醒. */
export function refreshSeckill(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seckillKeys.all });
}
