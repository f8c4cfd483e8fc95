import type {
  GatewayPayData,
  PayResultData,
  PayTypeData,
  RechargeStatusData,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import type { DomainEvents } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { StockService } from '../../catalogue/index.ts';
import type { Ledger, LedgerEntryInput } from '../../ledger/index.ts';
import type { CouponPort } from '../coupon-port.ts';
import type { OrderRepo, OrderRow } from '../order.repo.ts';
import type { GatewayNotify, PaymentGateway } from './gateway.ts';
import type { PaymentRepo } from './payment.repo.ts';

export type NotifyOutcome = 'paid' | 'cancelled' | 'ignored' | 'refunded';

/** A payment made for another module (a membership): it settles it, in the notify's transaction. */
export type PurposeHandler = (
  trx: Db,
  payment: { paymentNo: string; userId: number; amount: number },
) => Promise<void>;

interface LockedOrder {
  id: number;
  status: string;
  pay_amount: number;
  store_id: number;
  order_no: string;
  expires_at: Date;
  platform_discount: number;
  redpacket_amount: number;
  points_amount: number;
}

const sum = (xs: readonly { pay_amount: number }[]) => xs.reduce((s, o) => s + o.pay_amount, 0);

/** Why a set of orders cannot be paid, as the catalogue error to answer. */
function notPayable(orders: readonly { status: string }[]): AppError {
  return new AppError(
    orders.some((o) => o.status !== 'unpaid' && o.status !== 'cancelled')
      ? 'ORDER_ALREADY_PAID'
      : 'ORDER_CANCELLED',
  );
}

/**
 * Paying orders (wallet balance or a gateway) and topping up the wallet. Every payment moves
 * orders only from unpaid (state-guarded) and posts one balanced ledger transaction.
 */
export class PaymentService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderRepo,
    private readonly payments: PaymentRepo,
    private readonly ledger: Ledger,
    private readonly stock: StockService,
    readonly gateway: PaymentGateway,
    private readonly verifyPayPassword: (userId: number, password: string) => Promise<void>,
    private readonly events: DomainEvents,
    /** The coupon module: paying an order uses the coupons it holds. */
    private readonly coupons: CouponPort,
    /**
     * Another module's gateway payments by purpose ('membership'): when one succeeds the money
     * lands in the payer's wallet and the handler spends it from there, in the same transaction.
     */
    private readonly purposes: ReadonlyMap<string, PurposeHandler>,
  ) {}

  /** Starts a gateway payment for another module's purchase. */
  async startPurposePayment(
    userId: number,
    purpose: 'membership',
    amount: number,
  ): Promise<GatewayPayData> {
    const payment = await this.payments.insert({
      user_id: userId,
      purpose,
      amount,
      channel: this.gateway.channel,
    });
    return this.checkout(payment.payment_no, amount);
  }

  async payTypes(userId: number): Promise<PayTypeData> {
    return {
      list: [
        { type: 'balance', name: '余额支付' },
        { type: 'sandbox', name: '模拟支付（沙箱）' },
      ],
      balance: await this.ledger.balanceOf(userId),
    };
  }

  balance(userId: number): Promise<number> {
    return this.ledger.balanceOf(userId);
  }

  /** The user's orders under this number that can still be paid now. */
  private async payable(userId: number, no: string): Promise<OrderRow[]> {
    const orders = await this.orders.byNumber(userId, no);
    if (orders.length === 0) throw new AppError('ORDER_NOT_FOUND');
    const now = Date.now();
    const open = orders.filter((o) => o.status === 'unpaid' && o.expires_at.getTime() > now);
    if (open.length === 0) throw notPayable(orders);
    return open;
  }

  private async lockUnpaid(trx: Db, ids: number[], requireOpen: boolean): Promise<LockedOrder[]> {
    const locked: LockedOrder[] = await this.orders.lockByIds(narrowDb(trx), ids);
    const now = Date.now();
    const ok = locked.every(
      (o) => o.status === 'unpaid' && (!requireOpen || o.expires_at.getTime() > now),
    );
    if (locked.length !== ids.length || !ok) throw notPayable(locked);
    return locked;
  }

  /**
   * What the stores are owed for these orders: what the buyer pays, plus the platform coupon's
   * subsidy (from the platform's coupon budget), the red packet held since the order was placed,
   * and what the buyer's points took off (from the platform's points budget, in fen). A store's
   * own coupon is simply money it does not get.
   */
  private async merchantCredits(trx: Db, orders: LockedOrder[]): Promise<LedgerEntryInput[]> {
    const byStore = new Map<number, number>();
    let subsidy = 0;
    let red = 0;
    let points = 0;
    for (const o of orders) {
      const owed = o.pay_amount + o.platform_discount + o.redpacket_amount + o.points_amount;
      byStore.set(o.store_id, (byStore.get(o.store_id) ?? 0) + owed);
      subsidy += o.platform_discount;
      red += o.redpacket_amount;
      points += o.points_amount;
    }
    const entries: LedgerEntryInput[] = [];
    for (const [storeId, amount] of byStore) {
      entries.push({ accountId: await this.ledger.merchant(trx, storeId), amount });
    }
    if (subsidy)
      entries.push({ accountId: await this.ledger.revenue(trx, 'coupon'), amount: -subsidy });
    if (red) {
      entries.push({ accountId: await this.ledger.clearing(trx, 'redpacket_hold'), amount: -red });
    }
    if (points) {
      entries.push({ accountId: await this.ledger.revenue(trx, 'points_cash'), amount: -points });
    }
    return entries;
  }

  private async markPaid(
    trx: Db,
    userId: number,
    locked: LockedOrder[],
    method: string,
    paymentNo: string,
  ) {
    const ids = locked.map((o) => o.id);
    const moved = await this.orders.transition(narrowDb(trx), ids, 'unpaid', 'unshipped', {
      paid_at: new Date(),
      pay_method: method,
      payment_no: paymentNo,
    });
    if (moved.length !== ids.length) throw new AppError('ORDER_STATE');
    const items = await this.orders.itemsOf(ids, narrowDb(trx));
    await this.stock.addSales(
      trx,
      items.map((i) => ({ productId: i.product_id, quantity: i.quantity })),
    );
    await this.orders.addEvents(narrowDb(trx), ids, 'unshipped', '支付成功');
    await this.coupons.paid(trx, ids);
    await this.events.emit(trx, {
      type: 'order.paid',
      userId,
      orderNos: locked.map((o) => o.order_no),
      amount: sum(locked),
    });
  }

  /**
   * Settles a submit whose orders owe nothing (a ¥0 prize or 免单 that ships free): paid at once,
   * no cashier and no pay password, on a ¥0 payment record. Orders already paid, or owing money,
   * are left alone, so a retry is harmless. Recorded as balance so an after-sale refunds ¥0 there.
   */
  async settleFree(userId: number, no: string): Promise<void> {
    const open = (await this.orders.byNumber(userId, no)).filter((o) => o.status === 'unpaid');
    if (open.length === 0 || sum(open) !== 0) return;
    const ids = open.map((o) => o.id);
    await this.db.transaction().execute(async (trx) => {
      const locked = await this.orders.lockByIds(narrowDb(trx), ids);
      if (locked.some((o) => o.status !== 'unpaid' || o.pay_amount !== 0)) return;
      const payment = await this.payments.insert(
        {
          user_id: userId,
          purpose: 'order',
          order_ids: JSON.stringify(ids),
          amount: 0,
          channel: 'balance',
          status: 'succeeded',
          finished_at: new Date(),
        },
        narrowDb(trx),
      );
      await this.ledger.post(trx, {
        kind: 'order_pay',
        ref: payment.payment_no,
        memo: '免单订单',
        entries: await this.merchantCredits(trx, locked),
      });
      await this.markPaid(trx, userId, locked, 'balance', payment.payment_no);
    });
  }

  /** Pays with the wallet after the pay password (which counts wrong tries and locks). */
  async payWithBalance(userId: number, no: string, password: string): Promise<PayResultData> {
    const open = await this.payable(userId, no);
    await this.verifyPayPassword(userId, password);
    const ids = open.map((o) => o.id);
    return this.db.transaction().execute(async (trx) => {
      const locked = await this.lockUnpaid(trx, ids, true);
      const amount = sum(locked);
      const payment = await this.payments.insert(
        {
          user_id: userId,
          purpose: 'order',
          order_ids: JSON.stringify(ids),
          amount,
          channel: 'balance',
          status: 'succeeded',
          finished_at: new Date(),
        },
        narrowDb(trx),
      );
      const wallet = await this.ledger.wallet(trx, userId);
      await this.ledger.post(trx, {
        kind: 'order_pay',
        ref: payment.payment_no,
        memo: '余额支付订单',
        entries: [
          { accountId: wallet, amount: -amount },
          ...(await this.merchantCredits(trx, locked)),
        ],
      });
      await this.markPaid(trx, userId, locked, 'balance', payment.payment_no);
      return {
        orderNos: locked.map((o) => o.order_no),
        payAmount: amount,
        balance: await this.ledger.balanceOf(userId, trx),
      };
    });
  }

  /** Starts a gateway payment of the user's unpaid orders under this number. */
  async startOrderPayment(userId: number, no: string): Promise<GatewayPayData> {
    const open = await this.payable(userId, no);
    const amount = sum(open);
    const payment = await this.payments.insert({
      user_id: userId,
      purpose: 'order',
      order_ids: JSON.stringify(open.map((o) => o.id)),
      amount,
      channel: this.gateway.channel,
    });
    return this.checkout(payment.payment_no, amount);
  }

  async startRecharge(userId: number, amount: number): Promise<GatewayPayData> {
    const payment = await this.payments.insert({
      user_id: userId,
      purpose: 'recharge',
      amount,
      channel: this.gateway.channel,
    });
    return this.checkout(payment.payment_no, amount);
  }

  /**
   * One of the user's top-ups, for 我的余额 after a trip to the cashier: pending until the
   * gateway's notify credits the wallet. Another user's payment is "not found".
   */
  async rechargeStatus(userId: number, paymentNo: string): Promise<RechargeStatusData> {
    const payment = await this.payments.byNo(paymentNo);
    if (!payment || payment.user_id !== userId || payment.purpose !== 'recharge') {
      throw new AppError('PAYMENT_NOT_FOUND');
    }
    return {
      paymentNo: payment.payment_no,
      amount: payment.amount,
      status: payment.status,
      balance: await this.balance(userId),
    };
  }

  private checkout(paymentNo: string, amount: number): GatewayPayData {
    return { paymentNo, amount, cashierUrl: this.gateway.checkoutUrl({ paymentNo, amount }) };
  }

  pending(paymentNo: string) {
    return this.payments.byNo(paymentNo);
  }

  /**
   * A gateway's asynchronous result. Forged or altered notifies are refused; a duplicate, or
   * one that arrives after another already settled the payment, changes nothing. Money that
   * arrives for orders no longer unpaid (cancelled or paid another way) goes to the wallet.
   */
  async handleNotify(n: GatewayNotify): Promise<NotifyOutcome> {
    if (!this.gateway.verify(n)) throw new AppError('PAY_SIGNATURE_INVALID');
    const payment = await this.payments.byNo(n.paymentNo);
    if (!payment || payment.channel !== this.gateway.channel) {
      throw new AppError('PAYMENT_NOT_FOUND');
    }
    if (n.amount !== payment.amount) throw new AppError('PAY_AMOUNT_MISMATCH');
    if (n.result === 'cancelled') {
      const done = await this.payments.finish(
        narrowDb(this.db),
        payment.id,
        ['pending'],
        'cancelled',
      );
      return done ? 'cancelled' : 'ignored';
    }
    return this.db.transaction().execute(async (trx) => {
      // A real gateway's "cancelled" only means the payer left the cashier; money may follow.
      const done = await this.payments.finish(
        narrowDb(trx),
        payment.id,
        ['pending', 'cancelled'],
        'succeeded',
      );
      if (!done) return 'ignored';
      const clearing = await this.ledger.gateway(trx, payment.channel);
      const toWallet = async (kind: string) => {
        const wallet = await this.ledger.wallet(trx, payment.user_id);
        await this.ledger.post(trx, {
          kind,
          ref: payment.payment_no,
          entries: [
            { accountId: clearing, amount: -payment.amount },
            { accountId: wallet, amount: payment.amount },
          ],
        });
      };
      if (payment.purpose === 'recharge') {
        await toWallet('recharge');
        return 'paid';
      }
      const handler = this.purposes.get(payment.purpose);
      if (handler) {
        await toWallet('purpose_pay');
        await handler(trx, {
          paymentNo: payment.payment_no,
          userId: payment.user_id,
          amount: payment.amount,
        });
        return 'paid';
      }
      const ids = payment.order_ids;
      const locked: LockedOrder[] = await this.orders.lockByIds(narrowDb(trx), ids);
      if (locked.length !== ids.length || locked.some((o) => o.status !== 'unpaid')) {
        await this.payments.finish(narrowDb(trx), payment.id, ['succeeded'], 'refunded');
        await toWallet('pay_refund');
        return 'refunded';
      }
      await this.ledger.post(trx, {
        kind: 'order_pay',
        ref: payment.payment_no,
        memo: '在线支付订单',
        entries: [
          { accountId: clearing, amount: -payment.amount },
          ...(await this.merchantCredits(trx, locked)),
        ],
      });
      await this.markPaid(trx, payment.user_id, locked, payment.channel, payment.payment_no);
      return 'paid';
    });
  }
}
