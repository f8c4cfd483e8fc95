import {
  type PageOf,
  REFUND_IMAGES_MAX,
  REFUND_OPEN_STATUSES,
  REFUND_REASONS,
  REFUND_TYPE_TEXT,
  type RefundApplyBody,
  type RefundDetail,
  type RefundListQuery,
  type RefundMoneyData,
  type RefundMoneyQuery,
  type RefundNoData,
  type RefundSummary,
  type ReturnOrderBody,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { ItemRow, OrderAftersale, OrderRow } from '../order/index.ts';
import type { AftersaleRepo, RefundRow } from './aftersale.repo.ts';
import { refundToText, toRefundDetail, toRefundSummary } from './aftersale-view.ts';
import { refundable, yuan } from './refundable.ts';

const DAY_MS = 86_400_000;
const IMAGE_URL = /^\/uploads\/[A-Za-z0-9/._-]{1,200}$/;

/** Images arrive as an array (JSON bodies) or as its JSON text (form bodies). */
function parseImages(raw: unknown): string[] {
  if (raw === undefined || raw === '') return [];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new AppError('REFUND_IMAGES_INVALID');
    }
  }
  if (
    !Array.isArray(value) ||
    value.length > REFUND_IMAGES_MAX ||
    value.some((v) => typeof v !== 'string' || !IMAGE_URL.test(v) || v.includes('..'))
  ) {
    throw new AppError('REFUND_IMAGES_INVALID');
  }
  return value as string[];
}

/** The buyer's side of after-sales: what may be refunded, applying, returning, cancelling. */
export class AftersaleService {
  constructor(
    private readonly db: Db,
    private readonly repo: AftersaleRepo,
    private readonly orders: OrderAftersale,
    private readonly days: number,
  ) {}

  private async ownedOrder(userId: number, orderNo: string, db?: Db) {
    const found = await this.orders.owned(userId, orderNo, db);
    if (!found) throw new AppError('ORDER_NOT_FOUND');
    return found;
  }

  private line(items: ItemRow[], skuId: number): ItemRow {
    const item = items.find((i) => i.sku_id === skuId);
    if (!item) throw new AppError('REFUND_ITEM_NOT_FOUND');
    return item;
  }

  /** Paid, not closed, inside the window; answers when the window closes (null before receipt). */
  private eligible(order: OrderRow, now = Date.now()): Date | null {
    if (order.status === 'unpaid' || !order.paid_at) throw new AppError('REFUND_ORDER_UNPAID');
    if (order.status === 'cancelled') throw new AppError('REFUND_NOTHING_LEFT');
    if (!order.received_at) return null;
    const ends = new Date(order.received_at.getTime() + this.days * DAY_MS);
    if (now > ends.getTime()) throw new AppError('REFUND_WINDOW_CLOSED', { days: this.days });
    return ends;
  }

  /** The line's refundable amount now, and the request blocking it if one is open. */
  private quoteLine(order: OrderRow, items: ItemRow[], refunds: RefundRow[], item: ItemRow) {
    const open = refunds.find(
      (r) => r.order_item_id === item.id && REFUND_OPEN_STATUSES.includes(r.status),
    );
    return { open, q: refundable(order, items, refunds, item.id) };
  }

  async quote(userId: number, query: RefundMoneyQuery): Promise<RefundMoneyData> {
    const { order, items } = await this.ownedOrder(userId, query.orderNo);
    const item = this.line(items, query.skuId);
    const windowEnds = this.eligible(order);
    const refunds = await this.repo.ofOrders([order.id]);
    const { open, q } = this.quoteLine(order, items, refunds, item);
    if (open) throw new AppError('REFUND_IN_PROGRESS');
    if (q.maxAmount <= 0) throw new AppError('REFUND_NOTHING_LEFT');
    const refundTo = order.pay_method ?? 'balance';
    return {
      orderNo: order.order_no,
      skuId: item.sku_id,
      title: item.title,
      skuName: item.sku_name,
      image: item.image,
      price: item.price,
      quantity: item.quantity,
      itemAmount: q.itemAmount,
      refunded: q.refunded,
      maxAmount: q.maxAmount,
      shippingIncluded: q.shippingIncluded,
      fullRequired: q.fullRequired,
      types: q.types,
      refundTo,
      refundToText: refundToText(refundTo),
      windowEndsAt: windowEnds?.toISOString() ?? null,
      reasons: [...REFUND_REASONS],
    };
  }

