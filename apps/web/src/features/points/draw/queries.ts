import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { refreshPoints } from '../queries.ts';
import { drawApi } from './api.ts';

export const drawKeys = {
  all: ['draw'] as const,
  wheel: (id: number | null) => ['draw', 'wheel', id] as const,
  results: ['draw', 'results'] as const,
};

// Free spins turn with the China-time day and chances come from orders: asked on every visit.
export const wheelQuery = (id: number | null) =>
  queryOptions({
    queryKey: drawKeys.wheel(id),
    queryFn: () => drawApi.wheel(id ?? undefined),
    staleTime: 0,
  });

export const DRAW_RESULTS_PAGE = 50;
export const drawResultsQuery = () =>
  queryOptions({
    queryKey: drawKeys.results,
    queryFn: () => drawApi.results(1, DRAW_RESULTS_PAGE),
    staleTime: 0,
  });

/** After a spin or a claim: the wheel, my records and every points figure. */
export async function refreshDraw(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: drawKeys.all }),
    refreshPoints(queryClient),
  ]);
}
