import { ORDER_PAY_MINUTES } from '@chaopin/contracts';
import { type Insertable, sql } from 'kysely';
import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { SkuForPricing } from '../../catalogue/index.ts';
import { memberSaving } from '../member-price.ts';
import type { AddressSnapshotJson, OrderItemTable } from '../order.tables.ts';
import { type BatchContext, KeyRaced, keyOf, type Placing } from './batch-context.ts';
import { holdDiscounts } from './hold-discounts.ts';
import type { DealPort, FlashPort, PlaceJob, PlaceResult } from './place-job.ts';
import { takePrescriptions } from './rx-lines.ts';

/**
 * The batch's placing submits written, each statement once for the whole batch: their groups,
 * the stock of the whole batch taken in one UPDATE, their orders, lines, prescriptions, flash
 * and deal records, discounts held, events, and the cart lines they came from. Each placed
 * submit's result is set; the products whose stock moved are added to `productIds`.
 */
export async function writeOrders(
  ctx: BatchContext,
  trx: Db,
  placing: readonly Placing[],
  allocated: {
    skus: ReadonlyMap<number, SkuForPricing>;
    units: Map<number, number>;
    matched: ReadonlyMap<number, number[]>;
  },
  addressOf: (j: PlaceJob) => AddressSnapshotJson | undefined,
  results: PlaceResult[],
  productIds: number[],
): Promise<void> {
  const { skus, units } = allocated;
  const groups = await ctx.repo.insertGroups(
    narrowDb(trx),
    placing.map((p) => ({
      user_id: p.job.userId,
      client_key: p.job.clientKey,
      total_amount: p.pricing.totalAmount,
    })),
  );
  if (groups.length !== placing.length) throw new KeyRaced();
  const groupOf = new Map(
    groups.map((g) => [keyOf({ userId: g.user_id, clientKey: g.client_key }), g]),
  );

  // Locked and checked above: every row takes its units, or the batch is wrong.
  await ctx.stock.takeBatch(trx, units);
  for (const id of units.keys()) {
    const sku = skus.get(id);
    if (sku) productIds.push(sku.productId);
  }

  const expiresIn = (minutes: number) =>
    sql<Date>`now() + make_interval(mins => ${minutes})` as unknown as Date;
  const orderRows = placing.flatMap((p) => {
    const group = groupOf.get(keyOf(p.job));
    if (!group) throw new KeyRaced();
    return p.pricing.stores.map((store) => ({
      group_id: group.id,
      user_id: p.job.userId,
      store_id: store.storeId,
      goods_amount: store.goodsAmount,
      shipping_fee: store.shippingFee,
      discount_amount: store.discountAmount,
      platform_discount: store.platformDiscount,
      redpacket_amount: store.redPacketAmount,
      points_used: store.pointsUsed,
      points_amount: store.pointsAmount,
      pay_amount: store.payAmount,
      address: JSON.stringify(addressOf(p.job)),
      note: p.job.note,
      live_room_id: p.job.liveRoomId ?? null,
      expires_at: expiresIn(p.job.flash?.payMinutes ?? p.job.deal?.payMinutes ?? ORDER_PAY_MINUTES),
    }));
  });
  const orders = await ctx.repo.insertOrders(narrowDb(trx), orderRows);
  const orderOf = new Map(orders.map((o) => [`${o.group_id}:${o.store_id}`, o]));

  const itemRows: Insertable<OrderItemTable>[] = [];
  const flashRows: Parameters<FlashPort['record']>[1][number][] = [];
  const dealRows = new Map<string, Parameters<DealPort['record']>[1][number][]>();
  const submitted = placing.map((p) => {
    const group = groupOf.get(keyOf(p.job));
    if (!group) throw new KeyRaced();
    const mine = p.pricing.stores.map((store) => {
      const order = orderOf.get(`${group.id}:${store.storeId}`);
      if (!order) throw new Error('order row missing from the batch insert');
      for (const i of store.items) {
        itemRows.push({
          order_id: order.id,
          product_id: i.productId,
          sku_id: i.skuId,
          title: i.title,
          sku_name: i.skuName,
          image: i.image,
          price: i.price,
          quantity: i.quantity,
          seckill_item_id: p.job.flash?.itemId ?? null,
          discount: i.discount,
          platform_discount: i.platformDiscount,
          redpacket: i.redPacket,
          points: i.points,
          points_deduct: i.pointsDeduct,
          member_saving: memberSaving(i),
        });
        if (p.job.deal) {
          const rows = dealRows.get(p.job.deal.port) ?? [];
          rows.push({
            ref: p.job.deal.ref,
            userId: p.job.userId,
            orderId: order.id,
            orderNo: order.order_no,
          });
          dealRows.set(p.job.deal.port, rows);
        }
        if (p.job.flash) {
          flashRows.push({
            itemId: p.job.flash.itemId,
            userId: p.job.userId,
            orderId: order.id,
            quantity: i.quantity,
          });
        }
      }
      return order;
    });
    results[p.i] = {
      kind: 'placed',
      data: {
        payNo: group.group_no,
        orderNos: mine.map((o) => o.order_no),
        payAmount: p.pricing.totalAmount,
        expiresAt: (mine[0]?.expires_at ?? new Date()).toISOString(),
      },
    };
    return p;
  });
  await ctx.repo.insertItems(narrowDb(trx), itemRows);
  await takePrescriptions(ctx.rxPort, trx, submitted, allocated.matched, skus, groupOf, orderOf);
  if (flashRows.length) await ctx.flashPort.record(trx, flashRows);
  for (const [name, rows] of dealRows) await ctx.dealPorts.get(name)?.record(trx, rows);
  await holdDiscounts(ctx, trx, submitted, (p) => groupOf.get(keyOf(p.job)), orderOf);
  await ctx.repo.insertEvents(
    narrowDb(trx),
    orders.map((o) => o.id),
    'unpaid',
    '订单已提交',
  );
  for (const p of submitted) {
    if (p.job.fromCart) {
      await ctx.ports.removeCartLines(
        trx,
        p.job.userId,
        p.job.lines.map((l) => l.skuId),
      );
    }
  }
}
