import type {
  ErrorId,
  ExchangeBuyBody,
  ExchangeBuyData,
  ExchangeHomeData,
  ExchangeItem,
  ExchangeItemBody,
  ExchangeItemsQuery,
  ExchangeMineQuery,
  ExchangePurchase,
  NewOrderData,
  PageOf,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { SkuForPricing, StockService } from '../../catalogue/index.ts';
import type { DealPort, OrderService } from '../../order/index.ts';
import { orderLink, REWARD_LINKS, type RewardsService } from '../../rewards/index.ts';
import type { PointsService } from '../points.service.ts';
import type { ExchangeRepo, ItemRow } from './exchange.repo.ts';

/** The name the mall's deal port is registered under with the order placer. */
export const EXCHANGE_DEAL_PORT = 'exchange';

function toItem(
  r: ItemRow,
  mine: number,
  sku: SkuForPricing | undefined,
  /** The deal's shipping as placement will charge it (OrderService.dealShippingFee). */
  shippingOf: (price: number, skuFreeShipping: boolean) => number,
): ExchangeItem {
  return {
    id: r.id,
    title: r.title,
    kind: r.kind,
    couponTemplateId: r.coupon_template_id,
    amount: r.amount,
    image: r.image || sku?.image || '',
    points: r.points,
    cash: r.cash,
    stock: r.stock,
    sold: r.sold,
    perUserLimit: r.per_user_limit,
    mine,
    product:
      r.kind === 'product' && sku
        ? {
            skuId: sku.skuId,
            productId: sku.productId,
            skuName: sku.skuName,
            originalPrice: sku.price,
            shippingFee: shippingOf(r.cash, sku.freeShipping),
            inStock: sku.onShelf && sku.stock > 0,
          }
        : null,
  };
}

function toPurchase(o: {
  id: number;
  item_id: number;
  points: number;
  cash: number;
  order_no: string | null;
  returned_at: Date | null;
  created_at: Date;
  kind: ItemRow['kind'];
  title: string;
}): ExchangePurchase {
  return {
    id: o.id,
    itemId: o.item_id,
    kind: o.kind,
    title: o.title,
    points: o.points,
    cash: o.cash,
    orderNo: o.order_no,
    returned: o.returned_at !== null,
    link: o.order_no ? orderLink(o.order_no) : REWARD_LINKS[o.kind],
    createdAt: o.created_at.toISOString(),
  };
}

/**
 * The points mall. A coupon or red-packet purchase is one transaction: the purchase row (unique per user and client
 * key, so a retry answers the first purchase), one unit of stock by a conditional UPDATE, one of
 * the user's allowance, the points spent through the ledger (never below zero) and the coupon or
 * red packet given. Any refusal rolls all of it back: nothing is half written.
 *
 * A product purchase is a deal of the order module: one unit of the SKU at the item's cash part
 * (¥0 for points only), from the SKU's stock, shipping as any order. The deal port locks the item
 * and checks stock, allowance and points inside the placement batch's transaction, and records
 * the purchase there (points spent, unit and allowance taken), so the order and the points commit
 * together or not at all. If the order is cancelled unpaid (by the buyer or the pay timeout),
 * order.cancelled gives the points, the unit and the allowance back in the cancel's transaction.
 */
export class ExchangeService {
  constructor(
    private readonly db: Db,
    private readonly repo: ExchangeRepo,
    private readonly points: PointsService,
    private readonly rewards: RewardsService,
    private readonly orders: OrderService,
    private readonly stock: StockService,
    private readonly defaultPerUser: number,
  ) {}

  async createItem(b: ExchangeItemBody): Promise<number> {
    const isProduct = b.kind === 'product';
    if (
      (b.kind === 'coupon') !== (b.couponTemplateId !== undefined) ||
      (b.kind === 'redpacket') !== (b.amount !== undefined) ||
      isProduct !== (b.skuId !== undefined) ||
      (!isProduct && b.cash !== undefined)
    ) {
      throw new AppError('EXCHANGE_ITEM_INVALID');
    }
    if (b.couponTemplateId !== undefined) await this.rewards.couponName(b.couponTemplateId);
    if (b.skuId !== undefined && !(await this.stock.skus([b.skuId])).has(b.skuId)) {
      throw new AppError('SKU_NOT_FOUND');
    }
    return this.repo.insertItem({
      title: b.title.trim() || '积分兑换',
      kind: b.kind,
      coupon_template_id: b.couponTemplateId ?? null,
      amount: b.amount ?? null,
      sku_id: b.skuId ?? null,
      cash: b.cash ?? 0,
      image: b.image ?? '',
      points: b.points,
      stock: b.stock,
      per_user_limit: b.perUserLimit ?? this.defaultPerUser,
    });
  }

  async home(userId: number | null, q: ExchangeItemsQuery): Promise<ExchangeHomeData> {
    const rows = await this.repo.items(q.kind);
    const skus = await this.stock.skus(rows.flatMap((r) => (r.sku_id === null ? [] : [r.sku_id])));
    const [mine, balance] = userId
      ? await Promise.all([
          this.repo.boughtBy(
            userId,
            rows.map((r) => r.id),
          ),
          this.points.balance(userId),
        ])
      : [new Map<number, number>(), 0];
    return {
      balance,
      list: rows.map((r) =>
        toItem(r, mine.get(r.id) ?? 0, skus.get(r.sku_id ?? 0), (price, free) =>
          this.orders.dealShippingFee(price, free),
        ),
      ),
    };
  }

  async buy(userId: number, b: ExchangeBuyBody): Promise<ExchangeBuyData> {
    const item = await this.repo.item(b.itemId);
    if (!item?.on_sale) throw new AppError('EXCHANGE_ITEM_NOT_FOUND');
    if (item.kind === 'product') return this.buyProduct(userId, item, b);
    const placed = await this.db.transaction().execute(async (trx) => {
      const order = await this.repo.insertOrder(narrowDb(trx), {
        item_id: item.id,
        user_id: userId,
        client_key: b.clientKey,
        points: item.points,
      });
      if (!order) return null;
      if (!(await this.repo.takeUnit(narrowDb(trx), item.id)))
        throw new AppError('EXCHANGE_SOLD_OUT');
      if (!(await this.repo.takeAllowance(narrowDb(trx), item.id, userId, item.per_user_limit))) {
        throw new AppError('EXCHANGE_LIMIT', { limit: item.per_user_limit });
      }
      await this.points.spend(trx, userId, item.points, {
        kind: 'exchange',
        ref: String(order.id),
        memo: `积分兑换：${item.title}`,
      });
      await this.rewards.grant(
        trx,
        userId,
        item.kind === 'coupon'
          ? { kind: 'coupon', templateId: item.coupon_template_id ?? 0 }
          : { kind: 'redpacket', amount: item.amount ?? 0 },
        { source: 'exchange', ref: String(order.id), title: `积分兑换：${item.title}` },
      );
      return order;
    });
    const row = await this.repo.orderByKey(userId, b.clientKey);
    if (!row) throw new AppError('EXCHANGE_ITEM_NOT_FOUND');
    if (!placed && row.item_id !== item.id) throw new AppError('CLIENT_KEY_INVALID');
    return {
      purchase: toPurchase(row),
      fresh: placed !== null,
      balance: await this.points.balance(userId),
      order: null,
    };
  }

  /** A product item: a one-unit order at the cash part, through the order module's batch. */
  private async buyProduct(
    userId: number,
    item: ItemRow,
    b: ExchangeBuyBody,
  ): Promise<ExchangeBuyData> {
    const answer = async (order: NewOrderData, fresh: boolean): Promise<ExchangeBuyData> => {
      const row = await this.repo.orderByKey(userId, b.clientKey);
      // The key named an order that is not this item's purchase.
      if (!row || row.item_id !== item.id) throw new AppError('CLIENT_KEY_INVALID');
      return {
        purchase: toPurchase(row),
        fresh,
        balance: await this.points.balance(userId),
        order,
      };
    };
    const earlier = await this.orders.bySubmitKey(userId, b.clientKey);
    if (earlier) return answer(earlier, false);
    // Early answers for the common refusals; the deal port decides under its locks.
    if (item.sold >= item.stock) throw new AppError('EXCHANGE_SOLD_OUT');
    const bought = (await this.repo.boughtBy(userId, [item.id])).get(item.id) ?? 0;
    if (bought >= item.per_user_limit) {
      throw new AppError('EXCHANGE_LIMIT', { limit: item.per_user_limit });
    }
    if ((await this.points.balance(userId)) < item.points) throw new AppError('POINTS_NOT_ENOUGH');
    if (!b.addressId) throw new AppError('ADDRESS_REQUIRED');
    const placed = await this.orders.placeDeal(userId, {
      clientKey: b.clientKey,
      addressId: b.addressId,
      note: b.note?.trim() ?? '',
      skuId: item.sku_id ?? 0,
      deal: { port: EXCHANGE_DEAL_PORT, ref: item.id, price: item.cash },
    });
    return answer(placed.data, placed.fresh);
  }

  /**
   * DealPort.check: the items locked, then in arrival order each purchase's item on sale with a
   * unit left, the buyer under the limit and with the points (counting the batch's earlier
   * purchases). Writes nothing.
   */
  private async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const items = new Map(
      (await this.repo.lockItems(narrowDb(trx), [...new Set(deals.map((d) => d.ref))])).map((i) => [
        i.id,
        i,
      ]),
    );
    const counts = await this.repo.counts(
      narrowDb(trx),
      deals.map((d) => ({ itemId: d.ref, userId: d.userId })),
    );
    const balances = new Map<number, number>();
    for (const userId of new Set(deals.map((d) => d.userId))) {
      balances.set(userId, await this.points.balance(userId, trx));
    }
    const sold = new Map<number, number>();
    const answers: (ErrorId | null)[] = [];
    for (const d of deals) {
      const item = items.get(d.ref);
      if (item?.kind !== 'product' || !item.on_sale) {
        answers.push('EXCHANGE_ITEM_NOT_FOUND');
        continue;
      }
      const units = sold.get(item.id) ?? item.sold;
      const key = `${item.id}:${d.userId}`;
      const bought = counts.get(key) ?? 0;
      const balance = balances.get(d.userId) ?? 0;
      if (units >= item.stock) answers.push('EXCHANGE_SOLD_OUT');
      else if (bought >= item.per_user_limit) answers.push('EXCHANGE_LIMIT_REACHED');
      else if (balance < item.points) answers.push('POINTS_NOT_ENOUGH');
      else {
        sold.set(item.id, units + 1);
        counts.set(key, bought + 1);
        balances.set(d.userId, balance - item.points);
        answers.push(null);
      }
    }
    return answers;
  }

  /** DealPort.record: each placed purchase is written, its unit and allowance taken, points spent. */
  private async recordDeals(
    trx: Db,
    rows: readonly { ref: number; userId: number; orderId: number; orderNo: string }[],
  ): Promise<void> {
    const keys = await this.repo.orderKeys(
      narrowDb(trx),
      rows.map((r) => r.orderId),
    );
    for (const r of rows) {
      const item = await this.repo.item(r.ref, narrowDb(trx));
      const clientKey = keys.get(r.orderId);
      if (!item || !clientKey) throw new Error(`exchange deal ${r.ref} lost its item or order`);
      const { id } = await this.repo.insertProductOrder(narrowDb(trx), {
        item_id: item.id,
        user_id: r.userId,
        client_key: clientKey,
        points: item.points,
        cash: item.cash,
        order_id: r.orderId,
        order_no: r.orderNo,
      });
      // Checked under the item's lock above: a refusal here means the batch is wrong.
      if (!(await this.repo.takeUnit(narrowDb(trx), item.id)))
        throw new Error('exchange unit vanished');
      if (!(await this.repo.takeAllowance(narrowDb(trx), item.id, r.userId, item.per_user_limit))) {
        throw new Error('exchange allowance vanished');
      }
      await this.points.spend(trx, r.userId, item.points, {
        kind: 'exchange',
        ref: String(id),
        memo: `积分兑换：${item.title}`,
      });
    }
  }

  /** The port the order placer calls for product items (registered as EXCHANGE_DEAL_PORT). */
  dealPort(): DealPort {
    return {
      check: (trx, deals) => this.checkDeals(trx, deals),
      record: (trx, rows) => this.recordDeals(trx, rows),
    };
  }

  /** order.paid: the product purchases of these orders are final. */
  onPaid(trx: Db, orderNos: readonly string[]): Promise<void> {
    return this.repo.markPaid(narrowDb(trx), orderNos);
  }

  /**
   * order.cancelled (in the cancel's transaction): each product purchase of these orders gets its
   * points (keyed by the purchase, so never twice), its unit and the buyer's allowance back.
   */
  async onCancelled(trx: Db, orderIds: readonly number[]): Promise<void> {
    for (const r of await this.repo.lockUnpaidOf(narrowDb(trx), orderIds)) {
      await this.repo.undo(narrowDb(trx), { id: r.id, itemId: r.item_id, userId: r.user_id });
      await this.points.credit(trx, r.user_id, r.points, {
        kind: 'exchange_back',
        ref: String(r.id),
        memo: `兑换订单已取消，积分退回：${r.title}`,
      });
    }
  }

  async mine(userId: number, q: ExchangeMineQuery): Promise<PageOf<ExchangePurchase>> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.mine(userId, pageSize, (pageNum - 1) * pageSize);
    return { list: rows.map(toPurchase), total: Number(total.n), pageNum, pageSize };
  }
}
