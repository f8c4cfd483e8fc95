import type {
  CouponCenterQuery,
  CouponTemplateList,
  CouponTemplateView,
  MyCouponTab,
  PageOf,
} from '@chaopin/contracts';
import { type InfiniteData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { markClaimed } from './couponText.ts';

// Here, not in features/coupon: the product and store pages' 领券 sheet and the home page's
// new-user pack claim coupons too. coupon/api.ts re-exports it all (couponKeys is the domain's one
// key factory) and adds the coupon pages' lists.

export type CouponCenterScope = NonNullable<CouponCenterQuery['scope']>;

/** Coupons (优惠券): the claim centre, a product's or store's coupons, my coupons, the new-user pack. */
export const couponApi = {
  /** `claimed` and `state` are filled in for a signed-in caller. */
  center: ({
    scope = 'all',
    pageNum,
    pageSize = 10,
  }: {
    scope?: CouponCenterScope;
    pageNum: number;
    pageSize?: number;
  }) => get('coupon/center', { scope, pageNum, pageSize }),
  /** The claimable templates that apply to a product (the detail page's 领券 row). */
  ofProduct: (productId: number) => get('coupon/product', { productId }),
  ofStore: (storeId: number) => get('coupon/store', { storeId }),
  claim: (templateId: number) => post('coupon/claim', { templateId }),
  newUserPack: () => get('coupon/newUserPack'),
  claimNewUserPack: () => post('coupon/newUserPack/claim'),
  /** 我的优惠券; `counts` carries every tab's total for the tab titles. */
  mine: ({
    status = 'unused',
    pageNum,
    pageSize = 10,
  }: {
    status?: MyCouponTab;
    pageNum: number;
    pageSize?: number;
  }) => get('coupon/mine', { status, pageNum, pageSize }),
  /** 去使用: the products one of my coupons applies to. */
  products: ({
    couponId,
    pageNum,
    pageSize = 10,
  }: {
    couponId: number;
    pageNum: number;
    pageSize?: number;
  }) => get('coupon/products', { couponId, pageNum, pageSize }),
};

export const COUPON_PAGE_SIZE = 10;

/**
 * Every coupon query sits under 'coupon': a claim or an order that spends a coupon refreshes
 * them all. Template lists carry who asks (`claimed`, `state`), so they are keyed by the user.
 */
export const couponKeys = {
  allMine: ['coupon', 'mine'] as const,
  all: ['coupon'] as const,
  center: (scope: CouponCenterScope, userId: number | null) =>
    ['coupon', 'center', scope, userId] as const,
  product: (productId: number, userId: number | null) =>
    ['coupon', 'product', productId, userId] as const,
  store: (storeId: number, userId: number | null) => ['coupon', 'store', storeId, userId] as const,
  mine: (status: MyCouponTab) => ['coupon', 'mine', status] as const,
  products: (couponId: number) => ['coupon', 'products', couponId] as const,
  newUserPack: (userId: number | null) => ['coupon', 'newUserPack', userId] as const,
};

/** Where a template list comes from: a product's detail page or a store's page. */
export type CouponSource = { productId: number } | { storeId: number };

export const couponsOfQuery = (source: CouponSource, userId: number | null) =>
  queryOptions({
    queryKey:
      'productId' in source
        ? couponKeys.product(source.productId, userId)
        : couponKeys.store(source.storeId, userId),
    queryFn: () =>
      'productId' in source
        ? couponApi.ofProduct(source.productId)
        : couponApi.ofStore(source.storeId),
    // Secondary to the page it sits on: a failure just leaves the row out.
    meta: { toast: false },
  });

export const newUserPackQuery = (userId: number | null) =>
  queryOptions({
    queryKey: couponKeys.newUserPack(userId),
    queryFn: couponApi.newUserPack,
    meta: { toast: false },
  });

/** Every list that shows the template (centre tabs, product and store rows) updated in place. */
export function showClaimed(queryClient: QueryClient, templateId: number): void {
  const mark = (t: CouponTemplateView) => (t.id === templateId ? markClaimed(t) : t);
  queryClient.setQueriesData<InfiniteData<PageOf<CouponTemplateView>>>(
    { queryKey: ['coupon', 'center'] },
    (old) =>
      old && {
        ...old,
        pages: old.pages.map((page) => ({ ...page, list: page.list.map(mark) })),
      },
  );
  for (const kind of ['product', 'store'] as const) {
    queryClient.setQueriesData<CouponTemplateList>({ queryKey: ['coupon', kind] }, (old) =>
      old ? { list: old.list.map(mark) } : old,
    );
  }
}

export function refreshCoupons(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: couponKeys.all });
}
