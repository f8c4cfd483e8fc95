import { create } from 'zustand';

/** The shopper's coupon and red-packet choice for a preview; an absent field is the server's pick. */
export interface PreviewChoice {
  couponIds?: number[];
  useRedPacket?: boolean;
  /** Pay part with points (absent: no). */
  usePoints?: boolean;
}

/**
 * The coupons and red-packet switch the shopper chose for one set of goods (`items`: the write-order
 * page's items text), so that a choice made for other goods is never applied to these.
 */
export interface CheckoutChoice extends PreviewChoice {
  items: string;
}

/**
 * Client state of the write-order flow that must survive a trip to the address list (the page
 * remounts when the user comes back): the chosen address, the note and the coupon choice.
 */
interface CheckoutState {
  addressId: number | null;
  note: string;
  choice: CheckoutChoice | null;
  /** An address picked for an existing order (修改地址); the order page applies it once. */
  orderAddress: { orderNo: string; addressId: number } | null;
  setAddressId: (id: number | null) => void;
  setOrderAddress: (choice: { orderNo: string; addressId: number } | null) => void;
  setNote: (note: string) => void;
  setChoice: (choice: CheckoutChoice | null) => void;
  reset: () => void;
}

export const useCheckout = create<CheckoutState>()((set) => ({
  addressId: null,
  note: '',
  choice: null,
  orderAddress: null,
  setAddressId: (addressId) => set({ addressId }),
  setOrderAddress: (orderAddress) => set({ orderAddress }),
  setNote: (note) => set({ note }),
  setChoice: (choice) => set({ choice }),
  reset: () => set({ addressId: null, note: '', choice: null }),
}));

/** A fresh idempotency key for one visit of the write-order page. */
export function newClientKey(): string {
  const random =
    typeof crypto !== 'undefined' && 'randomUUID' in crypto
      ? crypto.randomUUID().replace(/-/g, '')
      : `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 12)}`;
  return `web_${random}`.slice(0, 64);
}
