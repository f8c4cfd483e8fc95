import type { MemberBuyBody } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import { promoRulesKey } from '../../ui/promoRulesQuery.ts';

/** Who I am in the programme; 我的, the upgrade pages and 推广中心 all read it. */
export const identityApi = {
  identity: () => get('promotion/identity'),
};

/** The configured numbers (public: the agreements and the goods' 会员价 need them logged out too). */
export const memberApi = {
  plans: () => get('member/plans'),
  /** One purchase per clientKey: resubmitting after a lost answer returns the same purchase. */
  buy: (body: MemberBuyBody) => post('member/buy', body),
  /** Polled after the cashier until the gateway's notify marks the purchase paid. */
  purchase: (purchaseNo: string) => get('member/purchase', { purchaseNo }),
  savings: (query: { pageNum: number; pageSize: number }) => get('member/savings', query),
  upgrade: () => get('promotion/upgrade'),
  /** The deposit variant of the upgrade, paid from the balance. */
  bailPay: (password: string) => post('promotion/bailPay', { password }),
};

export { promoRulesApi, promoRulesQuery } from '../../ui/promoRulesQuery.ts';

export const SAVINGS_PAGE_SIZE = 10;

/** Everything under ['promotion'], so one invalidation refreshes every identity-dependent figure. */
export const memberKeys = {
  purchase: (purchaseNo: string) => ['promotion', 'member', 'purchase', purchaseNo] as const,
  all: ['promotion'] as const,
  identity: ['promotion', 'identity'] as const,
  rules: promoRulesKey,
  plans: ['promotion', 'member', 'plans'] as const,
  savings: ['promotion', 'member', 'savings'] as const,
  upgrade: ['promotion', 'upgrade'] as const,
};

// A purchase or an order paid elsewhere changes the tier, so it is asked again on every visit.
export const identityQuery = () =>
  queryOptions({ queryKey: memberKeys.identity, queryFn: identityApi.identity, staleTime: 0 });

export const memberPlansQuery = () =>
  queryOptions({ queryKey: memberKeys.plans, queryFn: memberApi.plans, staleTime: 0 });

export const upgradeQuery = () =>
  queryOptions({ queryKey: memberKeys.upgrade, queryFn: memberApi.upgrade, staleTime: 0 });

export const savingsQuery = () =>
  infiniteQueryOptions({
    queryKey: memberKeys.savings,
    queryFn: ({ pageParam }) =>
      memberApi.savings({ pageNum: pageParam, pageSize: SAVINGS_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** After a purchase, a deposit or an upgrade order: every identity-dependent figure. */
export function refreshIdentity(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: memberKeys.all });
}
