import type { ErrorId, NewOrderData } from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { StockLine } from '../../catalogue/index.ts';
import type { AddressSnapshotJson } from '../order.tables.ts';

// What a placement batch takes in and answers, and the ports other modules plug into it.
/** An order placed: its store and buyer (the dashboard's funnel counts the buyer). */
export interface PlacedOrder {
  storeId: number;
  userId: number;
}

/** One checkout submit, checked and ready to place. */
export interface PlaceJob {
  userId: number;
  clientKey: string;
  /** Merged: one line per SKU. */
  lines: StockLine[];
  addressId: number;
  note: string;
  fromCart: boolean;
  /** A flash-sale purchase: one line, priced at the sale's price, its unit from the sale's stock. */
  flash?: FlashJob;
  /** A special-price deal of another module (the bargain's free order): one line, no discounts. */
  deal?: DealJob;
  /** The live room the submit comes from (checked by the live module before it is queued). */
  liveRoomId?: number;
  /** The buyer's coupons this submit uses (held by its orders until paid). */
  couponIds?: readonly number[];
  /** Deduct from the red-packet balance (at most its share of the goods). */
  useRedPacket?: boolean;
  /** Deduct with points (at most their share of what the red packet left). */
  usePoints?: boolean;
}

export interface FlashJob {
  itemId: number;
  price: number;
  payMinutes: number;
}

/**
 * The flash sale's side of a placement batch (set by the seckill module): its stock and limits
 * are checked and taken inside the batch's transaction, so an order and its sale unit commit
 * together or not at all.
 */
export interface FlashPort {
  /**
   * Locks the claimed items, then in arrival order gives each claim its units or its error
   * (sale not open, sold out, per-user limit), and writes the units taken.
   */
  claim(
    trx: Db,
    claims: readonly { itemId: number; userId: number; quantity: number }[],
  ): Promise<(ErrorId | null)[]>;
  /** Records the placed flash lines (their orders now exist). */
  record(
    trx: Db,
    rows: readonly { itemId: number; userId: number; orderId: number; quantity: number }[],
  ): Promise<void>;
}

/**
 * A one-line submit at a price set by another module (the bargain's free order). Unlike a flash
 * purchase its unit comes from the SKU's stock like any order's; its port checks the deal under
 * its own locks and records it in the batch transaction, so the order and the deal commit
 * together or not at all. No coupon, red packet or member price applies.
 */
export interface DealJob {
  /** The name of the owning module's port (NamedDealPort.name). */
  port: string;
  /** The owning module's reference (e.g. the bargain id). */
  ref: number;
  price: number;
  payMinutes?: number;
}

export interface DealPort {
  /**
   * Locks what the deals need and answers each one (in arrival order) null or its error. It
   * writes nothing: a deal may still be refused after it (stock), and only `record` runs for the
   * placed ones.
   */
  check(trx: Db, deals: readonly { ref: number; userId: number }[]): Promise<(ErrorId | null)[]>;
  /** Records the placed deals (their orders now exist). */
  record(
    trx: Db,
    rows: readonly { ref: number; userId: number; orderId: number; orderNo: string }[],
  ): Promise<void>;
}

/** A module's deal port and the name its deal jobs carry (app.ts gathers them for the placer). */
export interface NamedDealPort {
  name: string;
  port: DealPort;
}

export type PlaceResult =
  | { kind: 'placed'; data: NewOrderData }
  /** The key belongs to an earlier submit: its orders are the answer. */
  | { kind: 'existing'; groupId: number }
  /** A concurrent submit with the same key won (it has committed by now). */
  | { kind: 'raced' }
  | { kind: 'refused'; error: ErrorId; params?: Record<string, string> };

/** What placing needs from the address and cart modules. */
export interface PlacementPorts {
  /** Snapshots keyed `${userId}:${addressId}`; an address not the user's or deleted is absent. */
  findAddresses(
    pairs: readonly { userId: number; id: number }[],
  ): Promise<Map<string, AddressSnapshotJson>>;
  removeCartLines(trx: Db, userId: number, skuIds: number[]): Promise<void>;
}
