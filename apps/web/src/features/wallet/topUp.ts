import { type PendingPayment, pendingPaymentStore } from '../../core/pendingPayment.ts';

/** The top-up waiting for the gateway's result, remembered for this tab (sessionStorage). */
export type PendingTopUp = PendingPayment<'paymentNo'>;

/** How long 我的余额 waits for a top-up's result before it gives up (the cashier may be left open). */
export const TOP_UP_WAIT_MS = 10 * 60_000;

const store = pendingPaymentStore('pendingTopUp', 'paymentNo', TOP_UP_WAIT_MS);

export const savePendingTopUp = (paymentNo: string, amount: number, now?: number): PendingTopUp =>
  store.save(paymentNo, amount, now);

/** The remembered top-up, or null when there is none, it is malformed or it was given up on. */
export const readPendingTopUp = (now?: number): PendingTopUp | null => store.read(now);

export const clearPendingTopUp = (): void => store.clear();
