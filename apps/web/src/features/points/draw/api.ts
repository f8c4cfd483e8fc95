import { get, post } from '../../../core/api/client.ts';

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
