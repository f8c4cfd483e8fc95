import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { promoRulesKey } from '../promoRulesQuery.ts';

// 我的 and 推广中心 read the identity too. member/api.ts re-exports these; memberKeys is the
// domain's one key factory.

/** Who I am in the programme; 我的, the upgrade pages and 推广中心 all read it. */
export const identityApi = {
  identity: () => get('promotion/identity'),
};

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
