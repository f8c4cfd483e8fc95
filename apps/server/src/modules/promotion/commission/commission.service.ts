import { COMMISSION_STATE_TEXT, type IncomePage, type IncomeQuery } from '@chaopin/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../../database.ts';
import { monthRange } from '../../../platform/china-time.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { PaidLine } from '../../order/index.ts';
import type { CommissionTable } from '../promotion.tables.ts';
import type { PromoUserRepo } from '../team/promo-user.repo.ts';
import type { CommissionRepo } from './commission.repo.ts';
import { type Chain, commissionOf, earnersOf, type RateRule } from './commission-rules.ts';

const isPromoter = (row: { identity: string | null } | undefined) => Boolean(row?.identity);

/**
 * Commissions: written at payment (pending), frozen at receipt, settled into the promoter's
 * commission account when the after-sales window has closed (the sweeper), reduced or voided by
 * refunds — after settlement by a reversal that may leave a debt. Every reaction runs in the
 * transaction of the order change that caused it (domain events), so it happens exactly once.
 */
export class CommissionService {
  constructor(
    private readonly db: Db,
    private readonly repo: CommissionRepo,
    private readonly users: PromoUserRepo,
    private readonly ledger: Ledger,
    private readonly rule: RateRule & { settleSeconds: number },
  ) {}

  /** order.paid: one commission per (line, level) for the buyer's promoters. */
  async onPaid(trx: Db, buyerId: number, lines: readonly PaidLine[]): Promise<void> {
    const buyer = await this.users.byUser(buyerId, narrowDb(trx));
    const selfFirst = this.rule.selfPurchase && isPromoter(buyer);
    if (!buyer?.parent_id && !selfFirst) return;
    const ups = await this.users.byUsers(
      narrowDb(trx),
      [buyer?.parent_id, buyer?.grandparent_id].filter(
        (id): id is number => typeof id === 'number',
      ),
    );
    const byId = new Map(ups.map((u) => [u.user_id, u]));
    const member = (id: number | null | undefined) =>
      id ? { userId: id, isPromoter: isPromoter(byId.get(id)) } : null;
    const chain: Chain = {
      buyer: { userId: buyerId, isPromoter: isPromoter(buyer) },
      parent: member(buyer?.parent_id),
      grandparent: member(buyer?.grandparent_id),
    };
    // Nobody of the chain earns at any rate (no promoter in it): nothing to read or write.
    if (!earnersOf(chain, { ...this.rule, l1Bp: 1, l2Bp: 1 }).length) return;
    const overrides = new Map(
      (await this.repo.rates(narrowDb(trx), [...new Set(lines.map((l) => l.productId))])).map(
        (r) => [r.product_id, r],
      ),
    );
    const rows: Insertable<CommissionTable>[] = [];
    for (const line of lines) {
      const o = overrides.get(line.productId);
      const rule = {
        ...this.rule,
        l1Bp: o?.l1_bp ?? this.rule.l1Bp,
        l2Bp: o?.l2_bp ?? this.rule.l2Bp,
      };
      for (const e of earnersOf(chain, rule)) {
        const amount = commissionOf(line.paid, 0, e.rateBp);
        if (amount <= 0) continue;
        rows.push({
          order_item_id: line.itemId,
          level: e.level,
          beneficiary_id: e.userId,
          buyer_id: buyerId,
          order_id: line.orderId,
          order_no: line.orderNo,
          product_id: line.productId,
          title: line.title.slice(0, 200),
          image: line.image.slice(0, 500),
          base: line.paid,
          rate_bp: e.rateBp,
          amount,
        });
      }
    }
    if (!(await this.repo.insert(narrowDb(trx), rows))) return;
    // Each earner's commission account exists from now on: settlement then only updates
    // accounts (in id order), never inserts one, which would take a unique-key lock out of that
    // order and deadlock two nodes settling at once.
    for (const id of new Set(rows.map((r) => r.beneficiary_id)))
      await this.ledger.commission(trx, id);
  }

