import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

// Here, beside AddressRow: every checkout (order, live, seckill, bargain, farm, game, points,
// redeem) picks from the saved addresses. The typed client directly, so ui/ imports no feature;
// address/api.ts keeps addressKeys.addresses on this key for its invalidations.

export const addressesKey = ['address', 'list'] as const;

export const addressesQuery = () =>
  queryOptions({ queryKey: addressesKey, queryFn: () => get('address/query') });
