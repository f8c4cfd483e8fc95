import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import {
  BARGAIN_TEST_ENV,
  help,
  makeHelper,
  makeItem,
  start,
} from '../../../test/kits/bargain-kit.ts';
import { makeBuyer } from '../../../test/kits/order-kit.ts';
import type { BargainSweeper } from './help/bargain-sweeper.ts';

// A help's coupon reward is given in the help's own transaction: help and coupon commit together,
// and a template that cannot give one leaves the help counted with its reward failed.

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp(BARGAIN_TEST_ENV);
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t.close();
});

const template = (total: number) =>
  t.app.couponModule.coupons.createTemplate({
    name: '砍价助力券',
    kind: 'full',
    scope: 'platform',
    threshold: 5000,
    amount: 500,
    validDays: 7,
    total,
    perUser: 5,
    claimable: false,
  });

/** A running bargain on an item whose helps reward a coupon of the template. */
async function couponBargain(templateId: number) {
  const { itemId } = await makeItem(t.app, admin, {
    helpersNeeded: 3,
    rewardKind: 'coupon',
    couponTemplateId: templateId,
  });
  const who = await makeBuyer(t.app);
  const s = await start(t.app, who.token, itemId);
  expect(s.status).toBe(200);
  return s.body.data.bargain.id;
}

const couponsOf = (userId: number) =>
  t.app.deps.db
    .selectFrom('user_coupon')
    .select(['template_id', 'source'])
    .where('user_id', '=', userId)
    .execute();

const rewardOf = async (bargainId: number, userId: number) =>
  (
    await t.app.deps.db
      .selectFrom('bargain_help')
      .select(['id', 'reward_status'])
      .where('bargain_id', '=', bargainId)
      .where('helper_id', '=', userId)
      .executeTakeFirstOrThrow()
  ).reward_status;

const issued = async (templateId: number) =>
  (
    await t.app.deps.db
      .selectFrom('coupon_template')
      .select('issued')
      .where('id', '=', templateId)
      .executeTakeFirstOrThrow()
  ).issued;

describe('a help with a coupon reward', () => {
  it('leaves exactly one coupon in the helper’s wallet and the reward given', async () => {
    const templateId = await template(100);
    const id = await couponBargain(templateId);
    const helper = await makeHelper(t.app);
    const r = await help(t.app, helper.token, id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({ helpsDone: 1, reward: { kind: 'coupon' } });
    expect(await couponsOf(helper.userId)).toEqual([
      { template_id: templateId, source: 'bargain' },
    ]);
    expect(await rewardOf(id, helper.userId)).toBe('given');
    expect(await issued(templateId)).toBe(1);
    // A second try of the same help neither counts nor gives another coupon.
    const again = await help(t.app, helper.token, id);
    expect(again.body.error).toBe('BARGAIN_HELPED');
    expect(await couponsOf(helper.userId)).toHaveLength(1);
  });

  it('counts the help with its reward failed when the template is exhausted', async () => {
    const templateId = await template(1);
    const id = await couponBargain(templateId);
    const [first, second] = [await makeHelper(t.app), await makeHelper(t.app)];
    expect((await help(t.app, first.token, id)).status).toBe(200);
    expect(await rewardOf(id, first.userId)).toBe('given');
    const r = await help(t.app, second.token, id);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.helpsDone).toBe(2);
    expect(await rewardOf(id, second.userId)).toBe('failed');
    expect(await couponsOf(second.userId)).toEqual([]);
    expect(await issued(templateId)).toBe(1);
    const b = await t.app.deps.db
      .selectFrom('bargain')
      .select('helps_done')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(b.helps_done).toBe(2);
  });
});

describe('rewards left pending by helps written before this', () => {
  /** Makes the helper's help look like one written before rewards were given in its transaction. */
  async function legacyPending(bargainId: number, userId: number, templateId: number) {
    await t.app.deps.db
      .updateTable('bargain_help')
      .set({
        reward_kind: 'coupon',
        coupon_template_id: templateId,
        reward_status: 'pending',
        created_at: new Date(Date.now() - 10 * 60_000),
      })
      .where('bargain_id', '=', bargainId)
      .where('helper_id', '=', userId)
      .execute();
  }

  it('are settled once by the sweeper, on every node at once', async () => {
    const templateId = await template(100);
    const { itemId } = await makeItem(t.app, admin, { helpersNeeded: 3 });
    const who = await makeBuyer(t.app);
    const id = (await start(t.app, who.token, itemId)).body.data.bargain.id;
    const helper = await makeHelper(t.app);
    expect((await help(t.app, helper.token, id)).status).toBe(200);
    await legacyPending(id, helper.userId, templateId);
    const sweepers: BargainSweeper[] = [t.app.bargainModule.sweeper];
    if (TEST_DB === 'postgres') sweepers.push((await t.secondNode()).bargainModule.sweeper);
    await Promise.all([...sweepers, ...sweepers].map((s) => s.sweep()));
    expect(await rewardOf(id, helper.userId)).toBe('given');
    expect(await couponsOf(helper.userId)).toEqual([
      { template_id: templateId, source: 'bargain' },
    ]);
    await t.app.bargainModule.sweeper.sweep();
    expect(await couponsOf(helper.userId)).toHaveLength(1);
  });

  it('fail without a coupon when the template is exhausted', async () => {
    const templateId = await template(1);
    await t.app.couponModule.coupons.issue(templateId, [(await makeHelper(t.app)).userId]);
    const { itemId } = await makeItem(t.app, admin, { helpersNeeded: 3 });
    const who = await makeBuyer(t.app);
    const id = (await start(t.app, who.token, itemId)).body.data.bargain.id;
    const helper = await makeHelper(t.app);
    expect((await help(t.app, helper.token, id)).status).toBe(200);
    await legacyPending(id, helper.userId, templateId);
    await t.app.bargainModule.sweeper.sweep();
    expect(await rewardOf(id, helper.userId)).toBe('failed');
    expect(await couponsOf(helper.userId)).toEqual([]);
  });
});
