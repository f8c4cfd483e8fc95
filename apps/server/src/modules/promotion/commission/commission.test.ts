import type { IncomePage, PromoCenterData, TeamPage } from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { apply, get, ledgerSum, post } from '../../../../test/kits/aftersale-kit.ts';
import {
  buy,
  commissionBalance,
  invitee,
  promoAppPerFile,
  promoter,
} from '../../../../test/kits/promotion-kit.ts';

const kit = promoAppPerFile();
const center = async (token: string) =>
  (await get<PromoCenterData>(kit.app, 'promotion/center', token)).body.data;
const income = async (token: string, q: Record<string, string | number> = {}) =>
  (await get<IncomePage>(kit.app, 'promotion/income', token, q)).body.data;
const sweep = () => kit.app.promotionModule.sweep();

describe('commissions', () => {
  it('pays level 1 and 2 through pending, frozen and settled, once each', async () => {
    const { app, admin } = kit;
    const a = await promoter(app, admin);
    const b = await promoter(app, admin, a);
    const c = await invitee(app, b);
    const { orderNo } = await buy(kit, c, 'paid', 2);
    const bIncome = await income(b.token);
    expect(bIncome.list).toHaveLength(1);
    expect(bIncome.list[0]).toMatchObject({
      orderNo,
      level: 1,
      base: 20_000,
      rateBp: 1000,
      amount: 2_000,
      state: 'pending',
      stateText: '待结算',
    });
    expect((await income(a.token)).list[0]).toMatchObject({
      level: 2,
      amount: 1_000,
      state: 'pending',
    });
    expect(await center(b.token)).toMatchObject({ pending: 2_000, withdrawable: 0, total: 2_000 });
    await sweep(); // pending ones never settle
    expect(await commissionBalance(app, b)).toBe(0);

    // The buyer's confirmation and the auto-confirm job at once: one receipt, one freeze.
    await post(app, 'admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    await Promise.all([
      post(app, 'order/newConfirm', c.token, { orderNo }),
      app.deps.db
        .transaction()
        .execute((trx) =>
          app.orderModule.fulfilment.autoConfirm(trx, c.userId, orderNo, '自动确认收货'),
        ),
    ]);
    expect((await income(b.token)).list[0]?.state).toBe('frozen');
    await Promise.all([sweep(), sweep(), app.promotionModule.commissions.settleDue()]);
    expect((await income(b.token)).list[0]?.state).toBe('settled');
    expect(await commissionBalance(app, b)).toBe(2_000);
    expect(await commissionBalance(app, a)).toBe(1_000);
    const txns = await app.deps.db
      .selectFrom('ledger_txn')
      .select('ref')
      .where('kind', '=', 'commission')
      .execute();
    expect(txns.length).toBe(2);
    expect(await center(b.token)).toMatchObject({ settled: 2_000, withdrawable: 2_000, debt: 0 });
    const team = (await get<TeamPage>(app, 'promotion/team', b.token)).body.data;
    expect(team.list[0]).toMatchObject({ userId: c.userId, orderCount: 1, contribution: 2_000 });
    expect(await ledgerSum(app)).toBe(0);
  });

  it('earns nothing for non-promoter parents and unbound buyers', async () => {
    const { app } = kit;
    const plain = await invitee(app);
    const child = await invitee(app, plain);
    await buy(kit, child, 'paid');
    expect((await income(plain.token)).total).toBe(0);
    const loner = await invitee(app);
    await buy(kit, loner, 'paid');
    expect((await income(loner.token)).total).toBe(0);
  });

  it('a refund voids a pending commission and reverses a settled one into a debt', async () => {
    const { app, admin } = kit;
    const p = await promoter(app, admin);
    const buyer = await invitee(app, p);
    // Order 1: received and settled → ¥10 to p.
    const first = await buy(kit, buyer, 'received');
    await sweep();
    expect(await commissionBalance(app, p)).toBe(1_000);
    // Order 2: paid only; a full refund before shipping voids its commission.
    const second = await buy(kit, buyer, 'paid');
    const r2 = await apply(app, buyer, {
      orderNo: second.orderNo,
      skuId: kit.sku(),
      amount: 10_000,
    });
    expect(r2.status, JSON.stringify(r2.body)).toBe(200);
    await post(app, 'admin/refund/approve', admin, { refundNo: r2.body.data.refundNo });
    const voided = (await income(p.token, { state: 'void' })).list;
    expect(voided.map((c) => c.orderNo)).toEqual([second.orderNo]);
    expect(voided[0]?.amount).toBe(0);

    // p binds an account and withdraws the ¥10 — then order 1 is refunded in part (¥40).
    const r1 = await apply(app, buyer, { orderNo: first.orderNo, skuId: kit.sku(), amount: 4_000 });
    expect(r1.status, JSON.stringify(r1.body)).toBe(200);
    await app.deps.db.transaction().execute(async (trx) => {
      const ledger = app.orderModule.ledger;
      await ledger.post(trx, {
        kind: 'test_withdraw',
        ref: String(p.userId),
        entries: [
          { accountId: await ledger.commission(trx, p.userId), amount: -1_000 },
          { accountId: await ledger.clearing(trx, 'withdraw'), amount: 1_000 },
        ],
      });
    });
    await post(app, 'admin/refund/approve', admin, { refundNo: r1.body.data.refundNo });
    // Commission now 10 % of ¥60 = ¥6: ¥4 comes back from an empty account — a ¥4 debt.
    expect(await commissionBalance(app, p)).toBe(-400);
    const c = await center(p.token);
    expect(c).toMatchObject({ debt: 400, withdrawable: 0, balance: -400 });
    expect((await income(p.token, { state: 'settled' })).list[0]).toMatchObject({
      amount: 600,
      base: 6_000,
    });
    // Later earnings repay it.
    await buy(kit, buyer, 'received');
    await sweep();
    expect(await commissionBalance(app, p)).toBe(600);
    expect(await ledgerSum(app)).toBe(0);
  });

  it('uses a per-product rate where the operator set one', async () => {
    const { app, admin } = kit;
    const p = await promoter(app, admin);
    const buyer = await invitee(app, p);
    const set = await post(app, 'admin/promotion/commissionRate', admin, {
      productId: kit.shop.productId,
      l1Bp: 2500,
      l2Bp: null,
    });
    expect(set.status).toBe(200);
    await buy(kit, buyer, 'paid');
    expect((await income(p.token)).list[0]).toMatchObject({ rateBp: 2500, amount: 2_500 });
    await post(app, 'admin/promotion/commissionRate', admin, {
      productId: kit.shop.productId,
      l1Bp: null,
      l2Bp: null,
    });
    const refused = await post(app, 'admin/promotion/commissionRate', buyer.token, {
      productId: kit.shop.productId,
      l1Bp: 1,
      l2Bp: 1,
    });
    expect(refused.status).toBe(403);
  });

  it('filters income by state, level and month', async () => {
    const { app, admin } = kit;
    const a = await promoter(app, admin);
    const b = await promoter(app, admin, a);
    const c = await invitee(app, b);
    await buy(kit, c, 'paid');
    const month = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 7);
    expect((await income(a.token, { level: '2', month })).total).toBe(1);
    expect((await income(a.token, { level: '1' })).total).toBe(0);
    expect((await income(a.token, { month: '2001-01' })).total).toBe(0);
    const bad = await get(app, 'promotion/income', a.token, { month: '2026-13' });
    expect(bad.body).toMatchObject({ code: 400, error: 'BILL_MONTH_INVALID' });
  });
});
