import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { nextPage } from '../../core/queries.ts';
import { identityApi, memberApi } from './api.ts';
import { promoRulesKey } from './rulesQuery.ts';

export { promoRulesQuery } from './rulesQuery.ts';

export const SAVINGS_PAGE_SIZE = 10;

/** Everything under ['promotion'], so one invalidation refreshes every identity-dependent figure. */
export const memberKeys = {
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
