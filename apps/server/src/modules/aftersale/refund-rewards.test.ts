// Issue 32: the rewards a paid order earned (the day's first-order points, draw chance and 集卡
// card, the order's farm water) are undone by the refund that leaves nothing of the order paid, once.
import type {
  CardCampaignView,
  CardsHomeData,
  FarmHomeData,
  PointsBillPage,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  apply,
  get,
  ledgerSum,
  makeAdmin,
  orderAt,
  post,
} from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  type Catalogue,
  makeBuyer,
  makeProduct,
} from '../../../test/kits/order-kit.ts';
import { seedFarm } from '../../seed/seed-farm.ts';

let t: TestApp;
let admin: string;
let shop: Catalogue;
let fruitId: number;
let campaign: CardCampaignView;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  // ¥120 a piece (free shipping from ¥99 on): the order.
  shop = await makeProduct(t.app, { price: 12_000, stock: 1_000, skus: 2 });
  await seedFarm(t.app);
  const fruit = await t.app.deps.db
    .selectFrom('farm_fruit')
    .select('id')
    .where('enabled', '=', true)
    .executeTakeFirstOrThrow();
  fruitId = fruit.id;
  const made = await post<CardCampaignView>(t.app, 'admin/cards/campaign', admin, {
    title: '退款集卡',
    startAt: new Date(Date.now() - 3_600_000).toISOString(),
    endAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    rewardKind: 'points',
    amount: 888,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  campaign = made.body.data;
});
afterAll(async () => {
  await t?.close();
});

const sku = (i = 0) => shop.skuIds[i] as number;

interface Rewards {
  points: number;
  pointsDebt: number;
  chances: number;
  chanceDebt: number;
  water: number;
  waterDebt: number;
  cards: number;
  cardDebt: number;
}

async function cardsHome(b: Buyer): Promise<CardsHomeData> {
  return (await get<CardsHomeData>(t.app, 'cards/home', b.token, { campaignId: campaign.id })).body
    .data;
}

async function rewards(b: Buyer): Promise<Rewards> {
  const farm = (await get<FarmHomeData>(t.app, 'farm/home', b.token)).body.data;
  return {
    points: await t.app.pointsModule.points.balance(b.userId),
    pointsDebt: await t.app.orderModule.ledger.pointsDebtOf(b.userId),
    chances: await t.app.drawModule.draw.chancesOf(b.userId),
    chanceDebt: await t.app.drawModule.draw.chanceDebtOf(b.userId),
    water: farm.kettle,
    waterDebt: farm.kettleDebt,
    cards: (await cardsHome(b)).cards.reduce((n, c) => n + c.count, 0),
    cardDebt: await t.app.cardsModule.cards.debtOf(b.userId, campaign.id),
  };
}

const NONE: Rewards = {
  points: 0,
  pointsDebt: 0,
  chances: 0,
  chanceDebt: 0,
  water: 0,
  waterDebt: 0,
  cards: 0,
  cardDebt: 0,
};
const EARNED: Rewards = { ...NONE, points: 20, chances: 1, water: 20, cards: 1 };

