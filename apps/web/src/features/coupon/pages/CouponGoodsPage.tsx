import type { MyCoupon, MyCouponPage } from '@chaopin/contracts';
import { type InfiniteData, useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { CouponOutline } from 'antd-mobile-icons';
import { useLocation, useSearchParams } from 'react-router';
import { couponConditions, validityText } from '../../../ui/coupon/couponText.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { ProductFeedView } from '../../../ui/product/ProductFeed.tsx';
import { couponKeys, couponProductsQuery } from '../api.ts';
import '../../../ui/coupon/coupon.css';

const { reachBottomDistance } = pageConfigFor(PATHS.couponGoods);

/**
 * The coupon behind ?id=: handed over by 我的优惠券's 去使用, else from its cached lists. A page
 * opened cold (reload, shared link) has neither, and shows a generic header.
 */
function useCoupon(id: number): MyCoupon | null {
  const location = useLocation();
  const queryClient = useQueryClient();
  const passed = (location.state as { coupon?: MyCoupon } | null)?.coupon;
  if (passed?.id === id) return passed;
  for (const [, data] of queryClient.getQueriesData<InfiniteData<MyCouponPage>>({
    queryKey: couponKeys.allMine,
  })) {
    const found = data?.pages.flatMap((p) => p.list).find((c) => c.id === id);
    if (found) return found;
  }
  return null;
}

/** 可用商品: what one of my coupons applies to (去使用 of a coupon that is not a store's). */
export default function CouponGoodsPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const valid = Number.isInteger(id) && id > 0;
  const coupon = useCoupon(id);
  const goods = useInfiniteQuery({ ...couponProductsQuery(id), enabled: valid });

  if (!valid) {
    return (
      <EmptyState icon={<CouponOutline />} title="优惠券不存在" description="去看看其他优惠券吧" />
    );
  }
  return (
    <div className="cp-goods">
      <header className="cp-goods__head" data-testid="coupon-goods-head">
        {coupon ? (
          <>
            <p className="cp-goods__title">
              以下商品可使用<strong>「{coupon.title}」</strong>优惠券
            </p>
            <p className="cp-goods__sub">
              {[coupon.scopeText, ...couponConditions(coupon), validityText(coupon)].join(' · ')}
            </p>
          </>
        ) : (
          <p className="cp-goods__title">以下商品可使用该优惠券</p>
        )}
      </header>
      <ProductFeedView query={goods} threshold={reachBottomDistance} empty="该优惠券暂无可用商品" />
    </div>
  );
}
