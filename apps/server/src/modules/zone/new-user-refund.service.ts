import { NEW_USER_REFUND_STATE_TEXT, type NewUserRefundData } from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { hmacHex } from '../../platform/crypto.ts';
import { narrowDb } from '../../platform/db.ts';
import type { PaidLine } from '../order/index.ts';
import type { ZoneRepo } from './zone.repo.ts';
import type { ZoneService } from './zone.service.ts';
import { toZoneInfo } from './zone.service.ts';

export interface NewUserRefundPorts {
  /** The paid lines of these orders, read in the caller's transaction. */
  paidLines(trx: Db, orderNos: readonly string[]): Promise<PaidLine[]>;
  /** The user's phone now, read in the caller's transaction. */
  phoneOf(trx: Db, userId: number): Promise<string | undefined>;
  /** A red packet of a fixed amount, in the caller's transaction. */
  giveRedPacket(trx: Db, userId: number, title: string, amount: number): Promise<void>;
}

export interface NewUserRefundRules {
  zoneKey: string;
  settleSeconds: number;
  secret: string;
}

/**
 * 新人全额返: a user's first paid order with products of the refund zone is recorded once per
 * account and once per phone number (unique keys, so two orders paid at once still make one);
 * received, it waits out the after-sales window, then the sweeper gives what the zone lines were
 * paid plus the order's shipping as a red packet, once (claimed FOR UPDATE SKIP LOCKED, state-guarded). A refund of the
 * order before that cancels it, and the chance is spent.
 */
export class NewUserRefundService {
  constructor(
    private readonly db: Db,
    private readonly repo: ZoneRepo,
    private readonly zones: ZoneService,
    private readonly ports: NewUserRefundPorts,
    private readonly rules: NewUserRefundRules,
  ) {}

  phoneHash(phone: string): string {
    return hmacHex(this.rules.secret, `new-user-refund:${phone}`);
  }

  /** order.paid: records the first eligible order of the batch, if this user and phone have none. */
  async onPaid(trx: Db, userId: number, orderNos: readonly string[]): Promise<void> {
    const eligible = await this.repo.zoneProductIds(narrowDb(trx), this.rules.zoneKey);
    if (!eligible.size) return;
    const lines = (await this.ports.paidLines(trx, orderNos)).filter((l) =>
      eligible.has(l.productId),
    );
    const first = lines[0];
    if (!first) return;
    // 实付 is what the buyer paid, shipping included: the page promises that figure back.
    const amount =
      lines.filter((l) => l.orderNo === first.orderNo).reduce((sum, l) => sum + l.paid, 0) +
      first.orderShipping;
    if (amount <= 0) return;
    const phone = await this.ports.phoneOf(trx, userId);
    if (!phone) return;
    await this.repo.insertClaim(narrowDb(trx), {
      user_id: userId,
      phone_hash: this.phoneHash(phone),
      order_id: first.orderId,
      order_no: first.orderNo,
      amount,
    });
  }

  /** order.received: the after-sales window starts. */
  async onReceived(trx: Db, orderNo: string, now = new Date()): Promise<void> {
    await this.repo.freeze(
      narrowDb(trx),
      orderNo,
      new Date(now.getTime() + this.rules.settleSeconds * 1000),
    );
  }

  /** refund.refunded of any line of the order: no red packet for it. */
  async onRefunded(trx: Db, orderNo: string): Promise<void> {
    await this.repo.cancel(narrowDb(trx), orderNo);
  }

  /** Gives the red packets of due claims this node holds; answers how many. */
  async settleDue(now = new Date(), limit = 100): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const due = await this.repo.claimDue(narrowDb(trx), now, limit);
      let paid = 0;
      for (const c of due) {
        if (!(await this.repo.markPaid(narrowDb(trx), c.id))?.numUpdatedRows) continue;
        await this.ports.giveRedPacket(trx, c.user_id, '新人全额返', c.amount);
        paid += 1;
      }
      return paid;
    });
  }

  /** homeNewPeopleReturn: the zone, and the signed-in user's state. */
  async status(userId: number | undefined): Promise<NewUserRefundData> {
    const zone = toZoneInfo(await this.zones.zone(this.rules.zoneKey));
    const settleDays = Math.ceil(this.rules.settleSeconds / 86_400);
    const blank = {
      zone,
      loggedIn: userId !== undefined,
      state: 'eligible' as const,
      stateText: NEW_USER_REFUND_STATE_TEXT.eligible,
      orderNo: null,
      amount: null,
      settleAt: null,
      paidAt: null,
      settleDays,
    };
    if (userId === undefined) return blank;
    const claim = await this.repo.claimOf(userId);
    if (!claim) {
      const phone = await this.ports.phoneOf(this.db, userId);
      if (phone && (await this.repo.phoneUsed(this.phoneHash(phone)))) {
        return { ...blank, state: 'used', stateText: NEW_USER_REFUND_STATE_TEXT.used };
      }
      return blank;
    }
    const state =
      claim.state === 'paid' ? 'paid' : claim.state === 'cancelled' ? 'used' : 'pending';
    return {
      ...blank,
      state,
      stateText: NEW_USER_REFUND_STATE_TEXT[state],
      orderNo: claim.order_no,
      amount: claim.amount,
      settleAt: claim.state === 'frozen' ? (claim.settle_at?.toISOString() ?? null) : null,
      paidAt: claim.paid_at?.toISOString() ?? null,
    };
  }
}
