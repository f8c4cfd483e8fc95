import type { OrderDb } from './order.tables.ts';

/** SQL for the home barrage: the newest paid orders with the buyer and one item's title. */
export class BarrageRepo {
  constructor(private readonly db: OrderDb) {}

  /** The newest `limit` paid orders (by paid_at, shop_order_paid_idx), one item each. */
  latestPurchases(limit: number) {
    return this.db
      .selectFrom((eb) =>
        eb
          .selectFrom('shop_order')
          .select(['id', 'user_id', 'paid_at'])
          .where('paid_at', 'is not', null)
          .orderBy('paid_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .as('o'),
      )
      .innerJoin('app_user as u', 'u.id', 'o.user_id')
      .innerJoinLateral(
        (eb) =>
          eb
            .selectFrom('order_item')
            .select('title')
            .whereRef('order_item.order_id', '=', 'o.id')
            .orderBy('order_item.id')
            .limit(1)
            .as('i'),
        (join) => join.onTrue(),
      )
      .select(['o.id', 'u.nickname', 'u.avatar', 'i.title'])
      .orderBy('o.paid_at', 'desc')
      .orderBy('o.id', 'desc')
      .execute();
  }
}
