import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';
import { AppError } from '../../platform/errors.ts';

/**
 * The points ledger under random earning, spending, checkout deductions, cancels, refunds and
 * expiry: after every step the balance is the sum of the account's postings, never below zero,
 * and what a model of the rules (100 points = ¥1, at most 20 % of the goods) says it is.
 */

type Op =
  | { kind: 'earn'; n: number }
  | { kind: 'spend'; n: number }
  | { kind: 'order'; product: number }
  | { kind: 'cancel'; pick: number }
  | { kind: 'refund'; pick: number }
  | { kind: 'expire' };

const opArb: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('earn' as const), n: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ kind: fc.constant('spend' as const), n: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ kind: fc.constant('order' as const), product: fc.integer({ min: 0, max: 1 }) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('refund' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('expire' as const) }),
);

const PRICES = [5_000, 800];
const RUNS = Number(process.env.POINTS_PROPERTY_RUNS ?? 15);
// test:full runs 200: the timeout grows with the runs (each replays its actions on the database).
const RUN_TIMEOUT_MS = Math.max(30_000, RUNS * 3_000);

let t: TestApp;
let admin: string;
let skus: number[] = [];
/** Each expiry step takes its own, earlier lot year: a year's expiry is posted once. */
let lotYear = 1980;
let refs = 0;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  skus = [];
  for (const price of PRICES) {
    const p = await makeProduct(t.app, { price, stock: 100_000 });
    skus.push(p.skuIds[0] as number);
  }
});
afterAll(async () => {
  await t?.close();
});

async function account(b: Buyer): Promise<{ balance: number; sum: number }> {
  const row = await t.app.deps.db
    .selectFrom('ledger_account as a')
    .leftJoin('ledger_entry as e', 'e.account_id', 'a.id')
    .where('a.code', '=', `points:${b.userId}`)
    .groupBy('a.balance')
    .select(['a.balance', sql<number>`coalesce(sum(e.amount), 0)::int`.as('sum')])
    .executeTakeFirst();
  return { balance: Number(row?.balance ?? 0), sum: Number(row?.sum ?? 0) };
}

interface Placed {
  payNo: string;
  orderNo: string;
  skuId: number;
  points: number;
  payAmount: number;
}

async function step(b: Buyer, op: Op, model: { balance: number }, open: Placed[]) {
  const points = t.app.pointsModule.points;
  const ref = `prop:${b.userId}:${++refs}`;
  switch (op.kind) {
    case 'earn':
      await t.app.deps.db
        .transaction()
        .execute((trx) => points.credit(trx, b.userId, op.n, { kind: 'redeem', ref, memo: '' }));
      model.balance += op.n;
      return;
    case 'spend': {
      const spent = await t.app.deps.db
        .transaction()
        .execute((trx) => points.spend(trx, b.userId, op.n, { kind: 'exchange', ref, memo: '' }))
        .then(
          () => true,
          (err: unknown) => {
            expect(err).toBeInstanceOf(AppError);
            expect((err as AppError).id).toBe('POINTS_NOT_ENOUGH');
            return false;
          },
        );
      expect(spent).toBe(op.n <= model.balance);
      if (spent) model.balance -= op.n;
      return;
    }
    case 'order': {
      const skuId = skus[op.product] as number;
      const r = await newOrder(t.app, b, [{ skuId, quantity: 1 }], { usePoints: true });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const used = Math.min(model.balance, Math.floor(((PRICES[op.product] ?? 0) * 20) / 100));
      model.balance -= used;
      open.push({
        payNo: r.body.data.payNo,
        orderNo: r.body.data.orderNos[0] as string,
        skuId,
        points: used,
        payAmount: r.body.data.payAmount,
      });
      return;
    }
    case 'cancel': {
      const o = open.splice(op.pick % Math.max(1, open.length), 1)[0];
      if (!o) return;
      const r = await post(t.app, 'order/cancel', b.token, { orderNo: o.orderNo });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      model.balance += o.points;
      return;
    }
    case 'refund': {
      // Paid, then refunded whole before shipping: every point of it comes back.
      const o = open.splice(op.pick % Math.max(1, open.length), 1)[0];
      if (!o) return;
      await topUp(t.app, b.token, o.payAmount);
      const paid = await post(t.app, 'order/newBalancePay', b.token, {
        orderNo: o.payNo,
        payPassword: '135790',
      });
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      // The day's first-order bonus it may earn here is taken back by the full refund below
      // (refund-rewards.test.ts): net nothing.
      const quote = await get<{ maxAmount: number }>(t.app, 'order/queryRefundMoney', b.token, {
        orderNo: o.orderNo,
        skuId: o.skuId,
      });
      const applied = await post<{ refundNo: string }>(t.app, 'order/refundApply', b.token, {
        orderNo: o.orderNo,
        skuId: o.skuId,
        amount: quote.body.data.maxAmount,
        type: 'refund',
        reason: '不想要了',
      });
      expect(applied.status, JSON.stringify(applied.body)).toBe(200);
      const ok = await post(t.app, 'admin/refund/approve', admin, {
        refundNo: applied.body.data.refundNo,
      });
      expect(ok.status, JSON.stringify(ok.body)).toBe(200);
      model.balance += o.points;
      return;
    }
    case 'expire': {
      // Everything the user holds now becomes an old lot, and its year ends: all of it expires.
      const year = ++lotYear;
      await sql`update ledger_entry set created_at = ${new Date(`${year}-06-01T12:00:00+08:00`)}
        where account_id = (select id from ledger_account where code = ${`points:${b.userId}`})`.execute(
        t.app.deps.db,
      );
      await t.app.pointsModule.expiry.expire(new Date(`${year + 2}-01-02T00:00:00+08:00`));
      model.balance = 0;
      return;
    }
  }
}

describe('the points ledger', () => {
  it(
    'random earn, spend, deduction, cancel, refund and expiry: balance = postings = model, never below zero',
    async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 10 }), async (ops) => {
          const b = await makeBuyer(t.app);
          const model = { balance: 0 };
          const open: Placed[] = [];
          for (const op of ops) {
            await step(b, op, model, open);
            const a = await account(b);
            expect(a.balance).toBe(a.sum);
            expect(a.balance).toBeGreaterThanOrEqual(0);
            expect(a.balance).toBe(model.balance);
          }
          expect(await ledgerSum(t.app)).toBe(0);
        }),
        { seed: 20261126, numRuns: RUNS },
      );
    },
    RUN_TIMEOUT_MS,
  );
});
