// The console's 售后 queue: perms, store scope and audit on the merchant's decisions; the money
// back in the buyer's wallet exactly once. Runs in both modes (money).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { ledgerSum } from '../../../test/kits/aftersale-kit.ts';
import {
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../test/kits/console-kit.ts';
import { auditOf, cget, cpost, paidOrder } from '../../../test/kits/order-console-kit.ts';
import { type Buyer, balanceOf, makeBuyer } from '../../../test/kits/order-kit.ts';

let t: TestApp;
let operator: ConsoleUser;
let ownerA: ConsoleUser;
let ownerB: ConsoleUser;
let storeA: number;
let storeB: number;
let buyer: Buyer;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  [storeA, storeB] = [await makeStore(t.app), await makeStore(t.app)];
  ownerA = await makeStoreMember(t.app, operator.token, storeA);
  ownerB = await makeStoreMember(t.app, operator.token, storeB);
  buyer = await makeBuyer(t.app);
});
afterAll(async () => {
  await t.close();
});

type Refund = {
  refundNo: string;
  orderNo: string;
  storeId: number;
  status: string;
  reason: string;
  description: string;
  images: string[];
  canApprove: boolean;
  canReject: boolean;
  canReceive: boolean;
  rejectReason: string | null;
};
type Page = { list: Refund[]; total: number };

/** A paid order of the store and a pending request on its line (仅退款, the whole line). */
async function requested(storeId: number, type: 'refund' | 'return' = 'refund') {
  const o = await paidOrder(t.app, buyer, storeId, 3000);
  if (type === 'return') {
    await cpost(t.app, operator.token, 'order/ship', {
      orderNo: o.orderNo,
      carrier: 'SF',
      trackingNo: `SF${o.id}0000`,
    });
  }
  const res = await call<{ refundNo: string }>(t.app, {
    method: 'POST',
    url: `${API}/order/refundApply`,
    token: buyer.token,
    payload: {
      orderNo: o.orderNo,
      skuId: o.skuId,
      type,
      reason: '商品质量问题',
      description: '有划痕',
      images: ['/uploads/img/a.png', '/uploads/img/b.png'],
      amount: type === 'refund' ? o.payAmount : 3000,
    },
  });
  if (res.status !== 200) throw new Error(`refundApply: ${JSON.stringify(res.body)}`);
  return { ...o, refundNo: res.body.data.refundNo };
}

const statusOf = async (refundNo: string) =>
  (
    await t.app.deps.db
      .selectFrom('refund')
      .select('status')
      .where('refund_no', '=', refundNo)
      .executeTakeFirstOrThrow()
  ).status;

