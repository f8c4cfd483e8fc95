import type { CardCampaignView, CardsHomeData, FarmHomeData } from '@chaopin/contracts';
import fc from 'fast-check';
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
import { type Buyer, makeBuyer, makeProduct } from '../../../test/kits/order-kit.ts';
import type { AppError } from '../../platform/errors.ts';

/**
 * The order rewards under random orders, partial and full refunds, spending and earning: after
 * every step the points, draw chances, 集卡 cards and farm water are what a model of the rules says the
 * surviving paid amounts earn (a day's first-order bonus and card held by one order at a time and
 * freed by its full refund; 20 water per order until it is fully refunded), never below zero, with the
 * shortfall of a reward already spent as a debt.
 */

type Op =
  | { kind: 'order'; lines: 1 | 2; quantity: 1 | 2 }
  | { kind: 'refund'; pick: number; line: 0 | 1; whole: boolean }
  | { kind: 'spend'; n: number }
  | { kind: 'earn'; n: number };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      lines: fc.constantFrom(1 as const, 2 as const),
      quantity: fc.constantFrom(1 as const, 2 as const),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('refund' as const),
      pick: fc.nat(),
      line: fc.constantFrom(0 as const, 1 as const),
      whole: fc.boolean(),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('spend' as const),
      n: fc.integer({ min: 1, max: 40 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('earn' as const),
      n: fc.integer({ min: 1, max: 30 }),
    }),
  },
);

const PRICE = 12_000;
const BONUS = 20;
const WATER = 20;
const RUNS = Number(process.env.REWARDS_PROPERTY_RUNS ?? 12);
// test:full runs 200: the timeout grows with the runs (each replays its actions on the database).
const RUN_TIMEOUT_MS = Math.max(30_000, RUNS * 3_000);

let t: TestApp;
let admin: string;
let skus: number[] = [];
let refs = 0;
let campaignId = 0;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  skus = (await makeProduct(t.app, { price: PRICE, stock: 100_000, skus: 2 })).skuIds;
  const made = await post<CardCampaignView>(t.app, 'admin/cards/campaign', admin, {
    title: '退款集卡',
    startAt: new Date(Date.now() - 3_600_000).toISOString(),
    endAt: new Date(Date.now() + 48 * 3_600_000).toISOString(),
    rewardKind: 'points',
    amount: 888,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  campaignId = made.body.data.id;
});
afterAll(async () => {
  await t?.close();
});

interface ModelOrder {
  orderNo: string;
  /** Goods money of each line still paid (fen). */
  left: number[];
  skuIds: number[];
}

interface Model {
  orders: ModelOrder[];
  /** The order holding today's first-order bonus (points and a chance), if any. */
  bonusOwner: string | null;
  /** Raw points: below zero a debt. */
  points: number;
  /** Chances granted minus spent (none are spent here): below zero a debt. */
  chances: number;
  water: number;
  waterDebt: number;
}

async function observe(b: Buyer) {
  const farm = (await get<FarmHomeData>(t.app, 'farm/home', b.token)).body.data;
  return {
    points: await t.app.pointsModule.points.balance(b.userId),
    pointsDebt: await t.app.orderModule.ledger.pointsDebtOf(b.userId),
    chances: await t.app.drawModule.draw.chancesOf(b.userId),
    chanceDebt: await t.app.drawModule.draw.chanceDebtOf(b.userId),
    water: farm.kettle,
    waterDebt: farm.kettleDebt,
    cards: (
      await get<CardsHomeData>(t.app, 'cards/home', b.token, { campaignId })
    ).body.data.cards.reduce((n, c) => n + c.count, 0),
  };
}

const expected = (m: Model) => ({
  points: Math.max(0, m.points),
  pointsDebt: Math.max(0, -m.points),
  chances: Math.max(0, m.chances),
  chanceDebt: Math.max(0, -m.chances),
  water: m.water,
  waterDebt: m.waterDebt,
  cards: m.bonusOwner === null ? 0 : 1,
});

async function step(b: Buyer, op: Op, m: Model) {
  switch (op.kind) {
    case 'order': {
      const ids = skus.slice(0, op.lines);
      const { orderNo } = await orderAt(
        t.app,
        b,
        admin,
        ids.map((skuId) => ({ skuId, quantity: op.quantity })),
        'shipped',
      );
      m.orders.push({ orderNo, skuIds: ids, left: ids.map(() => PRICE * op.quantity) });
      if (m.bonusOwner === null) {
        m.bonusOwner = orderNo;
        m.points += BONUS;
        m.chances += 1;
      }
      m.water += WATER;
      return;
    }
    case 'refund': {
      const live = m.orders.filter((x) => x.left.some((l) => l > 0));
      const o = live[op.pick % Math.max(1, live.length)];
      if (!o) return;
      const line = op.line % o.skuIds.length;
      const left = o.left[line] ?? 0;
      if (left <= 0) return;
      const amount = op.whole ? left : Math.max(1, Math.floor(left / 3));
      const asked = await apply(t.app, b, {
        orderNo: o.orderNo,
        skuId: o.skuIds[line] as number,
        amount,
      });
      expect(asked.status, JSON.stringify(asked.body)).toBe(200);
      const ok = await post(t.app, 'admin/refund/approve', admin, {
        refundNo: asked.body.data.refundNo,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      o.left[line] = left - amount;
      if (o.left.every((l) => l === 0)) {
        if (m.bonusOwner === o.orderNo) {
          m.bonusOwner = null;
          m.points -= BONUS;
          m.chances -= 1;
        }
        m.waterDebt += Math.max(0, WATER - m.water);
        m.water = Math.max(0, m.water - WATER);
      }
      return;
    }
    case 'spend': {
      const ref = `rw:${b.userId}:${++refs}`;
      const spent = await t.app.deps.db
        .transaction()
        .execute((trx) =>
          t.app.pointsModule.points.spend(trx, b.userId, op.n, { kind: 'exchange', ref, memo: '' }),
        )
        .then(
          () => true,
          (err: unknown) => {
            expect((err as AppError).id).toBe('POINTS_NOT_ENOUGH');
            return false;
          },
        );
      expect(spent).toBe(op.n <= m.points);
      if (spent) m.points -= op.n;
      return;
    }
    case 'earn': {
      const ref = `rw:${b.userId}:${++refs}`;
      await t.app.deps.db
        .transaction()
        .execute((trx) =>
          t.app.pointsModule.points.credit(trx, b.userId, op.n, { kind: 'redeem', ref, memo: '' }),
        );
      m.points += op.n;
      return;
    }
  }
}

describe('order rewards and refunds', () => {
  it(
    'random orders, partial and full refunds, spending: every reward = what the surviving paid orders earn',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 8 }), async (ops) => {
          const b = await makeBuyer(t.app);
          const m: Model = {
            orders: [],
            bonusOwner: null,
            points: 0,
            chances: 0,
            water: 0,
            waterDebt: 0,
          };
          for (const op of ops) {
            await step(b, op, m);
            expect(await observe(b)).toEqual(expected(m));
          }
          expect(await ledgerSum(t.app)).toBe(0);
        }),
        { seed: 20261129, numRuns: RUNS },
      );
    },
    RUN_TIMEOUT_MS,
  );
});