  /** order.received: the order's commissions freeze until the after-sales window closes. */
  async onReceived(trx: Db, orderNo: string): Promise<void> {
    await this.repo.freeze(
      narrowDb(trx),
      orderNo,
      new Date(Date.now() + this.rule.settleSeconds * 1000),
    );
  }

  /**
   * refund.refunded of one line: each level's commission drops to rate × what stays paid; a
   * settled one gives the difference back from the promoter's commission account, which may go
   * below zero (a debt repaid by later earnings, never capped at the balance).
   */
  async onRefunded(trx: Db, orderItemId: number, refundNo: string, amount: number) {
    for (const c of await this.repo.lockOfItem(narrowDb(trx), orderItemId)) {
      if (c.state === 'void') continue;
      const refunded = Math.min(c.base, c.refunded + amount);
      const next = commissionOf(c.base, refunded, c.rate_bp);
      const back = c.amount - next;
      if (c.state === 'settled' && back > 0) {
        await this.ledger.post(trx, {
          kind: 'commission_reverse',
          ref: `${refundNo}:${c.level}`,
          memo: '订单退款，佣金扣回',
          entries: [
            {
              accountId: await this.ledger.commission(trx, c.beneficiary_id),
              amount: -back,
              mayGoNegative: true,
            },
            { accountId: await this.ledger.revenue(trx, 'commission'), amount: back },
          ],
        });
      }
      const voided = next === 0;
      await this.repo.update(narrowDb(trx), c.id, {
        amount: next,
        refunded,
        state: voided ? 'void' : c.state,
        voided,
      });
    }
  }

  /**
   * Settles due frozen commissions claimed by this node (FOR UPDATE SKIP LOCKED): each posted
   * once into the promoter's commission account (keyed by the commission), then marked.
   */
  async settleDue(now = new Date(), limit = 200): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      const due = await this.repo.claimDue(narrowDb(trx), now, limit);
      if (!due.length) return 0;
      const budget = await this.ledger.revenue(trx, 'commission');
      for (const c of due) {
        await this.ledger.post(trx, {
          kind: 'commission',
          ref: `c:${c.id}`,
          memo: '推广佣金结算',
          entries: [
            { accountId: budget, amount: -c.amount },
            { accountId: await this.ledger.commission(trx, c.beneficiary_id), amount: c.amount },
          ],
        });
      }
      await this.repo.markSettled(
        narrowDb(trx),
        due.map((c) => c.id),
      );
      return due.length;
    });
  }

  async income(userId: number, q: IncomeQuery): Promise<IncomePage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, totals] = await this.repo.page(
      userId,
      {
        state: q.state ?? 'all',
        level: q.level ?? 'all',
        range: q.month ? monthRange(q.month) : undefined,
      },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        id: r.id,
        orderNo: r.order_no,
        level: r.level,
        buyer: { nickname: r.nickname, avatar: r.avatar },
        title: r.title,
        image: r.image,
        base: Math.max(0, r.base - r.refunded),
        rateBp: r.rate_bp,
        amount: r.amount,
        state: r.state,
        stateText: COMMISSION_STATE_TEXT[r.state],
        settleAt: r.state === 'frozen' && r.settle_at ? r.settle_at.toISOString() : null,
        createdAt: r.created_at.toISOString(),
      })),
      total: Number(totals.n),
      pageNum,
      pageSize,
      sum: Number(totals.sum),
    };
  }

  summary(userId: number, todayFrom: Date, monthFrom: Date) {
    return this.repo.summary(userId, todayFrom, monthFrom);
  }

  contributions(userId: number, buyerIds: readonly number[]) {
    return this.repo.contributions(userId, buyerIds);
  }

  async setRate(productId: number, l1: number | null, l2: number | null): Promise<void> {
    if (!(await this.repo.productExists(productId))) throw new AppError('PRODUCT_NOT_FOUND');
    await this.repo.setRate(productId, l1, l2);
  }
}
