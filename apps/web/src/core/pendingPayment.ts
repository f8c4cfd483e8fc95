/**
 * A gateway payment waiting for its notify, remembered for this tab.
 *
 * sessionStorage (not state alone): with a blocked popup the cashier opens in this same tab, and
 * the page must still know what to wait for when the user comes back.
 */
export type PendingPayment<IdKey extends string> = { [K in IdKey]: string } & {
  amount: number;
  /** Epoch ms after which the page stops waiting for it. */
  until: number;
};

export interface PendingPaymentStore<IdKey extends string> {
  save(id: string, amount: number, now?: number): PendingPayment<IdKey>;
  /** The remembered payment, or null when there is none, it is malformed or it was given up on. */
  read(now?: number): PendingPayment<IdKey> | null;
  clear(): void;
}

/** A sessionStorage slot for one pending payment, its id kept under `idKey`, given up after `waitMs`. */
export function pendingPaymentStore<IdKey extends string>(
  storageKey: string,
  idKey: IdKey,
  waitMs: number,
): PendingPaymentStore<IdKey> {
  const make = (id: string, amount: number, until: number) =>
    ({ [idKey]: id, amount, until }) as PendingPayment<IdKey>;

  function clear(): void {
    try {
      sessionStorage.removeItem(storageKey);
    } catch {
      /* nothing to forget */
    }
  }

  return {
    save(id, amount, now = Date.now()) {
      const pending = make(id, amount, now + waitMs);
      try {
        sessionStorage.setItem(storageKey, JSON.stringify(pending));
      } catch {
        // Private mode: the page still waits while it stays open.
      }
      return pending;
    },
    read(now = Date.now()) {
      let raw: string | null = null;
      try {
        raw = sessionStorage.getItem(storageKey);
      } catch {
        return null;
      }
      if (!raw) return null;
      try {
        const value = JSON.parse(raw) as Record<string, unknown>;
        const id = value[idKey];
        if (
          typeof id === 'string' &&
          id.length > 0 &&
          typeof value.amount === 'number' &&
          typeof value.until === 'number' &&
          value.until > now
        ) {
          return make(id, value.amount, value.until);
        }
      } catch {
        /* fall through: forget it */
      }
      clear();
      return null;
    },
    clear,
  };
}
