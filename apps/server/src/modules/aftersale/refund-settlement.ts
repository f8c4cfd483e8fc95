import type {
  AdminRefundDetail,
  AdminRefundListQuery,
  AdminRefundRow,
  PageOf,
  RefundNotifyBody,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import type { DomainEvents } from '../../deps.ts';
import { type ConsoleActor, inScope, storeFilter } from '../../platform/console-gate.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { AuditTrail } from '../access/index.ts';
import type { GatewayRefund, OrderAftersale } from '../order/index.ts';
import type { AftersaleRepo, RefundRow } from './aftersale.repo.ts';
import type { RefundRowStatus } from './aftersale.tables.ts';
import { toAdminRefundDetail, toAdminRefundRow } from './aftersale-view.ts';
import { discountsBack, fullyRefunded, yuan } from './refundable.ts';

export type RefundNotifyOutcome = 'refunded' | 'ignored';

/** What must happen after the decision's transaction committed. */
interface AfterCommit {
  gateway?: GatewayRefund;
  products: Set<number>;
}

/**
 * The merchant's side of after-sales (approve, reject, confirm the return's receipt) and the
 * gateway's refund notify. Every step is a state-guarded update on the locked request, and the
 * money moves through the ledger under the refund number, so a repeated approval or notify
 * changes nothing: money and stock come back exactly once.
 */
export class RefundSettlement {
  constructor(
    private readonly db: Db,
    private readonly repo: AftersaleRepo,
    private readonly orders: OrderAftersale,
    private readonly events: DomainEvents,
    private readonly audit: AuditTrail,
  ) {}

  /** The console's queue: the caller's stores only, newest first. */
  async list(actor: ConsoleActor, q: AdminRefundListQuery): Promise<PageOf<AdminRefundRow>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const storeIds = storeFilter(actor, q.storeId);
    if (storeIds?.length === 0) return { list: [], total: 0, pageNum, pageSize };
    const { total, rows } = await this.repo.adminPage(
      { storeIds, status: q.status, type: q.type, q: q.q },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(toAdminRefundRow), total, pageNum, pageSize };
  }

  /** One request and its timeline; another store's is not found. */
  async detail(actor: ConsoleActor, refundNo: string): Promise<AdminRefundDetail> {
    const r = await this.repo.adminByNo(refundNo);
    if (!r || !inScope(actor, r.store_id)) throw new AppError('REFUND_NOT_FOUND');
    return toAdminRefundDetail(r, await this.repo.eventsOf(r.id));
  }

  /** Every request of an order (the console's order page: it checked the order's store). */
  async ofOrder(orderId: number): Promise<AdminRefundRow[]> {
    return (await this.repo.adminOfOrder(orderId)).map(toAdminRefundRow);
  }

  /**
   * Runs a decision on the locked request (another store's is not found), records it in the
   * audit log in the same transaction, then runs the steps that wait for its commit.
   */
  private async decide(
    actor: ConsoleActor,
    refundNo: string,
    action: 'approve' | 'reject' | 'receive',
    step: (trx: Db, r: RefundRow, after: AfterCommit) => Promise<void>,
  ): Promise<void> {
    const after: AfterCommit = { products: new Set() };
    await this.db.transaction().execute(async (trx) => {
      const r = await this.repo.lockByNo(narrowDb(trx), refundNo);
      if (!r || !inScope(actor, r.store_id)) throw new AppError('REFUND_NOT_FOUND');
      await this.orders.lock(trx, r.order_id);
      await step(trx, r, after);
      const now = await this.repo.byNo(refundNo, narrowDb(trx));
      await this.audit.record(trx, actor, {
        resource: 'refund',
        resourceId: refundNo,
        action,
        storeId: r.store_id,
        before: { status: r.status, rejectReason: r.reject_reason },
        after: { status: now?.status ?? r.status, rejectReason: now?.reject_reason ?? null },
      });
    });
    await this.orders.stockChanged(after.products);
    if (after.gateway) await this.orders.requestGatewayRefund(after.gateway);
  }

  private async move(trx: Db, r: RefundRow, from: RefundRowStatus[], to: RefundRowStatus) {
    if (!(await this.repo.transition(narrowDb(trx), r.id, from, to)))
      throw new AppError('REFUND_STATE');
  }

  /**
   * Asks the gateway again for refunds still waiting for its notify a while after they were
   * asked (the process may have stopped between the commit and the request, or the channel lost
   * it). Asking twice for one refund number is harmless; the notify settles it once.
   */
  async retryStuckRefunds(olderThanMs = 60_000, now = new Date()): Promise<number> {
    const stuck = await this.repo.claimStuckRefunding(new Date(now.getTime() - olderThanMs), 100);
    for (const r of stuck) {
      const found = await this.orders.byId(r.order_id);
      await this.orders.requestGatewayRefund({
        refundNo: r.refund_no,
        paymentNo: found?.order.payment_no ?? '',
        amount: r.amount,
      });
    }
    return stuck.length;
  }

  /** The line's goods are back on sale (once per line, whoever asks). */
  private async returnStock(trx: Db, r: RefundRow, after: AfterCommit) {
    if (!(await this.repo.markStockReturned(narrowDb(trx), r.id, r.order_item_id))) return;
    for (const id of await this.orders.returnStock(trx, r.sku_id, r.quantity)) {
      after.products.add(id);
    }
  }

  /**
   * Money back to where it came from: the wallet at once for balance payments; otherwise the
   * request waits in `refunding` for the channel's signed notify.
   */
  private async payBack(trx: Db, r: RefundRow, from: RefundRowStatus, after: AfterCommit) {
    if (r.refund_to === 'balance') {
      await this.orders.refundToWallet(trx, {
        refundNo: r.refund_no,
        userId: r.user_id,
        storeId: r.store_id,
        amount: r.amount,
      });
      await this.markRefunded(trx, r, [from], '退款成功，已原路退回至账户余额');
      return;
    }
    await this.move(trx, r, [from], 'refunding');
    await this.repo.addEvent(narrowDb(trx), r.id, 'refunding', '退款处理中，将原路退回至支付账户');
    const found = await this.orders.byId(r.order_id, trx);
    after.gateway = {
      refundNo: r.refund_no,
      paymentNo: found?.order.payment_no ?? '',
      amount: r.amount,
    };
  }

  private async markRefunded(trx: Db, r: RefundRow, from: RefundRowStatus[], note: string) {
    const moved = await this.repo.transition(narrowDb(trx), r.id, from, 'refunded', {
      refunded_at: new Date(),
    });
    if (!moved) throw new AppError('REFUND_STATE');
    await this.repo.addEvent(narrowDb(trx), r.id, 'refunded', `${note} ${yuan(r.amount)}`);
    await this.orders.addEvent(trx, r.order_id, `售后退款成功 ${yuan(r.amount)}`);
    const found = await this.orders.byId(r.order_id, trx);
    // Read after this refund's own transition (and under the order's lock, so of two lines
    // refunded at once exactly the later one sees the order fully refunded).
    const refunds = await this.repo.ofOrders([r.order_id], narrowDb(trx));
    const orderRefunded = Boolean(found && fullyRefunded(found.items, refunds));
    await this.events.emit(trx, {
      type: 'refund.refunded',
      userId: r.user_id,
      orderNo: r.order_no,
      refundNo: r.refund_no,
      amount: r.amount,
      shipping: r.shipping_amount,
      orderItemId: r.order_item_id,
      orderRefunded,
    });
    if (!found) return;
    const item = found.items.find((i) => i.id === r.order_item_id);
    if (item) {
      const back = discountsBack(item, refunds, r);
      if (back.redPacket || back.subsidy || back.points || back.pointsCash) {
        await this.orders.returnDiscounts(trx, {
          refundNo: r.refund_no,
          userId: r.user_id,
          storeId: r.store_id,
          orderNo: r.order_no,
          ...back,
        });
        await this.repo.setDiscountsBack(narrowDb(trx), r.id, back);
      }
    }
    if (orderRefunded) await this.orders.closeRefunded(trx, r.order_id);
  }

  /**
   * Approves a pending request. A return waits for the goods; a plain refund pays back now (and
   * before shipping its stock comes back, since the goods never leave the store).
   */
  approve(actor: ConsoleActor, refundNo: string): Promise<void> {
    return this.decide(actor, refundNo, 'approve', async (trx, r, after) => {
      if (r.status !== 'pending') throw new AppError('REFUND_STATE');
      await this.events.emit(trx, {
        type: 'refund.approved',
        userId: r.user_id,
        orderNo: r.order_no,
        refundNo: r.refund_no,
        amount: r.amount,
      });
      if (r.type === 'return') {
        await this.move(trx, r, ['pending'], 'approved');
        await this.repo.addEvent(
          narrowDb(trx),
          r.id,
          'approved',
          '商家同意退货，请寄回商品并填写退货单号',
        );
        return;
      }
      await this.repo.addEvent(narrowDb(trx), r.id, 'approved', '商家同意退款');
      const found = await this.orders.byId(r.order_id, trx);
      if (found?.order.status === 'unshipped') await this.returnStock(trx, r, after);
      await this.payBack(trx, r, 'pending', after);
    });
  }

  reject(actor: ConsoleActor, refundNo: string, reason: string): Promise<void> {
    const text = reason.trim();
    if (!text) throw new AppError('REFUND_REJECT_REASON_INVALID');
    return this.decide(actor, refundNo, 'reject', async (trx, r) => {
      if (
        !(await this.repo.transition(narrowDb(trx), r.id, ['pending', 'returning'], 'rejected', {
          reject_reason: text,
        }))
      ) {
        throw new AppError('REFUND_STATE');
      }
      await this.repo.addEvent(narrowDb(trx), r.id, 'rejected', `商家驳回：${text}`);
      await this.orders.addEvent(trx, r.order_id, '商家驳回售后申请');
      await this.events.emit(trx, {
        type: 'refund.rejected',
        userId: r.user_id,
        orderNo: r.order_no,
        refundNo: r.refund_no,
        reason: text,
      });
    });
  }

  /** The returned goods arrived: stock comes back, then the money. */
  receive(actor: ConsoleActor, refundNo: string): Promise<void> {
    return this.decide(actor, refundNo, 'receive', async (trx, r, after) => {
      if (r.status !== 'returning') throw new AppError('REFUND_STATE');
      await this.repo.addEvent(narrowDb(trx), r.id, 'received', '商家已收到退货');
      await this.returnStock(trx, r, after);
      await this.payBack(trx, r, 'returning', after);
    });
  }

  /**
   * The channel paid a refund back. Forged notifies are refused; a duplicate, or one for a
   * request no longer waiting for it, changes nothing.
   */
  async notify(n: RefundNotifyBody): Promise<RefundNotifyOutcome> {
    if (!this.orders.verifyRefundNotify(n)) throw new AppError('PAY_SIGNATURE_INVALID');
    const found = await this.repo.byNo(n.refundNo);
    if (!found) throw new AppError('REFUND_NOT_FOUND');
    if (n.amount !== found.amount) throw new AppError('PAY_AMOUNT_MISMATCH');
    return this.db.transaction().execute(async (trx) => {
      const r = await this.repo.lockByNo(narrowDb(trx), n.refundNo);
      if (r?.status !== 'refunding') return 'ignored';
      await this.orders.lock(trx, r.order_id);
      await this.orders.settleGatewayRefund(trx, {
        refundNo: r.refund_no,
        storeId: r.store_id,
        channel: r.refund_to,
        amount: r.amount,
      });
      await this.markRefunded(trx, r, ['refunding'], '退款成功，已原路退回至支付账户');
      return 'refunded';
    });
  }
}
