import {
  MY_COUPON_TABS,
  type MyCoupon,
  type MyCouponPage as MyCouponPageData,
  type MyCouponTab,
} from '@chaopin/contracts';
import {
  type InfiniteData,
  type UseInfiniteQueryResult,
  useInfiniteQuery,
} from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { CouponOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CouponTicket } from '../../../ui/coupon/CouponTicket.tsx';
import { couponStamp, couponUsePath, validityText } from '../../../ui/coupon/couponText.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import { myCouponsQuery } from '../api.ts';
import { type CouponCounts, myTabTitle } from '../tabs.ts';
import '../../../ui/coupon/coupon.css';

const { reachBottomDistance } = pageConfigFor(PATHS.myCoupon);

const EMPTY_TEXT: Record<MyCouponTab, string> = {
  unused: '暂无可用优惠券',
  used: '暂无已使用的优惠券',
  expired: '暂无已过期的优惠券',
};

function isTab(value: string | null): value is MyCouponTab {
  return (MY_COUPON_TABS as readonly (string | null)[]).includes(value);
}

/**
 * 我的优惠券: 未使用 / 已使用 / 已过期 with their counts (?status= keeps the tab). The page
 * config gives it pull-to-refresh, which refetches the active tab and so the counts too.
 */
export default function MyCouponPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('status');
  const tab: MyCouponTab = isTab(wanted) ? wanted : 'unused';
  const query = useInfiniteQuery(myCouponsQuery(tab));
  // Every answer carries all three counts: the newest page's are the freshest. The last known
  // ones stay up while another tab's first page loads, so the titles do not flicker.
  const fresh = query.data?.pages.at(-1)?.counts ?? null;
  const [known, setKnown] = useState<CouponCounts | null>(null);
  useEffect(() => {
    if (fresh) setKnown(fresh);
  }, [fresh]);
  const counts = fresh ?? known;

  return (
    <div className="cp-page">
      <div className="cp-tabs">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setParams(key === 'unused' ? {} : { status: key }, { replace: true });
            window.scrollTo({ top: 0 });
          }}
        >
          {MY_COUPON_TABS.map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`coupon-tab-${key}`}>{myTabTitle(key, counts)}</span>}
            />
          ))}
        </Tabs>
      </div>
      <Link className="cp-entry" to={PATHS.couponCenter} data-testid="coupon-center-entry">
        <span>
          <CouponOutline /> 领券中心 · 更多好券天天领
        </span>
        <span className="cp-entry__go">去领券 ›</span>
      </Link>
      <MyCouponFeed key={tab} tab={tab} query={query} />
    </div>
  );
}

function MyCouponFeed({
  tab,
  query,
}: {
  tab: MyCouponTab;
  query: UseInfiniteQueryResult<InfiniteData<MyCouponPageData>>;
}) {
  const navigate = useNavigate();
  const coupons = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <ListStates
      query={query}
      isEmpty={coupons.length === 0}
      errorIcon={<ExclamationCircleOutline />}
      empty={
        <EmptyState icon={<CouponOutline />} title={EMPTY_TEXT[tab]}>
          {tab === 'unused' && (
            <button type="button" className="cp-link" onClick={() => navigate(PATHS.couponCenter)}>
              去领券中心看看
            </button>
          )}
        </EmptyState>
      }
    >
      <div className="cp-list">
        {coupons.map((coupon) => (
          <CouponCard key={coupon.id} coupon={coupon} />
        ))}
        <InfiniteFooter
          hasMore={query.hasNextPage}
          loadMore={() => nextPageOrThrow(query.fetchNextPage)}
          threshold={reachBottomDistance}
        />
      </div>
    </ListStates>
  );
}

function CouponCard({ coupon }: { coupon: MyCoupon }) {
  const navigate = useNavigate();
  return (
    <CouponTicket
      coupon={coupon}
      validity={validityText(coupon)}
      expiringSoon={coupon.expiringSoon}
      stamp={couponStamp(coupon.state)}
      testId={`coupon-card-${coupon.id}`}
      action={<CouponAction coupon={coupon} onGo={(to) => navigate(to, { state: { coupon } })} />}
    />
  );
}

function CouponAction({ coupon, onGo }: { coupon: MyCoupon; onGo: (to: string) => void }) {
  if (coupon.state === 'unused') {
    return (
      <button
        type="button"
        className="cp-btn"
        data-testid={`coupon-use-${coupon.id}`}
        onClick={() => onGo(couponUsePath(coupon))}
      >
        去使用
      </button>
    );
  }
  if (coupon.state === 'held') {
    // Held by an unpaid order: it comes back if that order is cancelled or times out.
    const orderNo = coupon.orderNo;
    return (
      <button
        type="button"
        className="cp-btn cp-btn--held"
        data-testid={`coupon-held-${coupon.id}`}
        disabled={!orderNo}
        onClick={() => orderNo && onGo(`${PATHS.orderInfo}?orderNo=${encodeURIComponent(orderNo)}`)}
      >
        订单占用中
      </button>
    );
  }
  return null;
}
