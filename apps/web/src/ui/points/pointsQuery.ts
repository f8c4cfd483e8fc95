import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';
import { walletKeys } from '../wallet/walletKeys.ts';

// The game pages pay with points and show the balance too. points/api.ts re-exports these and
// keeps pointsApi.home on this call; pointsKeys is the domain's one key factory.

/** 积分签到: the balance, the streak, this month's sign-ins (China time) and the configured rules. */
export const fetchPointsHome = () => get('points/home');

/** Everything under ['points'], so one invalidation refreshes the balance, calendar and bill. */
export const pointsKeys = {
  all: ['points'] as const,
  home: ['points', 'home'] as const,
  bill: (month: string) => ['points', 'bill', month] as const,
};

// A paid order earns the day's first-order points from another page, and the day turns at
// midnight China time: the figures are asked again on every visit.
export const pointsHomeQuery = () =>
  queryOptions({ queryKey: pointsKeys.home, queryFn: fetchPointsHome, staleTime: 0 });

/** After points moved (a sign-in): every points figure, and 我的资产's points tile. */
export async function refreshPoints(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.assets }),
  ]);
}
