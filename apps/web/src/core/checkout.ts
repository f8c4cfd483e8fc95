import { create } from 'zustand';

/**
 * Client state of the write-order flow that must survive a trip to the address list (the page
 * remounts when the user comes back): the chosen address and the note.
 */
interface CheckoutState {
  addressId: number | null;
  note: string;
  /** An address picked for an existing order (修改地址); the order page applies it once. */
  orderAddress: { orderNo: string; addressId: number } | null;
  setAddressId: (id: number | null) => void;
  setOrderAddress: (choice: { orderNo: string; addressId: number } | null) => void;
  setNote: (note: string) => void;
  reset: () => void;
}

export const useCheckout = create<CheckoutState>()((set) => ({
  addressId: null,
  note: '',
  orderAddress: null,
  setAddressId: (addressId) => set({ addressId }),
  setOrderAddress: (orderAddress) => set({ orderAddress }),
  setNote: (note) => set({ note }),
  reset: () => set({ addressId: null, note: '' }),
}));

/** A fresh idempotency key for one visit of the write-order page. */
export function newClientKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  return `web_${random}`.slice(0, 64);
}
