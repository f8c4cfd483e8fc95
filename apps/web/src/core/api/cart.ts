import type { CartAddData, CartCountData, CartEditBody, CartView } from '@chaopin/contracts';
import { get, post } from './client.ts';

export type CartSelectTarget = { ids: number[] } | { storeId: number } | { all: true };

/** Every cart mutation but add answers with the refreshed cart. */
export const cartApi = {
  list: () => get<CartView>('cart/list'),
  count: () => get<CartCountData>('cart/count'),
  add: (skuId: number, quantity: number) => post<CartAddData>('cart/add', { skuId, quantity }),
  edit: (body: CartEditBody) => post<CartView>('cart/edit', body),
  select: (selected: boolean, target: CartSelectTarget) =>
    post<CartView>('cart/select', {
      selected,
      ...('ids' in target ? { ids: target.ids.join(',') } : target),
    }),
  deleteBatch: (ids: number[]) => post<CartView>('cart/deleteBatch', { ids: ids.join(',') }),
};
