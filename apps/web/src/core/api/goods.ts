import type {
  ChangedCount,
  CollectedProduct,
  FollowedStore,
  FootprintDay,
  PageOf,
  ProductCard,
  ProductDetail,
  ProductSort,
  ShareData,
  StoreDetail,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

interface Paging {
  pageNum: number;
  pageSize?: number;
}

/** Product detail, search, store pages, collections, footprints and followed stores. */
export const productApi = {
  detail: (id: number) => get<ProductDetail>('goods/detail', { id }),
  /** The short link and the server-made QR poster of a product. */
  share: (id: number) => get<ShareData>('goods/share', { id }),
};

export const searchApi = {
  goods: ({
    keyword,
    sort = 'default',
    pageNum,
    pageSize = 10,
  }: Paging & {
    keyword: string;
    sort?: ProductSort;
  }) => get<PageOf<ProductCard>>('search/goods', { keyword, sort, pageNum, pageSize }),
  history: () => get<string[]>('search/history'),
  clearHistory: () => post<null>('search/clearHistory'),
  hot: () => get<string[]>('search/hot'),
  suggest: (keyword: string) => get<string[]>('search/suggest', { keyword }),
};

export const storeApi = {
  detail: (id: number) => get<StoreDetail>('store/detail', { id }),
  goods: ({
    storeId,
    sort = 'default',
    pageNum,
    pageSize = 10,
  }: Paging & {
    storeId: number;
    sort?: ProductSort;
  }) => get<PageOf<ProductCard>>('store/goods', { storeId, sort, pageNum, pageSize }),
};

export const collectionApi = {
  add: (productId: number) => post<null>('collection/add', { productId }),
  remove: (productIds: number[]) =>
    post<ChangedCount>('collection/remove', { productIds: productIds.join(',') }),
  list: ({ pageNum, pageSize = 10 }: Paging) =>
    get<PageOf<CollectedProduct>>('collection/list', { pageNum, pageSize }),
};

export const browseApi = {
  list: ({ pageNum, pageSize = 20 }: Paging) =>
    get<PageOf<FootprintDay>>('browse/list', { pageNum, pageSize }),
  remove: (ids: number[]) => post<ChangedCount>('browse/delete', { ids: ids.join(',') }),
  clear: () => post<ChangedCount>('browse/clear'),
};

export const focusApi = {
  add: (storeId: number) => post<null>('focus/add', { storeId }),
  remove: (storeId: number) => post<ChangedCount>('focus/remove', { storeId }),
  list: ({ pageNum, pageSize = 10 }: Paging) =>
    get<PageOf<FollowedStore>>('focus/list', { pageNum, pageSize }),
};
