import type { OrderTab, ProductSort } from '@chaopin/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { addressApi } from '../features/address/api.ts';
import { cartApi } from '../features/cart/api.ts';
import { productApi, searchApi, storeApi } from '../features/goods/api.ts';
import { goodsApi, homeApi } from '../features/home/api.ts';
import { orderApi, payApi } from '../features/order/api.ts';
import { accountApi } from '../features/payPassword/api.ts';
import { userApi } from '../features/user/api.ts';

/** Query keys in one place so invalidation after a mutation names exactly what it changes. */
export const queryKeys = {
  banners: ['home', 'banner'] as const,
  menu: ['home', 'menu'] as const,
  activity: ['home', 'activity'] as const,
  popup: ['home', 'popup'] as const,
  barrage: ['home', 'barrage'] as const,
  categories: ['home', 'classification'] as const,
  goods: (categoryId: number | undefined, sort: ProductSort) =>
    ['goods', 'list', { categoryId: categoryId ?? null, sort }] as const,
  realName: ['user', 'realName'] as const,
  payPassword: ['account', 'isPayPassword'] as const,
  product: (id: number) => ['goods', 'detail', id] as const,
  cart: ['cart', 'list'] as const,
  cartCount: ['cart', 'count'] as const,
  addresses: ['address', 'list'] as const,
  address: (id: number) => ['address', 'detail', id] as const,
  regions: (parentCode: string) => ['address', 'regions', parentCode] as const,
  orders: (tab: OrderTab) => ['order', 'list', tab] as const,
  order: (orderNo: string) => ['order', 'detail', orderNo] as const,
  allOrders: ['order'] as const,
  orderCounts: ['order', 'counts'] as const,
  payTypes: ['pay', 'types'] as const,
  balance: ['account', 'balance'] as const,
  searchHistory: ['search', 'history'] as const,
  searchHot: ['search', 'hot'] as const,
  suggest: (keyword: string) => ['search', 'suggest', keyword] as const,
  search: (keyword: string, sort: ProductSort) => ['search', 'goods', keyword, sort] as const,
  store: (id: number) => ['store', 'detail', id] as const,
  storeLicense: (id: number) => ['store', 'license', id] as const,
  evaluations: (productId: number) => ['goods', 'evaluations', productId] as const,
  storeGoods: (id: number, sort: ProductSort) => ['store', 'goods', id, sort] as const,
};

const FIVE_MINUTES = 5 * 60_000;
export const GOODS_PAGE_SIZE = 10;

type Paged = { pageNum: number; pageSize: number; total: number };
/** getNextPageParam of a PageOf list: the next pageNum while rows remain. */
export const nextPage = (last: Paged) =>
  last.pageNum * last.pageSize < last.total ? last.pageNum + 1 : undefined;

export const bannersQuery = () =>
  queryOptions({ queryKey: queryKeys.banners, queryFn: homeApi.banners, staleTime: FIVE_MINUTES });

export const menuQuery = () =>
  queryOptions({ queryKey: queryKeys.menu, queryFn: homeApi.menu, staleTime: FIVE_MINUTES });

export const activityQuery = () =>
  queryOptions({
    queryKey: queryKeys.activity,
    queryFn: homeApi.activity,
    staleTime: FIVE_MINUTES,
  });

/** The popup depends on who asks (新人专享 is not for returning buyers): keyed by the user. */
export const popupQuery = (userId: number | null = null) =>
  queryOptions({
    queryKey: [...queryKeys.popup, userId] as const,
    queryFn: homeApi.popup,
    staleTime: FIVE_MINUTES,
  });

/** Recent purchases for the home ticker; refreshed every minute while the home page shows. */
export const barrageQuery = () =>
  queryOptions({
    queryKey: queryKeys.barrage,
    queryFn: homeApi.barrage,
    staleTime: 60_000,
    refetchInterval: 60_000,
  });

