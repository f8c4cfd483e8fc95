import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

// Here, not only in the payPassword feature: the pay-password gate and every cashier (order,
// game, settings) ask whether a password is set. The typed client directly, so ui/ imports no
// feature; payPassword/api.ts re-exports the key for its invalidations.

export const payPasswordKey = ['account', 'isPayPassword'] as const;

export const payPasswordQuery = () =>
  queryOptions({ queryKey: payPasswordKey, queryFn: () => get('account/isPayPassword') });
