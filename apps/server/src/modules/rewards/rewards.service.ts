import type { NewOrderData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { AppError } from '../../platform/errors.ts';
import type { RewardPorts } from './reward-ports.ts';
import type { RewardsRepo } from './rewards.repo.ts';

export type Reward =
  | { kind: 'coupon'; templateId: number }
  | { kind: 'redpacket'; amount: number }
  | { kind: 'points'; amount: number };

/** Who grants: a coupon's `source`, a points credit's ledger kind. */
export type RewardSource = 'redeem' | 'exchange' | 'cards' | 'draw' | 'farm' | 'game' | 'bargain';

/** Where a grant comes from: `ref` keys a points credit once; `title` names it on a bill. */
export interface GrantOrigin {
  source: RewardSource;
  ref: string;
  title: string;
}

/** A prize's order: one unit of a SKU at the deal's price (¥0 unless a bargain's target). */
export interface PrizeClaim {
  /** The name of the granting module's deal port (its module's `deal`, gathered by app.ts). */
  port: string;
  ref: number;
  skuId: number;
  clientKey: string;
  addressId: number | undefined;
  note: string | undefined;
  price?: number;
}

const KINDS: ReadonlySet<string> = new Set<Reward['kind']>(['coupon', 'redpacket', 'points']);

/**
 * The one path by which an activity hands out value. A coupon, a red packet or points is granted
 * inside the caller's transaction, so that the reward and what paid for it (a code, points, a
 * settled round) commit together or not at all; a coupon goes through the coupon module's own
 * grant (its total and the user's allowance apply, no claimability or audience check: the
 * activity is the claim). A prize product is an order of the order module's placement batch,
 * checked and recorded there by the granting module's deal port: idempotent by the client key,
 * paid at once when it owes ¥0.
 */
export class RewardsService {
  constructor(
    private readonly ports: RewardPorts,
    private readonly repo: RewardsRepo,
  ) {}

  /**
   * The template's display name, or COUPON_NOT_FOUND. Inside a transaction pass it: embedded
   * PostgreSQL has one connection, which the transaction holds.
   */
  couponName(templateId: number, trx?: Db): Promise<string> {
    return this.ports.coupons.templateName(templateId, trx);
  }

  /** Grants the reward in `trx`; a refusal (COUPON_LIMIT, COUPON_SOLD_OUT…) throws. */
  async grant(trx: Db, userId: number, reward: Reward, o: GrantOrigin): Promise<void> {
    // Rewards come from stored rows too (a batch's kind): anything else is refused, not skipped.
    if (!KINDS.has(reward.kind)) throw new AppError('REWARD_KIND_UNKNOWN');
    switch (reward.kind) {
      case 'coupon':
        await this.ports.coupons.grant(trx, userId, reward.templateId, o.source);
        return;
      case 'redpacket':
        await this.ports.redPackets.give(trx, userId, {
          title: o.title,
          source: 'activity',
          amount: reward.amount,
        });
        return;
      case 'points':
        await this.ports.points.credit(trx, userId, reward.amount, {
          kind: o.source,
          ref: o.ref,
          memo: o.title,
        });
        return;
    }
  }

  /**
   * Grants the reward if it can be given, else answers false with nothing of it written (a
   * consolation that ran out must not undo the settlement around it).
   */
  async tryGrant(trx: Db, userId: number, reward: Reward, o: GrantOrigin): Promise<boolean> {
    await this.repo.savepoint(trx);
    try {
      await this.grant(trx, userId, reward, o);
    } catch (err) {
      await this.repo.rollback(trx);
      if (err instanceof AppError) return false;
      throw err;
    }
    await this.repo.release(trx);
    return true;
  }

  /**
   * Places a prize's order. The granting module's own checks come first (its errors win); the
   * address is required; a repeat of the same client key answers the same order (`fresh` false).
   */
  async prizeOrder(userId: number, c: PrizeClaim): Promise<{ data: NewOrderData; fresh: boolean }> {
    if (!c.addressId) throw new AppError('ADDRESS_REQUIRED');
    return this.ports.orders.placeDeal(userId, {
      clientKey: c.clientKey,
      addressId: c.addressId,
      note: c.note?.trim() ?? '',
      skuId: c.skuId,
      deal: { port: c.port, ref: c.ref, price: c.price ?? 0 },
    });
  }

  /** The orders of an earlier submit with this key, or null (a retry answers its order). */
  earlierOrder(userId: number, clientKey: string): Promise<NewOrderData | null> {
    return this.ports.orders.bySubmitKey(userId, clientKey);
  }

  /** The shipping a prize at this price will be charged, as placement charges it. */
  prizeShipping(price: number, skuFreeShipping: boolean): number {
    return this.ports.orders.dealShippingFee(price, skuFreeShipping);
  }
}
