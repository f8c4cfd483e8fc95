import { queryOptions } from '@tanstack/react-query';
import { withClock } from '../countdown/clock.ts';
import { refetchWhilePast } from './bannerQuery.ts';

// The product detail's flash-sale strip: what the product page itself holds. The call comes in
// with the flash-sale API's chunk when the query first runs (after the page's main picture), and
// the strip is a lazy chunk loaded only once the answer has a sale: a product without one costs
// its page this file and one small request, none of them before its LCP.

/** Under 'seckill' (refreshed with the rest); `subscribed` depends on who asks. */
export const seckillProductKey = (productId: number, userId: number | null) =>
  ['seckill', 'product', productId, userId] as const;

export const seckillOfProductQuery = (productId: number, userId: number | null) =>
  queryOptions({
    queryKey: seckillProductKey(productId, userId),
    queryFn: async () => {
      const { seckillApi } = await import('./seckillApi.ts');
      const data = await seckillApi.product(productId);
      return data ? withClock(data) : null;
    },
    refetchInterval: (query) => refetchWhilePast(query.state.data ?? undefined),
    // Secondary data: a failure leaves the page as it is, without a message.
    meta: { toast: false },
  });
