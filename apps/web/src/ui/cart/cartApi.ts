import type { CartEditBody } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';

// Not in features/cart: the product page and the zones add to the cart too, and
// the tab bar shows its count. cart/api.ts re-exports these; cartKeys is the domain's key factory.

export type CartSelectTarget = { ids: number[] } | { storeId: number } | { all: true };

/** Every cart mutation but add answers with the refreshed cart. */
export const cartApi = {
  list: () => get('cart/list'),
  count: () => get('cart/count'),
  add: (skuId: number, quantity: number) => post('cart/add', { skuId, quantity }),
  edit: (body: CartEditBody) => post('cart/edit', body),
  select: (selected: boolean, target: CartSelectTarget) =>
    post('cart/select', {
      selected,
      ...('ids' in target ? { ids: target.ids.join(',') } : target),
    }),
  deleteBatch: (ids: number[]) => post('cart/deleteBatch', { ids: ids.join(',') }),
};

export const cartKeys = {
  cart: ['cart', 'list'] as const,
  cartCount: ['cart', 'count'] as const,
};

export const cartCountQuery = () =>
  queryOptions({ queryKey: cartKeys.cartCount, queryFn: cartApi.count, staleTime: 30_000 });
