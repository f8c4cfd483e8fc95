import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../../core/api/client.ts';
import { refreshPoints } from '../api.ts';

/** The lucky draw (幸运抽奖). */
export const drawApi = {
  /** A wheel (default: the one running now) with my free spins, chances and points. */
  wheel: (id?: number) => get('draw/wheel', id ? { id } : undefined),
  /** One spin; the same client key answers the same spin (a retry after a lost answer). */
  spin: (wheelId: number, clientKey: string) => post('draw/spin', { wheelId, clientKey }),
  results: (pageNum = 1, pageSize = 20) => get('draw/results', { pageNum, pageSize }),
  /** A product prize's ¥0 order to the address. */
  claim: (b: { resultId: number; addressId: number; clientKey: string; note?: string }) =>
    post('draw/claim', b),
};

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
