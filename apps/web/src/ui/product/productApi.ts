import type { ProductSort } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';

// Beside ProductCard, not in features/goods: the cart, the order review, the live room's buy sheet
// and 我的 (collections, footprints, followed stores) call these too. goods/api.ts re-exports them;
// goodsKeys is the one key factory of the domain.

export interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** Product detail, search, store pages, collections, footprints and followed stores. */
export const productApi = {
  detail: (id: number) => get('goods/detail', { id }),
  evaluations: ({ productId, pageNum, pageSize = 10 }: Paging & { productId: number }) =>
    get('goods/evaluations', { productId, pageNum, pageSize }),
};

export const collectionApi = {
  add: (productId: number) => post('collection/add', { productId }),
  remove: (productIds: number[]) => post('collection/remove', { productIds: productIds.join(',') }),
  list: ({ pageNum, pageSize = 10 }: Paging) => get('collection/list', { pageNum, pageSize }),
};

export const browseApi = {
  list: ({ pageNum, pageSize = 20 }: Paging) => get('browse/list', { pageNum, pageSize }),
  remove: (ids: number[]) => post('browse/delete', { ids: ids.join(',') }),
  clear: () => post('browse/clear'),
};

export const focusApi = {
  add: (storeId: number) => post('focus/add', { storeId }),
  remove: (storeId: number) => post('focus/remove', { storeId }),
  list: ({ pageNum, pageSize = 10 }: Paging) => get('focus/list', { pageNum, pageSize }),
};

export const goodsKeys = {
  collection: ['collection'] as const,
  /** Followed stores (StorePage's 关注 changes them). */
  focus: ['focus'] as const,
  product: (id: number) => ['goods', 'detail', id] as const,
  store: (id: number) => ['store', 'detail', id] as const,
  storeLicense: (id: number) => ['store', 'license', id] as const,
  evaluations: (productId: number) => ['goods', 'evaluations', productId] as const,
  storeGoods: (id: number, sort: ProductSort) => ['store', 'goods', id, sort] as const,
};

export const productQuery = (id: number) =>
  queryOptions({ queryKey: goodsKeys.product(id), queryFn: () => productApi.detail(id) });
