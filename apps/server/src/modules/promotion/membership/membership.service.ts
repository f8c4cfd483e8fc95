import type {
  MemberBuyBody,
  MemberBuyData,
  MemberPlan,
  MemberPlanId,
  SavingsPage,
} from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { OrderPromotionReads, PaymentService } from '../../order/index.ts';
import type { MemberPurchaseTable } from '../promotion.tables.ts';
import type { PromoUserRepo } from '../team/promo-user.repo.ts';
import type { MembershipRepo } from './membership.repo.ts';

type Purchase = Selectable<MemberPurchaseTable>;

export interface MembershipRules {
  plans: Record<MemberPlanId, { name: string; price: number; days: number }>;
  pricePercent: number;
}

/**
 * Paid membership (会员): a plan bought with the wallet (pay password) or through the gateway
 * extends membership from the later of now and its current end. A purchase is one per client
 * key; its money moves wallet → `revenue:membership` once, keyed by the purchase number, in the
 * same transaction as the extension (for the gateway, the notify's transaction).
 */
export class MembershipService {
  constructor(
    private readonly db: Db,
    private readonly repo: MembershipRepo,
    private readonly users: PromoUserRepo,
    private readonly ledger: Ledger,
    private readonly payments: PaymentService,
    private readonly orders: OrderPromotionReads,
    private readonly verifyPayPassword: (userId: number, password: string) => Promise<void>,
    readonly rules: MembershipRules,
  ) {}

  plans(): MemberPlan[] {
    return (Object.keys(this.rules.plans) as MemberPlanId[]).map((id) => {
      const p = this.rules.plans[id];
      return {
        id,
        name: p.name,
        price: p.price,
        days: p.days,
        perDay: Math.round(p.price / p.days),
      };
    });
  }

  /** Members among these users → the percent of list price they pay. */
  async percents(db: Db, userIds: readonly number[]): Promise<Map<number, number>> {
    const members = await this.users.members(narrowDb(db), userIds);
    return new Map(members.map((id) => [id, this.rules.pricePercent]));
  }

  private view(p: Purchase, cashier: MemberBuyData['cashier'] = null): MemberBuyData {
    return {
      purchaseNo: p.purchase_no,
      status: p.status,
      memberUntil: p.member_until ? p.member_until.toISOString() : null,
      cashier,
    };
  }

  /** Moves the price from the wallet and extends membership, once per purchase. */
  private async settle(trx: Db, p: Purchase): Promise<Purchase> {
    const until = await this.users.extendMembership(narrowDb(trx), p.user_id, p.days);
    if (!(await this.repo.markPaid(narrowDb(trx), p.id, until)))
      throw new AppError('ORDER_ALREADY_PAID');
    await this.ledger.post(trx, {
      kind: 'membership',
      ref: p.purchase_no,
      memo: `开通会员（${this.rules.plans[p.plan].name}）`,
      entries: [
        { accountId: await this.ledger.wallet(trx, p.user_id), amount: -p.price },
        { accountId: await this.ledger.revenue(trx, 'membership'), amount: p.price },
      ],
    });
    return { ...p, status: 'paid', member_until: until };
  }

  async buy(userId: number, body: MemberBuyBody): Promise<MemberBuyData> {
    const plan = this.rules.plans[body.plan];
    const earlier = await this.repo.byKey(userId, body.clientKey);
    if (earlier) return this.view(earlier);
    await this.users.ensure(userId);
    if (body.payType === 'balance') {
      if (!body.password) throw new AppError('PAY_PASSWORD_FORMAT');
      await this.verifyPayPassword(userId, body.password);
      return this.db.transaction().execute(async (trx) => {
        const p = await this.repo.insert(narrowDb(trx), {
          user_id: userId,
          client_key: body.clientKey,
          plan: body.plan,
          days: plan.days,
          price: plan.price,
          pay_type: 'balance',
        });
        if (!p) {
          const again = await this.repo.byKey(userId, body.clientKey, narrowDb(trx));
          if (!again) throw new AppError('ORDER_STATE');
          return this.view(again);
        }
        return this.view(await this.settle(trx, p));
      });
    }
    const cashier = await this.payments.startPurposePayment(userId, 'membership', plan.price);
    const p = await this.repo.insert(narrowDb(this.db), {
      user_id: userId,
      client_key: body.clientKey,
      plan: body.plan,
      days: plan.days,
      price: plan.price,
      pay_type: this.payments.gateway.channel,
      payment_no: cashier.paymentNo,
    });
    if (!p) {
      const again = await this.repo.byKey(userId, body.clientKey);
      if (!again) throw new AppError('ORDER_STATE');
      return this.view(again);
    }
    return this.view(p, cashier);
  }

  /** The gateway's payment of a purchase arrived (the money is in the wallet by now). */
  async onGatewayPaid(trx: Db, paymentNo: string): Promise<void> {
    const p = await this.repo.byPaymentNo(narrowDb(trx), paymentNo);
    if (p?.status === 'pending') await this.settle(trx, p);
  }

  async purchase(userId: number, purchaseNo: string): Promise<MemberBuyData> {
    const p = await this.repo.byNo(purchaseNo);
    if (!p || p.user_id !== userId) throw new AppError('MEMBER_PURCHASE_NOT_FOUND');
    return this.view(p);
  }

  /** SaveMoneyDetail: order by order, and the exact total, from the orders' lines. */
  async savings(userId: number, pageNum: number, pageSize: number): Promise<SavingsPage> {
    const s = await this.orders.savings(userId, pageSize, (pageNum - 1) * pageSize);
    return {
      list: s.rows.map((r) => ({
        orderNo: r.order_no,
        title: r.title,
        image: r.image,
        listAmount: Number(r.list_amount),
        saved: Number(r.saved),
        paidAt: r.paid_at ? r.paid_at.toISOString() : '',
      })),
      total: s.orderCount,
      pageNum,
      pageSize,
      totalSaved: s.totalSaved,
      orderCount: s.orderCount,
    };
  }

  async saved(userId: number): Promise<number> {
    return (await this.orders.savings(userId, 1, 0)).totalSaved;
  }
}
