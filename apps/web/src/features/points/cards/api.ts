import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../../core/api/client.ts';
import { nextPage } from '../../../core/queries.ts';

/** Card collecting (集卡有礼). */
export const cardsApi = {
  /** The campaign (default: the one running now) and my count of each kind. */
  home: (campaignId?: number) => get('cards/home', campaignId ? { campaignId } : {}),
  /** Today's share card (once a day: fresh false afterwards). */
  share: (campaignId: number) => post('cards/share', { campaignId }),
  give: (campaignId: number, kindId: number, phone: string) =>
    post('cards/give', { campaignId, kindId, phone }),
  exchange: (campaignId: number) => post('cards/exchange', { campaignId }),
  log: (campaignId: number, pageNum: number, pageSize: number) =>
    get('cards/log', { campaignId, pageNum, pageSize }),
};

export const CARD_LOG_PAGE_SIZE = 10;

export const cardsKeys = {
  all: ['cards'] as const,
  home: (campaignId: number | null) => ['cards', 'home', campaignId ?? 'current'] as const,
  log: (campaignId: number) => ['cards', 'log', campaignId] as const,
};

// Cards arrive from other pages (the sign-in, a paid order) and from friends: asked again on
// every visit.
export const cardsHomeQuery = (campaignId: number | null) =>
  queryOptions({
    queryKey: cardsKeys.home(campaignId),
    queryFn: () => cardsApi.home(campaignId ?? undefined),
    staleTime: 0,
    meta: { toast: false },
  });

export const cardLogQuery = (campaignId: number) =>
  infiniteQueryOptions({
    queryKey: cardsKeys.log(campaignId),
    queryFn: ({ pageParam }) => cardsApi.log(campaignId, pageParam, CARD_LOG_PAGE_SIZE),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

export function refreshCards(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: cardsKeys.all });
}
