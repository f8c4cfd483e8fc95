import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { nextPage } from '../../../core/queries.ts';
import { cardsApi } from './api.ts';

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
