import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, isApiError, post } from '../../core/api/client.ts';
import { formatCountdown } from '../../core/format.ts';

/** The prize-guessing game (竞猜). Guesses are in fen. */
export const gameApi = {
  rounds: (pageNum = 1, pageSize = 20) => get('game/rounds', { pageNum, pageSize }),
  /** A round and, when signed in, my side of it (only my own guesses). */
  round: (id: number) => get('game/round', { id }),
  /** Every guess with masked names: answers GAME_SEALED until the round is settled. */
  results: (id: number) => get('game/results', { id }),
  join: (roundId: number, clientKey: string, inviterId?: number, payPassword?: string) =>
    post('game/join', {
      roundId,
      clientKey,
      ...(inviterId ? { inviterId } : {}),
      ...(payPassword ? { payPassword } : {}),
    }),
  guess: (roundId: number, price: number) => post('game/guess', { roundId, price }),
  invite: (id: number) => get('game/invite', { id }),
  prize: (b: { roundId: number; addressId: number; clientKey: string; note?: string }) =>
    post('game/prize', b),
};

export const gameKeys = {
  all: ['game'] as const,
  rounds: ['game', 'rounds'] as const,
  round: (id: number) => ['game', 'round', id] as const,
  results: (id: number) => ['game', 'results', id] as const,
  invite: (id: number) => ['game', 'invite', id] as const,
};

// A round's state turns with the clock (close, settlement): asked again on every visit.
export const roundsQuery = () =>
  queryOptions({ queryKey: gameKeys.rounds, queryFn: () => gameApi.rounds(), staleTime: 0 });

export const roundQuery = (id: number) =>
  queryOptions({ queryKey: gameKeys.round(id), queryFn: () => gameApi.round(id), staleTime: 0 });

export const resultsQuery = (id: number) =>
  queryOptions({
    queryKey: gameKeys.results(id),
    queryFn: () => gameApi.results(id),
    staleTime: 0,
    retry: (n, error) => !(isApiError(error) && error.code < 500) && n < 2,
    meta: { toast: false },
  });

export const inviteQuery = (id: number) =>
  queryOptions({ queryKey: gameKeys.invite(id), queryFn: () => gameApi.invite(id), staleTime: 0 });

export function refreshGame(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: gameKeys.all });
}

/** ?id= as a positive integer, else null. */
export function idParam(params: URLSearchParams, name = 'id'): number | null {
  const n = Number(params.get(name));
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** A typed 元 amount (up to 2 decimals) as fen, or null. */
export function yuanToFen(text: string): number | null {
  const s = text.trim();
  if (!/^\d{1,8}(\.\d{1,2})?$/.test(s)) return null;
  const [yuan = '0', cents = ''] = s.split('.');
  const fen = Number(yuan) * 100 + Number(cents.padEnd(2, '0'));
  return fen > 0 ? fen : null;
}

/** Remaining time as 2天 03:04:05. */
export function formatLeft(ms: number): string {
  if (ms <= 0) return '00:00:00';
  const s = Math.floor(ms / 1000);
  const d = Math.floor(s / 86_400);
  const hms = formatCountdown(s % 86_400);
  return d > 0 ? `${d}天 ${hms}` : hms;
}
