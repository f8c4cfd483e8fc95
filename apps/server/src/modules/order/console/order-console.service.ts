import type {
  AdminOrderAddressBody,
  AdminOrderDetail,
  AdminOrderExportQuery,
  AdminOrderRemarkBody,
  AdminOrderRow,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import {
  assertStore,
  type ConsoleActor,
  inScope,
  storeFilter,
} from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import type { LedgerPosting, LedgerReads } from '../../ledger/index.ts';
import type { OrderStatus } from '../order.tables.ts';
import type { ComposeAddress, OrderConsolePorts } from './console-ports.ts';
import type { ConsoleOrderRow, OrderConsoleRepo } from './order-console.repo.ts';
import {
  linesByOrder,
  ORDER_POSTING_KINDS,
  payMethodText,
  statusText,
  toAdminOrderRow,
} from './order-console-view.ts';
import type { OrderFilter, OrderListRepo, OrderOrdering } from './order-list.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);
const BEFORE_SHIPPING: readonly string[] = ['unpaid', 'unshipped'];

/** A range given as [from, to) must run forwards. */
function range(from?: string, to?: string): [Date | undefined, Date | undefined] {
  const f = from ? new Date(from) : undefined;
  const t = to ? new Date(to) : undefined;
  if (f && t && f >= t) throw new AppError('ORDER_RANGE_INVALID');
  return [f, t];
}

/**
 * The console's orders: the list and its filters, the detail page (lines, discounts, payments,
 * ledger postings, logistics, after-sales, messages, timeline), the address before shipping and
 * the merchant's remark. A store's people see and change only their stores' orders; another
 * store's order is not found.
 */
export class OrderConsoleService {
  constructor(
    private readonly db: Db,
    private readonly list: OrderListRepo,
    private readonly repo: OrderConsoleRepo,
    private readonly ledger: LedgerReads,
    private readonly audit: AuditTrail,
    private readonly composeAddress: ComposeAddress,
    /** After-sales, logistics and messages: their parts of the detail page. */
    private readonly ports: OrderConsolePorts,
  ) {}

  /** The checked filter and order of a list or export; null when the caller may see no store. */
  filterOf(
    actor: ConsoleActor,
    q: AdminOrderExportQuery,
  ): { filter: OrderFilter; ordering: OrderOrdering } | null {
    const storeIds = storeFilter(actor, q.storeId);
    const [createdFrom, createdTo] = range(q.createdFrom, q.createdTo);
    const [paidFrom, paidTo] = range(q.paidFrom, q.paidTo);
    if (storeIds && storeIds.length === 0) return null;
    return {
      filter: {
        storeIds,
        q: q.q,
        status: q.status as OrderStatus | undefined,
        orderNo: q.orderNo,
        buyerPhone: q.buyerPhone,
        payMethod: q.payMethod,
        liveRoomId: q.liveRoomId,
        createdFrom,
        createdTo,
        paidFrom,
        paidTo,
      },
      ordering: { sort: q.sort ?? 'createdAt', order: q.order ?? 'desc' },
    };
  }

  /** An export's checked filter; who exported what is recorded (orders hold buyers' addresses). */
  async startExport(actor: ConsoleActor, q: AdminOrderExportQuery) {
    const scoped = this.filterOf(actor, q);
    await this.audit.record(this.db, actor, {
      resource: 'order',
      resourceId: 'export',
      action: 'export',
      storeId: actor.storeIds?.length === 1 ? (actor.storeIds[0] ?? null) : null,
      after: { ...q },
    });
    return scoped;
  }

  async page(
    actor: ConsoleActor,
    q: AdminOrderExportQuery & { pageNum?: number; pageSize?: number },
  ): Promise<PageOf<AdminOrderRow>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const scoped = this.filterOf(actor, q);
    if (!scoped) return { list: [], total: 0, pageNum, pageSize };
    const [total, rows] = await Promise.all([
      this.list.count(scoped.filter),
      this.list.page(scoped.filter, scoped.ordering, pageSize, (pageNum - 1) * pageSize),
    ]);
    const lines = linesByOrder(await this.list.lines(rows.map((r) => r.id)));
    return {
      list: rows.map((r) => toAdminOrderRow(r, lines.get(r.id) ?? [])),
      total,
      pageNum,
      pageSize,
    };
  }

  private async scoped(actor: ConsoleActor, id: number): Promise<ConsoleOrderRow> {
    const o = await this.repo.byId(id);
    if (!o) throw new AppError('ORDER_NOT_FOUND');
    assertStore(actor, o.store_id, 'ORDER_NOT_FOUND');
    return o;
  }

  async detail(actor: ConsoleActor, id: number): Promise<AdminOrderDetail> {
    const o = await this.scoped(actor, id);
    const { refunds, tracking, messages } = this.ports;
    const [items, events, payments, refundRows, logistics, notes] = await Promise.all([
      this.repo.items(o.id),
      this.repo.events(o.id),
      this.repo.payments(o.user_id, o.id),
      refunds(o.id),
      o.tracking_no ? tracking(o.user_id, o.order_no) : null,
      messages(o.user_id, o.order_no),
    ]);
    const refs = [o.order_no, o.group_no, ...refundRows.map((r) => r.refundNo)];
    if (o.payment_no) refs.push(o.payment_no);
    const postings = await this.ledger.postings(Object.keys(ORDER_POSTING_KINDS), refs);
    const lines = items.map((i) => ({
      order_id: o.id,
      title: i.title,
      sku_name: i.sku_name,
      image: i.image,
      quantity: i.quantity,
    }));
    return {
      ...toAdminOrderRow(o, lines),
      groupNo: o.group_no,
      paymentNo: o.payment_no,
      note: o.note,
      cancelReason: o.cancel_reason,
      expiresAt: o.expires_at.toISOString(),
      receivedAt: iso(o.received_at),
      cancelledAt: iso(o.cancelled_at),
      address: {
        name: o.address.name,
        phone: o.address.phone,
        province: o.address.province,
        city: o.address.city,
        district: o.address.district,
        detail: o.address.detail,
        fullAddress: o.address.fullAddress,
      },
      lines: items.map((i) => ({
        itemId: i.id,
        skuId: i.sku_id,
        productId: i.product_id,
        title: i.title,
        skuName: i.sku_name,
        image: i.image,
        price: i.price,
        quantity: i.quantity,
        amount: i.price * i.quantity,
        couponDiscount: i.discount,
        platformDiscount: i.platform_discount,
        redPacket: i.redpacket,
        points: i.points,
        pointsDeduct: i.points_deduct,
        memberSaving: i.member_saving,
        evaluated: i.evaluated_at !== null,
      })),
      discounts: {
        coupon: o.discount_amount,
        platformCoupon: o.platform_discount,
        redPacket: o.redpacket_amount,
        pointsUsed: o.points_used,
        pointsAmount: o.points_amount,
        memberSaving: items.reduce((n, i) => n + i.member_saving, 0),
      },
      payments: payments.map((p) => ({
        paymentNo: p.payment_no,
        channel: p.channel,
        channelText: payMethodText(p.channel),
        amount: p.amount,
        status: p.status,
        createdAt: p.created_at.toISOString(),
        finishedAt: iso(p.finished_at),
      })),
      postings: postings.map((p) => this.postingView(actor, p)),
      logistics,
      refunds: refundRows,
      messages: notes,
      timeline: events.map((e) => ({
        status: e.status,
        text: e.note || statusText(e.status),
        time: e.created_at.toISOString(),
      })),
      canShip: o.status === 'unshipped',
      canChangeAddress: BEFORE_SHIPPING.includes(o.status),
    };
  }

  /**
   * A posting as the caller may see it: one payment or submit may cover several stores' orders,
   * and a store's people see no other store's account in it.
   */
  private postingView(actor: ConsoleActor, p: LedgerPosting) {
    const mine = (account: string) => {
      if (!account.startsWith('store:')) return true;
      return inScope(actor, Number(account.slice('store:'.length)));
    };
    return {
      id: p.id,
      kind: p.kind,
      kindText: ORDER_POSTING_KINDS[p.kind] ?? p.kind,
      ref: p.ref,
      memo: p.memo,
      createdAt: p.createdAt.toISOString(),
      entries: p.entries.filter((e) => mine(e.account)),
    };
  }

  /** The receiver, before the order ships (unpaid or 待发货 only). */
  async changeAddress(actor: ConsoleActor, body: AdminOrderAddressBody): Promise<void> {
    const next = await this.composeAddress(body);
    await this.db.transaction().execute(async (trx) => {
      const o = await this.repo.lockById(narrowDb(trx), body.id);
      if (!o || !inScope(actor, o.store_id)) throw new AppError('ORDER_NOT_FOUND');
      if (!BEFORE_SHIPPING.includes(o.status)) throw new AppError('ORDER_ADDRESS_LOCKED');
      if (!(await this.repo.setAddress(narrowDb(trx), o.id, { id: o.address.id, ...next }))) {
        throw new AppError('ORDER_ADDRESS_LOCKED');
      }
      const shown = (a: typeof next) => ({ name: a.name, phone: a.phone, address: a.fullAddress });
      await this.audit.record(trx, actor, {
        resource: 'order',
        resourceId: o.order_no,
        action: 'address',
        storeId: o.store_id,
        before: shown(o.address),
        after: shown(next),
      });
    });
  }

  async remark(actor: ConsoleActor, body: AdminOrderRemarkBody): Promise<void> {
    const remark = body.remark.trim();
    await this.db.transaction().execute(async (trx) => {
      const o = await this.repo.lockById(narrowDb(trx), body.id);
      if (!o || !inScope(actor, o.store_id)) throw new AppError('ORDER_NOT_FOUND');
      if (o.merchant_remark === remark) return;
      await this.repo.setRemark(narrowDb(trx), o.id, remark);
      await this.audit.record(trx, actor, {
        resource: 'order',
        resourceId: o.order_no,
        action: 'remark',
        storeId: o.store_id,
        before: { remark: o.merchant_remark },
        after: { remark },
      });
    });
  }
}
