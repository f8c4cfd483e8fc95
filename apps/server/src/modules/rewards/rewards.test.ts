import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import { makeTemplate } from '../../../test/kits/coupon-kit.ts';
import {
  clientKey,
  makeBuyer,
  makeProduct,
  orderStatus,
  stockOf,
} from '../../../test/kits/order-kit.ts';
import { AppError } from '../../platform/errors.ts';
import type { Reward } from './index.ts';

let t: TestApp;
let admin: string;
/** A deal port that lets every claim through: the granting module's own checks are not tested here. */
const TEST_PORT = 'rewards-test';

beforeAll(async () => {
  t = await createTestApp(
    { AUTH_CACHE_MS: '0' },
    {
      dealPorts: [
        {
          name: TEST_PORT,
          port: { check: async (_trx, deals) => deals.map(() => null), record: async () => {} },
        },
      ],
    },
  );
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

describe('rewards', () => {
  it('a points grant is idempotent by its (source, ref) key', async () => {
    const { rewards } = t.app.rewardsModule;
    const b = await makeBuyer(t.app);
    const before = await t.app.pointsModule.points.balance(b.userId);
    const origin = { source: 'draw', ref: `rw-${b.userId}`, title: '测试奖励' } as const;
    for (let i = 0; i < 2; i++) {
      await t.app.deps.db
        .transaction()
        .execute((trx) => rewards.grant(trx, b.userId, { kind: 'points', amount: 30 }, origin));
    }
    expect(await t.app.pointsModule.points.balance(b.userId)).toBe(before + 30);
  });

  it('a prize order is idempotent by its client key, paid at once when it owes ¥0', async () => {
    const { rewards } = t.app.rewardsModule;
    const b = await makeBuyer(t.app);
    const goods = await makeProduct(t.app, { price: 1990, stock: 5 });
    const skuId = goods.skuIds[0] as number;
    const claim = { port: TEST_PORT, ref: 1, skuId, addressId: b.addressId, note: ' 奖品 ' };
    const key = clientKey();
    const first = await rewards.prizeOrder(b.userId, { ...claim, clientKey: key });
    const again = await rewards.prizeOrder(b.userId, { ...claim, clientKey: key });
    expect(first.fresh).toBe(true);
    expect(again.fresh).toBe(false);
    expect(again.data.orderNos).toEqual(first.data.orderNos);
    expect(first.data.payAmount).toBe(0);
    expect(await stockOf(t.app, skuId)).toBe(4);
    const orderNo = first.data.orderNos[0] as string;
    expect((await orderStatus(t.app, b.token, orderNo)).body.data.status).not.toBe('unpaid');
    expect(await rewards.earlierOrder(b.userId, key)).toMatchObject({ orderNos: [orderNo] });
  });

  it('a prize order needs an address', async () => {
    const b = await makeBuyer(t.app);
    const claim = { port: TEST_PORT, ref: 2, skuId: 1, clientKey: clientKey(), note: undefined };
    await expect(
      t.app.rewardsModule.rewards.prizeOrder(b.userId, { ...claim, addressId: undefined }),
    ).rejects.toMatchObject({ id: 'ADDRESS_REQUIRED' });
  });

  it('an unknown kind is refused and gives nothing', async () => {
    const b = await makeBuyer(t.app);
    // A stored row's kind the rewards do not know (the type system cannot see rows).
    const odd = { kind: 'badge', amount: 1 } as unknown as Reward;
    const refused = t.app.deps.db.transaction().execute((trx) =>
      t.app.rewardsModule.rewards.grant(trx, b.userId, odd, {
        source: 'redeem',
        ref: 'x',
        title: 'x',
      }),
    );
    await expect(refused).rejects.toBeInstanceOf(AppError);
    await expect(refused).rejects.toMatchObject({ id: 'REWARD_KIND_UNKNOWN' });
  });

  it('tryGrant: a coupon past the user allowance is not given and the transaction goes on', async () => {
    const { rewards } = t.app.rewardsModule;
    const b = await makeBuyer(t.app);
    const templateId = await makeTemplate(t.app, admin, { perUser: 1, total: 10 });
    const coupon: Reward = { kind: 'coupon', templateId };
    const origin = { source: 'game', ref: 'r', title: '竞猜' } as const;
    const given = await t.app.deps.db
      .transaction()
      .execute(async (trx) => [
        await rewards.tryGrant(trx, b.userId, coupon, origin),
        await rewards.tryGrant(trx, b.userId, coupon, origin),
        await rewards.tryGrant(trx, b.userId, { kind: 'points', amount: 5 }, origin),
      ]);
    expect(given).toEqual([true, false, true]);
    const rows = await t.app.deps.db
      .selectFrom('user_coupon')
      .select('id')
      .where('user_id', '=', b.userId)
      .where('template_id', '=', templateId)
      .execute();
    expect(rows).toHaveLength(1);
    const template = await t.app.deps.db
      .selectFrom('coupon_template')
      .select('issued')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow();
    expect(template.issued).toBe(1);
  });
});
