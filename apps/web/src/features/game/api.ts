import { get, post } from '../../core/api/client.ts';

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
