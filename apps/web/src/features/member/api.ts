import type { MemberBuyBody } from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import { memberKeys } from '../../ui/member/identityQuery.ts';

export { identityApi, identityQuery, memberKeys } from '../../ui/member/identityQuery.ts';

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