export const categoriesQuery = () =>
  queryOptions({
    queryKey: queryKeys.categories,
    queryFn: homeApi.classification,
    staleTime: FIVE_MINUTES,
  });

export const goodsQuery = (categoryId: number | undefined, sort: ProductSort = 'default') =>
  infiniteQueryOptions({
    queryKey: queryKeys.goods(categoryId, sort),
    queryFn: ({ pageParam }) =>
      goodsApi.list({ pageNum: pageParam, pageSize: GOODS_PAGE_SIZE, categoryId, sort }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const realNameQuery = () =>
  queryOptions({ queryKey: queryKeys.realName, queryFn: userApi.realName });

export const payPasswordQuery = () =>
  queryOptions({ queryKey: queryKeys.payPassword, queryFn: accountApi.isPayPassword });

export const productQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.product(id), queryFn: () => productApi.detail(id) });

export const cartQuery = () => queryOptions({ queryKey: queryKeys.cart, queryFn: cartApi.list });

export const cartCountQuery = () =>
  queryOptions({ queryKey: queryKeys.cartCount, queryFn: cartApi.count, staleTime: 30_000 });

export const addressesQuery = () =>
  queryOptions({ queryKey: queryKeys.addresses, queryFn: addressApi.list });

export const addressQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.address(id), queryFn: () => addressApi.get(id) });

/** Region lists never change while the app runs. */
export const regionsQuery = (parentCode: string) =>
  queryOptions({
    queryKey: queryKeys.regions(parentCode),
    queryFn: () => addressApi.levelList(parentCode || undefined),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const ordersQuery = (tab: OrderTab) =>
  infiniteQueryOptions({
    queryKey: queryKeys.orders(tab),
    queryFn: ({ pageParam }) => orderApi.list({ status: tab, pageNum: pageParam }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const orderQuery = (orderNo: string) =>
  queryOptions({ queryKey: queryKeys.order(orderNo), queryFn: () => orderApi.detail(orderNo) });

export const payTypesQuery = () =>
  queryOptions({ queryKey: queryKeys.payTypes, queryFn: payApi.payTypes });

/** 我的's order shortcut badges; under ['order'], so every order change refreshes them too. */
export const orderCountsQuery = () =>
  queryOptions({ queryKey: queryKeys.orderCounts, queryFn: orderApi.counts, staleTime: 0 });

export const balanceQuery = () =>
  queryOptions({ queryKey: queryKeys.balance, queryFn: payApi.balance });

export const searchHistoryQuery = () =>
  queryOptions({ queryKey: queryKeys.searchHistory, queryFn: searchApi.history });

export const searchHotQuery = () =>
  queryOptions({ queryKey: queryKeys.searchHot, queryFn: searchApi.hot, staleTime: FIVE_MINUTES });

export const suggestQuery = (keyword: string) =>
  queryOptions({
    queryKey: queryKeys.suggest(keyword),
    queryFn: () => searchApi.suggest(keyword),
    staleTime: FIVE_MINUTES,
  });

export const searchQuery = (keyword: string, sort: ProductSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.search(keyword, sort),
    queryFn: ({ pageParam }) =>
      searchApi.goods({ keyword, sort, pageNum: pageParam, pageSize: GOODS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const storeQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.store(id), queryFn: () => storeApi.detail(id) });

export const storeGoodsQuery = (storeId: number, sort: ProductSort) =>
  infiniteQueryOptions({
    queryKey: queryKeys.storeGoods(storeId, sort),
    queryFn: ({ pageParam }) =>
      storeApi.goods({ storeId, sort, pageNum: pageParam, pageSize: GOODS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const storeLicenseQuery = (id: number) =>
  queryOptions({ queryKey: queryKeys.storeLicense(id), queryFn: () => storeApi.license(id) });

export const evaluationsQuery = (productId: number) =>
  infiniteQueryOptions({
    queryKey: queryKeys.evaluations(productId),
    queryFn: ({ pageParam }) =>
      productApi.evaluations({ productId, pageNum: pageParam, pageSize: GOODS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