describe('售后 queue (admin/refund/*)', () => {
  it('lists the caller store’s requests with the buyer’s reasons and photos; detail too', async () => {
    const a = await requested(storeA);
    const b = await requested(storeB);
    const mine = await cget<Page>(t.app, ownerA.token, 'refund/list');
    expect(mine.body.data.list.map((r) => r.refundNo)).toEqual([a.refundNo]);
    expect(mine.body.data.list[0]).toMatchObject({
      orderNo: a.orderNo,
      storeId: storeA,
      status: 'pending',
      reason: '商品质量问题',
      description: '有划痕',
      images: ['/uploads/img/a.png', '/uploads/img/b.png'],
      canApprove: true,
      canReject: true,
      canReceive: false,
    });
    const all = await cget<Page>(t.app, operator.token, 'refund/list', { status: 'pending' });
    expect(all.body.data.list.map((r) => r.refundNo)).toEqual([b.refundNo, a.refundNo]);
    const foreign = await cget<Page>(t.app, ownerA.token, 'refund/list', { storeId: storeB });
    expect(foreign.body.data.total).toBe(0);
    const byNo = await cget<Page>(t.app, ownerA.token, 'refund/list', { q: a.orderNo });
    expect(byNo.body.data.list.map((r) => r.refundNo)).toEqual([a.refundNo]);
    const hidden = await cget<Page>(t.app, ownerA.token, 'refund/list', { q: b.refundNo });
    expect(hidden.body.data.total).toBe(0);

    const detail = await cget<Refund & { timeline: unknown[] }>(
      t.app,
      ownerA.token,
      'refund/detail',
      {
        refundNo: a.refundNo,
      },
    );
    expect(detail.body.data).toMatchObject({ refundNo: a.refundNo, reason: '商品质量问题' });
    expect(detail.body.data.timeline).toHaveLength(1);
    const other = await cget(t.app, ownerA.token, 'refund/detail', { refundNo: b.refundNo });
    expect([other.status, other.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    const bad = await cget(t.app, ownerA.token, 'refund/list', { status: 'weird' });
    expect([bad.status, bad.body.error]).toEqual([400, 'INVALID_PARAM']);
  });

  it('approves a refund: the money is back in the wallet once, the decision audited', async () => {
    const r = await requested(storeA);
    const before = await balanceOf(t.app, buyer.token);
    // Store B's 商家 cannot decide it, and nothing moves.
    for (const path of ['refund/approve', 'refund/receive']) {
      const res = await cpost(t.app, ownerB.token, path, { refundNo: r.refundNo });
      expect([res.status, res.body.error], path).toEqual([404, 'REFUND_NOT_FOUND']);
    }
    const rejectB = await cpost(t.app, ownerB.token, 'refund/reject', {
      refundNo: r.refundNo,
      reason: '越权',
    });
    expect(rejectB.body.error).toBe('REFUND_NOT_FOUND');
    expect(await statusOf(r.refundNo)).toBe('pending');
    expect(await auditOf(t.app, 'refund', r.refundNo)).toEqual([]);

    expect(
      (await cpost(t.app, ownerA.token, 'refund/approve', { refundNo: r.refundNo })).body.code,
    ).toBe(1);
    expect(await balanceOf(t.app, buyer.token)).toBe(before + r.payAmount);
    const again = await cpost(t.app, ownerA.token, 'refund/approve', { refundNo: r.refundNo });
    expect([again.status, again.body.error]).toEqual([409, 'REFUND_STATE']);
    expect(await balanceOf(t.app, buyer.token)).toBe(before + r.payAmount);
    expect(await ledgerSum(t.app)).toBe(0);
    expect(await auditOf(t.app, 'refund', r.refundNo)).toEqual([
      {
        actor_id: ownerA.userId,
        action: 'approve',
        store_id: storeA,
        before: { status: 'pending', rejectReason: null },
        after: { status: 'refunded', rejectReason: null },
      },
    ]);
  });

  it('rejects with a reason, and confirms a returned parcel before paying back', async () => {
    const r = await requested(storeA);
    const empty = await cpost(t.app, ownerA.token, 'refund/reject', {
      refundNo: r.refundNo,
      reason: '  ',
    });
    expect([empty.status, empty.body.error]).toEqual([400, 'REFUND_REJECT_REASON_INVALID']);
    const missing = await cpost(t.app, ownerA.token, 'refund/reject', { refundNo: r.refundNo });
    expect([missing.status, missing.body.error]).toEqual([400, 'REFUND_REJECT_REASON_INVALID']);
    const rejected = await cpost(t.app, ownerA.token, 'refund/reject', {
      refundNo: r.refundNo,
      reason: '商品完好，不支持退款',
    });
    expect(rejected.body.code).toBe(1);
    expect(await auditOf(t.app, 'refund', r.refundNo)).toEqual([
      expect.objectContaining({
        action: 'reject',
        after: { status: 'rejected', rejectReason: '商品完好，不支持退款' },
      }),
    ]);

    const ret = await requested(storeA, 'return');
    const before = await balanceOf(t.app, buyer.token);
    const early = await cpost(t.app, ownerA.token, 'refund/receive', { refundNo: ret.refundNo });
    expect([early.status, early.body.error]).toEqual([409, 'REFUND_STATE']);
    await cpost(t.app, ownerA.token, 'refund/approve', { refundNo: ret.refundNo });
    const sent = await call(t.app, {
      method: 'POST',
      url: `${API}/order/returnOrder`,
      token: buyer.token,
      payload: { refundNo: ret.refundNo, carrier: '顺丰速运', trackingNo: 'SF8000000001' },
    });
    expect(sent.status).toBe(200);
    const queue = await cget<Page>(t.app, ownerA.token, 'refund/list', { status: 'returning' });
    expect(queue.body.data.list.map((x) => [x.refundNo, x.canReceive])).toEqual([
      [ret.refundNo, true],
    ]);
    const foreign = await cpost(t.app, ownerB.token, 'refund/receive', { refundNo: ret.refundNo });
    expect(foreign.body.error).toBe('REFUND_NOT_FOUND');
    expect(
      (await cpost(t.app, ownerA.token, 'refund/receive', { refundNo: ret.refundNo })).body.code,
    ).toBe(1);
    expect(await balanceOf(t.app, buyer.token)).toBe(before + 3000);
    expect((await auditOf(t.app, 'refund', ret.refundNo)).map((a) => a.action)).toEqual([
      'approve',
      'receive',
    ]);
  });

  it('needs aftersale.write to decide and aftersale.read to look', async () => {
    const r = await requested(storeA);
    const reader = await makeStoreMember(t.app, ownerA.token, storeA, 'staff', ['aftersale.read']);
    const agent = await makeStoreMember(t.app, ownerA.token, storeA, 'agent');
    expect((await cget(t.app, reader.token, 'refund/list')).status).toBe(200);
    const denied = await cpost(t.app, reader.token, 'refund/approve', { refundNo: r.refundNo });
    expect([denied.status, denied.body.error]).toEqual([403, 'FORBIDDEN']);
    const agentList = await cget(t.app, agent.token, 'refund/list');
    expect([agentList.status, agentList.body.error]).toEqual([403, 'FORBIDDEN']);
    const unknown = await cpost(t.app, ownerA.token, 'refund/approve', { refundNo: 'R0' });
    expect([unknown.status, unknown.body.error]).toEqual([404, 'REFUND_NOT_FOUND']);
    expect(await statusOf(r.refundNo)).toBe('pending');
  });
});
