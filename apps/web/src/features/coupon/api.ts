import type { MyCouponTab } from '@chaopin/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { nextPage } from '../../core/queries.ts';
import {
  COUPON_PAGE_SIZE,
  type CouponCenterScope,
  couponApi,
  couponKeys,
} from '../../ui/coupon/couponApi.ts';

export * from '../../ui/coupon/couponApi.ts';

export const couponCenterQuery = (scope: CouponCenterScope, userId: number | null) =>
  infiniteQueryOptions({
    queryKey: couponKeys.center(scope, userId),
    queryFn: ({ pageParam }) =>
      couponApi.center({ scope, pageNum: pageParam, pageSize: COUPON_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });

export const myCouponsQuery = (status: MyCouponTab) =>
  infiniteQueryOptions({
    queryKey: couponKeys.mine(status),
    queryFn: ({ pageParam }) =>
      couponApi.mine({ status, pageNum: pageParam, pageSize: COUPON_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    // A coupon turns used or expired while the app is closed; 30 s old counts would mislead.
    staleTime: 0,
  });

export const couponProductsQuery = (couponId: number) =>
  infiniteQueryOptions({
    queryKey: couponKeys.products(couponId),
    queryFn: ({ pageParam }) =>
      couponApi.products({ couponId, pageNum: pageParam, pageSize: COUPON_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
  });
