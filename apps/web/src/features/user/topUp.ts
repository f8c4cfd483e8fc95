/** The top-up waiting for the gateway's result, remembered for this tab (sessionStorage). */
export interface PendingTopUp {
  paymentNo: string;
  amount: number;
  /** Epoch ms after which the page stops waiting for it. */
  until: number;
}

const KEY = 'pendingTopUp';
/** How long 我的余额 waits for a top-up's result before it gives up (the cashier may be left open). */
export const TOP_UP_WAIT_MS = 10 * 60_000;

export function savePendingTopUp(
  paymentNo: string,
  amount: number,
  now = Date.now(),
): PendingTopUp {
  const pending = { paymentNo, amount, until: now + TOP_UP_WAIT_MS };
  try {
    sessionStorage.setItem(KEY, JSON.stringify(pending));
  } catch {
    // Private mode: the page still waits while it stays open.
  }
  return pending;
}

/** The remembered top-up, or null when there is none, it is malformed or it was given up on. */
export function readPendingTopUp(now = Date.now()): PendingTopUp | null {
  let raw: string | null = null;
  try {
    raw = sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<PendingTopUp>;
    if (
      typeof value.paymentNo === 'string' &&
      value.paymentNo.length > 0 &&
      typeof value.amount === 'number' &&
      typeof value.until === 'number' &&
      value.until > now
    ) {
      return { paymentNo: value.paymentNo, amount: value.amount, until: value.until };
    }
  } catch {
    /* fall through: forget it */
  }
  clearPendingTopUp();
  return null;
}

export function clearPendingTopUp(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    /* nothing to forget */
  }
}
