import type { SeckillRushBody } from '@chaopin/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { fetchSeckillBanner, seckillKeys } from './bannerQuery.ts';

// Here, not in features/seckill: the product page's strip and its 提醒我 button call it too.
// seckill/api.ts re-exports it for the flash-sale pages.

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

/** After a reminder or a purchase changed: lists, the banner and 我的提醒. */
export function refreshSeckill(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: seckillKeys.all });
}
