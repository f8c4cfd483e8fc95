import { type PendingPayment, pendingPaymentStore } from '../../core/pendingPayment.ts';

/** A sandbox membership purchase waiting for the gateway's notify, remembered for this tab. */
export type PendingPurchase = PendingPayment<'purchaseNo'>;

/** As the top-up: the cashier may be left open, so the page gives up after a while. */
export const PURCHASE_WAIT_MS = 10 * 60_000;

const store = pendingPaymentStore('pendingMemberPurchase', 'purchaseNo', PURCHASE_WAIT_MS);

export const savePendingPurchase = (
  purchaseNo: string,
  amount: number,
  now?: number,
): PendingPurchase => store.save(purchaseNo, amount, now);

export const readPendingPurchase = (now?: number): PendingPurchase | null => store.read(now);

export const clearPendingPurchase = (): void => store.clear();
