import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../../test/helpers.ts';
import { ledgerSum, post } from '../../../../test/kits/aftersale-kit.ts';
import {
  buy,
  commissionBalance,
  invitee,
  promoAppPerFile,
  promoter,
} from '../../../../test/kits/promotion-kit.ts';

/** Two server nodes on one PostgreSQL and Redis: receipts and settlement race across them. */
describe.skipIf(TEST_DB !== 'postgres')('commissions on two nodes', () => {
  const kit = promoAppPerFile({ COMMISSION_SETTLE_SECONDS: '0' });
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await kit.t.secondNode();
  });

  it('confirms (buyer on one node, the job on the other) and settles (both nodes) once', async () => {
    const { app, admin } = kit;
    const a = await promoter(app, admin);
    const p = await promoter(app, admin, a);
    const buyer = await invitee(app, p);
    const orders = [];
    for (let i = 0; i < 8; i++) orders.push((await buy(kit, buyer, 'shipped')).orderNo);
    await Promise.all(
      orders.flatMap((orderNo) => [
        post(app, 'order/newConfirm', buyer.token, { orderNo }),
        other.deps.db
          .transaction()
          .execute((trx) =>
            other.orderModule.fulfilment.autoConfirm(trx, buyer.userId, orderNo, '自动确认收货'),
          ),
      ]),
    );
    await Promise.all([
      app.promotionModule.sweep(),
      other.promotionModule.sweep(),
      app.promotionModule.commissions.settleDue(),
      other.promotionModule.commissions.settleDue(),
    ]);
    const rows = await app.deps.db
      .selectFrom('commission')
      .select(['id', 'state', 'amount', 'level'])
      .where('buyer_id', '=', buyer.userId)
      .execute();
    expect(rows).toHaveLength(16);
    expect(rows.every((r) => r.state === 'settled')).toBe(true);
    const postings = await app.deps.db
      .selectFrom('ledger_txn')
      .select('ref')
      .where('kind', '=', 'commission')
      .where(
        'ref',
        'in',
        rows.map((r) => `c:${r.id}`),
      )
      .execute();
    expect(postings).toHaveLength(16);
    expect(await commissionBalance(app, p)).toBe(8 * 1_000);
    expect(await commissionBalance(app, a)).toBe(8 * 500);
    expect(await ledgerSum(app)).toBe(0);
  });
});