  /**
   * Opens a request for one line. The order row is locked first, so concurrent requests on one
   * order are checked one after the other against what the earlier ones left.
   */
  async apply(userId: number, body: RefundApplyBody): Promise<RefundNoData> {
    if (!(REFUND_REASONS as readonly string[]).includes(body.reason)) {
      throw new AppError('REFUND_REASON_INVALID');
    }
    const images = parseImages(body.images);
    const description = body.description?.trim() ?? '';
    const first = await this.ownedOrder(userId, body.orderNo);
    return this.db.transaction().execute(async (trx) => {
      await this.orders.lock(trx, first.order.id);
      const { order, items } = await this.ownedOrder(userId, body.orderNo, trx);
      const item = this.line(items, body.skuId);
      this.eligible(order);
      const refunds = await this.repo.ofOrders([order.id], narrowDb(trx));
      const { open, q } = this.quoteLine(order, items, refunds, item);
      if (open) throw new AppError('REFUND_IN_PROGRESS');
      if (q.maxAmount <= 0) throw new AppError('REFUND_NOTHING_LEFT');
      if (!q.types.includes(body.type)) throw new AppError('REFUND_RETURN_NOT_SHIPPED');
      if (body.amount > q.maxAmount) {
        throw new AppError('REFUND_AMOUNT_EXCEEDED', { max: yuan(q.maxAmount).slice(1) });
      }
      if (q.fullRequired && body.amount !== q.maxAmount) throw new AppError('REFUND_FULL_REQUIRED');
      const shippingAmount = Math.min(q.shippingIncluded, body.amount);
      const refund = await this.repo.insert(narrowDb(trx), {
        order_id: order.id,
        order_item_id: item.id,
        user_id: userId,
        store_id: order.store_id,
        order_no: order.order_no,
        sku_id: item.sku_id,
        title: item.title,
        sku_name: item.sku_name,
        image: item.image,
        price: item.price,
        quantity: item.quantity,
        type: body.type,
        amount: body.amount,
        shipping_amount: shippingAmount,
        reason: body.reason,
        description,
        images: JSON.stringify(images),
        refund_to: order.pay_method ?? 'balance',
      });
      const typeText = REFUND_TYPE_TEXT[body.type];
      await this.repo.addEvent(
        narrowDb(trx),
        refund.id,
        'pending',
        `买家申请${typeText}，退款金额${yuan(body.amount)}，原因：${body.reason}`,
      );
      await this.orders.addEvent(trx, order.id, `申请售后（${typeText}）${yuan(body.amount)}`);
      return { refundNo: refund.refund_no };
    });
  }

  /** A request of this user (another user's is "not found"). */
  private async ownedRefund(userId: number, refundNo: string, db: Db = this.db) {
    const r = await this.repo.byNo(refundNo, narrowDb(db));
    if (!r || r.user_id !== userId) throw new AppError('REFUND_NOT_FOUND');
    return r;
  }

  async detail(userId: number, refundNo: string): Promise<RefundDetail> {
    const r = await this.ownedRefund(userId, refundNo);
    return toRefundDetail(r, await this.repo.eventsOf(r.id));
  }

  async list(userId: number, q: RefundListQuery): Promise<PageOf<RefundSummary>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    let orderId: number | undefined;
    if (q.orderNo !== undefined) orderId = (await this.ownedOrder(userId, q.orderNo)).order.id;
    const { total, rows } = await this.repo.page(
      { userId, orderId },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(toRefundSummary), total, pageNum, pageSize };
  }

  /** The buyer withdraws a request the merchant has not settled (pending, or a return not yet sent). */
  async cancel(userId: number, refundNo: string): Promise<void> {
    const r = await this.ownedRefund(userId, refundNo);
    await this.db.transaction().execute(async (trx) => {
      if (
        !(await this.repo.transition(narrowDb(trx), r.id, ['pending', 'approved'], 'cancelled'))
      ) {
        throw new AppError('REFUND_STATE');
      }
      await this.repo.addEvent(narrowDb(trx), r.id, 'cancelled', '买家已撤销售后申请');
      await this.orders.addEvent(trx, r.order_id, '买家撤销售后申请');
    });
  }

  /** The buyer has sent the goods back: carrier and tracking number. */
  async sendBack(userId: number, body: ReturnOrderBody): Promise<void> {
    const r = await this.ownedRefund(userId, body.refundNo);
    const carrier = body.carrier.trim();
    if (!carrier) throw new AppError('RETURN_INFO_INVALID');
    await this.db.transaction().execute(async (trx) => {
      const moved = await this.repo.transition(narrowDb(trx), r.id, ['approved'], 'returning', {
        return_carrier: carrier,
        return_tracking_no: body.trackingNo,
      });
      if (!moved) throw new AppError('REFUND_STATE');
      await this.repo.addEvent(
        narrowDb(trx),
        r.id,
        'returning',
        `买家已寄回商品：${carrier} ${body.trackingNo}`,
      );
    });
  }
}
