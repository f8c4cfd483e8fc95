import type { NewOrderData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DealJob } from '../order/index.ts';

/**
 * The coupon module's side of a grant (its own service: the template's total, the user's
 * allowance and the validity rules all apply). Answers the new coupon's id.
 */
export interface CouponGrantPort {
  grant(trx: Db, userId: number, templateId: number, source: string): Promise<number>;
  /** The template's display name, or COUPON_NOT_FOUND (in `db`, a transaction, when given). */
  templateName(templateId: number, db?: Db): Promise<string>;
}

/** The wallet module's side: a red packet of a fixed amount, given as an activity's. */
export interface RedPacketGrantPort {
  give(
    trx: Db,
    userId: number,
    p: { title: string; source: 'activity'; amount: number },
  ): Promise<void>;
}

/** The points module's side: a credit keyed once by (kind, ref) in the ledger. */
export interface PointsGrantPort {
  credit(
    trx: Db,
    userId: number,
    points: number,
    t: { kind: string; ref: string; memo: string },
  ): Promise<boolean>;
}

/** The order module's side of a prize order (its public entry: the placement batch). */
export interface PrizeOrderPort {
  placeDeal(
    userId: number,
    p: { clientKey: string; addressId: number; note: string; skuId: number; deal: DealJob },
  ): Promise<{ data: NewOrderData; fresh: boolean }>;
  bySubmitKey(userId: number, clientKey: string): Promise<NewOrderData | null>;
  dealShippingFee(price: number, skuFreeShipping: boolean): number;
}

/** What the rewards service is built on; each port is handed over by its module. */
export interface RewardPorts {
  coupons: CouponGrantPort;
  redPackets: RedPacketGrantPort;
  points: PointsGrantPort;
  orders: PrizeOrderPort;
}
