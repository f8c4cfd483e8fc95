import type { ExchangeKind } from '@chaopin/contracts';
import { get, post } from '../../../core/api/client.ts';

/** The points mall (积分商城). */
export const exchangeApi = {
  /** My points and the items on sale (balance 0 when logged out). */
  items: (kind?: ExchangeKind) => get('exchange/items', kind ? { kind } : {}),
  /**
   * One purchase per clientKey: a resubmit after a lost answer returns the same purchase. A
   * product needs the delivery address; its answer carries the order to pay.
   */
  buy: (itemId: number, clientKey: string, addressId?: number) =>
    post('exchange/buy', { itemId, clientKey, addressId }),
};

export const exchangeKeys = {
  items: (tab: string) => ['points', 'exchange', tab] as const,
};