/** Asks for the most a line may get back now and has the operator approve it. */
async function refundLine(b: Buyer, orderNo: string, skuId: number, amount?: number) {
  const quote = await get<{ maxAmount: number }>(t.app, 'order/queryRefundMoney', b.token, {
    orderNo,
    skuId,
  });
  expect(quote.status).toBe(200);
  const asked = await apply(t.app, b, {
    orderNo,
    skuId,
    amount: amount ?? quote.body.data.maxAmount,
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  return asked.body.data.refundNo;
}

const approve = (refundNo: string) => post(t.app, 'admin/refund/approve', admin, { refundNo });

async function undoneTxns(kind: string, orderNo: string): Promise<number> {
  const rows = await t.app.deps.db
    .selectFrom('ledger_txn')
    .select('id')
    .where('kind', '=', kind)
    .where('memo', '=', orderNo)
    .execute();
  return rows.length;
}

describe('a full refund undoes the order rewards', () => {
  it('pay ¥120 → full refund: points, draw chance, card and farm water back to before; the records say so', async () => {
    const b = await makeBuyer(t.app);
    expect(await rewards(b)).toEqual(NONE);
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    expect(await rewards(b)).toEqual(EARNED);

    expect((await approve(await refundLine(b, orderNo, sku()))).status).toBe(200);
    expect(await rewards(b)).toEqual(NONE);
    expect(await ledgerSum(t.app)).toBe(0);

    const cardLog = await get<{ list: { title: string; delta: number }[] }>(
      t.app,
      'cards/log',
      b.token,
      { campaignId: campaign.id },
    );
    expect(cardLog.body.data.list.map((l) => [l.title, l.delta])).toEqual([
      ['订单退款扣回', -1],
      ['下单支付', 1],
    ]);
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', b.token)).body.data;
    expect(bill.list.map((r) => [r.title, r.amount, r.orderNo])).toEqual([
      ['订单退款扣回', -20, orderNo],
      ['每日首单奖励', 20, orderNo],
    ]);
    const farm = (await get<FarmHomeData>(t.app, 'farm/home', b.token)).body.data;
    expect(farm.log.map((l) => [l.sourceText, l.amount])).toEqual([
      ['订单退款扣回', -20],
      ['下单得水', 20],
    ]);
  });

  it('the day’s next paid order earns the first-order bonus again (the first one was undone), once', async () => {
    const b = await makeBuyer(t.app);
    const first = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    expect((await approve(await refundLine(b, first.orderNo, sku()))).status).toBe(200);
    expect(await rewards(b)).toEqual(NONE);

    const second = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    expect(await rewards(b)).toEqual(EARNED);
    // A third order that day earns its water but no second bonus.
    await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    expect(await rewards(b)).toEqual({ ...EARNED, water: 40 });
    // Undoing the second bonus frees the day once more.
    expect((await approve(await refundLine(b, second.orderNo, sku()))).status).toBe(200);
    expect(await rewards(b)).toEqual({ ...NONE, water: 20 });
    await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    expect(await rewards(b)).toEqual({ ...EARNED, water: 40 });
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('a replayed refund event reverses nothing twice', async () => {
    const b = await makeBuyer(t.app);
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    const refundNo = await refundLine(b, orderNo, sku());
    expect((await approve(refundNo)).status).toBe(200);
    expect(await rewards(b)).toEqual(NONE);
    for (let i = 0; i < 2; i++) {
      await t.app.deps.db.transaction().execute((trx) =>
        t.app.deps.events.emit(trx, {
          type: 'refund.refunded',
          userId: b.userId,
          orderNo,
          refundNo,
          amount: 12_000,
          orderItemId: 0,
          orderRefunded: true,
        }),
      );
    }
    expect(await rewards(b)).toEqual(NONE);
    expect(await undoneTxns('first_order_refund', orderNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('concurrent refunds of the two lines of one order: undone exactly once, by the later one', async () => {
    const b = await makeBuyer(t.app);
    const { orderNo } = await orderAt(
      t.app,
      b,
      admin,
      [
        { skuId: sku(0), quantity: 1 },
        { skuId: sku(1), quantity: 1 },
      ],
      'shipped',
    );
    expect(await rewards(b)).toEqual(EARNED);
    const r1 = await refundLine(b, orderNo, sku(0));
    const r2 = await refundLine(b, orderNo, sku(1));
    const done = await Promise.all([approve(r1), approve(r2)]);
    expect(done.map((r) => r.status)).toEqual([200, 200]);
    expect(await rewards(b)).toEqual(NONE);
    expect(await undoneTxns('first_order_refund', orderNo)).toBe(1);
    expect(await ledgerSum(t.app)).toBe(0);
  });
});

describe('a partial refund keeps the per-order rewards', () => {
  it('a rewarded order keeps them while part of it stays paid, and loses them with the last fen', async () => {
    const b = await makeBuyer(t.app);
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 2 }], 'shipped');
    expect((await approve(await refundLine(b, orderNo, sku(), 12_000))).status).toBe(200);
    expect(await rewards(b)).toEqual(EARNED);
    expect((await approve(await refundLine(b, orderNo, sku(), 11_999))).status).toBe(200);
    expect(await rewards(b)).toEqual(EARNED);
    expect((await approve(await refundLine(b, orderNo, sku()))).status).toBe(200);
    expect(await rewards(b)).toEqual(NONE);
  });
});

describe('a reward already spent', () => {
  it('is taken from what is left, the rest becomes a debt that later earnings pay first', async () => {
    const b = await makeBuyer(t.app);
    const wheel = await post<{ id: number }>(t.app, 'admin/draw/wheel', admin, {
      title: '退款测试转盘',
      freePerDay: 0,
      pointsCost: 0,
      prizes: Array.from({ length: 6 }, () => ({ kind: 'nothing', weight: 1 })),
    });
    expect(wheel.status, JSON.stringify(wheel.body)).toBe(200);
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'paid');
    // Spend them all: the chance on a spin, 10 of the water on the tree, the points in the mall.
    const spun = await post(t.app, 'draw/spin', b.token, {
      wheelId: wheel.body.data.id,
      clientKey: `refund_${b.userId}`,
    });
    expect(spun.status, JSON.stringify(spun.body)).toBe(200);
    expect((await post(t.app, 'farm/plant', b.token, { fruitId })).status).toBe(200);
    expect((await post(t.app, 'farm/water', b.token, {})).status).toBe(200);
    const friend = await makeBuyer(t.app);
    const card = (await cardsHome(b)).cards.find((c) => c.count > 0);
    const gave = await post(t.app, 'cards/give', b.token, {
      campaignId: campaign.id,
      kindId: card?.kindId,
      userId: friend.userId,
    });
    expect(gave.status, JSON.stringify(gave.body)).toBe(200);
    await t.app.deps.db.transaction().execute((trx) =>
      t.app.pointsModule.points.spend(trx, b.userId, 15, {
        kind: 'test_spend',
        ref: `refund_${b.userId}`,
        memo: '测试消费',
      }),
    );
    expect(await rewards(b)).toEqual({ ...NONE, points: 5, water: 10 });

    expect((await approve(await refundLine(b, orderNo, sku()))).status).toBe(200);
    expect(await rewards(b)).toEqual({
      points: 0,
      pointsDebt: 15,
      chances: 0,
      chanceDebt: 1,
      water: 0,
      waterDebt: 10,
      cards: 0,
      cardDebt: 1,
    });
    const home = await get<{ balance: number; debt: number }>(t.app, 'points/home', b.token);
    expect(home.body.data).toMatchObject({ balance: 0, debt: 15 });
    // Nothing can be spent while in debt.
    const again = await post(t.app, 'draw/spin', b.token, {
      wheelId: wheel.body.data.id,
      clientKey: `refund2_${b.userId}`,
    });
    expect(again.status).not.toBe(200);
    expect((await post(t.app, 'farm/water', b.token, {})).status).not.toBe(200);

    // Later earnings pay the debts first: a sign-in (10 points and a card), today's water (10),
    // two chances.
    await t.app.pointsModule.points.signIn(b.userId);
    expect((await post(t.app, 'farm/collect', b.token, {})).status).toBe(200);
    await t.app.drawModule.draw.giveChances({
      userId: b.userId,
      count: 2,
      clientKey: `g_${b.userId}`,
    });
    expect(await rewards(b)).toEqual({ ...NONE, pointsDebt: 5, chances: 1 });
    await t.app.pointsModule.points.share(b.userId);
    expect(await rewards(b)).toEqual({ ...NONE, chances: 1 });
    expect(await ledgerSum(t.app)).toBe(0);
  });
});

describe('an order paid with ¥0 earns nothing', () => {
  it('a ¥0 prize order marked paid (settleFree) gives no points, draw chance, card or farm water', async () => {
    // A ¥0 prize order (a bargain claim, a farm harvest, a draw prize) is paid at once with no
    // money: rewarding it would let prizes earn more prizes (a draw prize → a draw chance → …).
    const b = await makeBuyer(t.app);
    const { orderNo } = await orderAt(t.app, b, admin, [{ skuId: sku(), quantity: 1 }], 'unpaid');
    await t.app.deps.db.transaction().execute((trx) =>
      t.app.deps.events.emit(trx, {
        type: 'order.paid',
        userId: b.userId,
        orderNos: [orderNo],
        amount: 0,
      }),
    );
    expect(await rewards(b)).toEqual(NONE);
  });
});
