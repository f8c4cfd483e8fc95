import { get, post } from '../../core/api/client.ts';

/** Redeem codes (兑换码). */
export const redeemApi = {
  /** What a code gives (wrong codes count toward the limit, as for redeem). */
  preview: (code: string) => post('redeem/preview', { code }),
  /**
   * Wrong codes count per user and address: past the limit the answer is REDEEM_TOO_MANY. A
   * product code needs the address and a client key (a resubmit answers the same order).
   */
  redeem: (code: string, product?: { addressId: number; clientKey: string }) =>
    post('redeem/redeem', { code, ...product }),
  history: (pageNum: number, pageSize: number) => get('redeem/history', { pageNum, pageSize }),
};
