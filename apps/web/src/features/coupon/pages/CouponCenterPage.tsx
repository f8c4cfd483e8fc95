import { COUPON_CENTER_TABS } from '@chaopin/contracts';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import { CouponOutline, ExclamationCircleOutline } from 'antd-mobile-icons';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../../core/session.ts';
import NewUserPackCard from '../../../ui/coupon/NewUserPackCard.tsx';
import { TemplateTicket } from '../../../ui/coupon/TemplateTicket.tsx';
import { useClaimCoupon } from '../../../ui/coupon/useClaimCoupon.ts';
import { EmptyState } from '../../../ui/EmptyState.tsx';
import { InfiniteFooter, nextPageOrThrow } from '../../../ui/InfiniteFooter.tsx';
import { ListStates } from '../../../ui/ListStates.tsx';
import { PATHS, pageConfigFor } from '../../../ui/pageConfig.ts';
import type { CouponCenterScope } from '../api.ts';
import { couponCenterQuery } from '../api.ts';
import '../../../ui/coupon/coupon.css';

const { reachBottomDistance } = pageConfigFor(PATHS.couponCenter);

const CENTER_TAB_TEXT: Record<CouponCenterScope, string> = {
  all: '全部',
  platform: '平台券',
  store: '店铺券',
  category: '品类券',
  product: '商品券',
};

function isScope(value: string | null): value is CouponCenterScope {
  return (COUPON_CENTER_TABS as readonly (string | null)[]).includes(value);
}

/**
 * 领券中心: the new-user pack while it is open to the viewer, then the claimable coupons by scope (?scope= keeps the tab across back and reload); the
 * page config gives it pull-to-refresh, which refetches the active tab.
 */
export default function CouponCenterPage() {
  const [params, setParams] = useSearchParams();
  const wanted = params.get('scope');
  const scope: CouponCenterScope = isScope(wanted) ? wanted : 'all';
  const signedIn = useSession((s) => s.status === 'in');

  return (
    <div className="cp-page">
      <div className="cp-tabs">
        <Tabs
          activeKey={scope}
          onChange={(key) => {
            setParams(key === 'all' ? {} : { scope: key }, { replace: true });
            window.scrollTo({ top: 0 });
          }}
        >
          {COUPON_CENTER_TABS.map((key) => (
            <Tabs.Tab
              key={key}
              title={<span data-testid={`coupon-scope-${key}`}>{CENTER_TAB_TEXT[key]}</span>}
            />
          ))}
        </Tabs>
      </div>
      {/* The home 新人专享 popup leads here: a new user claims the pack on this page too. */}
      <div className="cp-pack">
        <NewUserPackCard />
      </div>
      {signedIn && (
        <Link className="cp-entry" to={PATHS.myCoupon}>
          <span>已领的券在「我的优惠券」查看</span>
          <span className="cp-entry__go">去查看 ›</span>
        </Link>
      )}
      <CenterFeed key={scope} scope={scope} />
    </div>
  );
}

function CenterFeed({ scope }: { scope: CouponCenterScope }) {
  const userId = useSession((s) => (s.status === 'out' ? null : (s.user?.id ?? null)));
  const query = useInfiniteQuery(couponCenterQuery(scope, userId));
  const { claim, pendingId } = useClaimCoupon();
  const templates = query.data?.pages.flatMap((p) => p.list) ?? [];

  return (
    <ListStates
      query={query}
      isEmpty={templates.length === 0}
      errorIcon={<ExclamationCircleOutline />}
      empty={
        <EmptyState
          icon={<CouponOutline />}
          title="暂无可领取的优惠券"
          description="好券陆续上新，晚点再来看看吧"
        />
      }
    >
      <div className="cp-list">
        {templates.map((template) => (
          <TemplateTicket
            key={template.id}
            template={template}
            pending={pendingId === template.id}
            onClaim={claim}
          />
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
