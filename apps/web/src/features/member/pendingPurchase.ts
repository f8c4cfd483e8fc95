/** A sandbox membership purchase waiting for the gateway's notify, remembered for this tab. */
export interface PendingPurchase {
  purchaseNo: string;
  amount: number;
  /** Epoch ms after which the page stops waiting for it. */
  until: number;
}

const KEY = 'pendingMemberPurchase';
/** As the top-up: the cashier may be left open, so the page gives up after a while. */
export const PURCHASE_WAIT_MS = 10 * 60_000;

// sessionStorage (not state alone): with a blocked popup the cashier opens in this same tab, and
// the page must still know what to wait for when the user comes back.
export function savePendingPurchase(
  purchaseNo: string,
  amount: number,
  now = Date.now(),
): PendingPurchase {
  const pending = { purchaseNo, amount, until: now + PURCHASE_WAIT_MS };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Private mode: the page still waits while it stays open.
  }
  return pending;
}

export function readPendingPurchase(now = Date.now()): PendingPurchase | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingPurchase>;
    if (
      typeof value.purchaseNo === 'string' &&
      value.purchaseNo.length > 0 &&
      typeof value.amount === 'number' &&
      typeof value.until === 'number' &&
      value.until > now
    ) {
      return { purchaseNo: value.purchaseNo, amount: value.amount, until: value.until };
    }
  } catch {
    /* fall through: forget it */
  }
  clearPendingPurchase();
  return null;
}

export function clearPendingPurchase(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
