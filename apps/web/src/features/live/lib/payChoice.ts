import { RECHARGE_MAX, RECHARGE_MIN } from '@chaopin/contracts';

export type LivePayType = 'balance' | 'sandbox';

/** As the cashier page: the balance when it covers the amount, else the online payment. */
export function defaultPayType(
  balance: number,
  amount: number,
  offered: readonly LivePayType[],
): LivePayType {
  if (balance >= amount && offered.includes('balance')) return 'balance';
  return offered.includes('sandbox') ? 'sandbox' : 'balance';
}

/** 去充值 from the room tops up what is missing, within what one top-up may be. */
export function topUpAmount(balance: number, amount: number): number {
  return Math.min(RECHARGE_MAX, Math.max(RECHARGE_MIN, amount - balance));
}
