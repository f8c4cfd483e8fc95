import type {
  PayoutAccountData,
  Withdrawal,
  WithdrawalPage,
  WithdrawInfoData,
} from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { get, ledgerSum, post } from '../../../../test/kits/aftersale-kit.ts';
import { type Buyer, clientKey, waitFor } from '../../../../test/kits/order-kit.ts';
import {
  buy,
  commissionBalance,
  invitee,
  promoAppPerFile,
  promoter,
  verifyRealName,
} from '../../../../test/kits/promotion-kit.ts';

const kit = promoAppPerFile({
  WITHDRAW_DAILY_LIMIT: '3',
  WITHDRAW_MIN: '1000',
  WITHDRAW_FEE_BP: '60',
});

/** A promoter with a bound account and `orders` settled ¥10 commissions. */
async function earner(orders: number): Promise<Buyer> {
  const { app, admin } = kit;
  const p = await promoter(app, admin);
  const buyer = await invitee(app, p);
  for (let i = 0; i < orders; i++) await buy(kit, buyer, 'received');
  await app.promotionModule.sweep();
  await verifyRealName(app, p);
  const bound = await post(app, 'withdraw/account', p.token, {
    account: 'promoter@example.com',
    realName: '张小三',
  });
  expect(bound.status, JSON.stringify(bound.body)).toBe(200);
  return p;
}

const applyFor = (p: Buyer, amount: number, key = clientKey()) =>
  post<Withdrawal>(kit.app, 'withdraw/apply', p.token, {
    amount,
    password: '135790',
    clientKey: key,
  });

const settled = (p: Buyer, no: string) =>
  waitFor(
    () => get<Withdrawal>(kit.app, 'withdraw/detail', p.token, { withdrawNo: no }),
    (r) => r.body.data.state !== 'paying',
  );

describe('withdrawal', () => {
  it('binds an account only under the verified real name', async () => {
    const { app, admin } = kit;
    const p = await promoter(app, admin);
    const first = await post(app, 'withdraw/account', p.token, {
      account: '13800001111',
      realName: '张小三',
    });
    expect(first.body).toMatchObject({ code: 409, error: 'REAL_NAME_REQUIRED' });
    await verifyRealName(app, p, '张小三');
    const wrong = await post(app, 'withdraw/account', p.token, {
      account: '13800001111',
      realName: '张大三',
    });
    expect(wrong.body).toMatchObject({ code: 400, error: 'PAYOUT_NAME_MISMATCH' });
    const bad = await post(app, 'withdraw/account', p.token, {
      account: 'not an account',
      realName: '张小三',
    });
    expect(bad.body).toMatchObject({ code: 400, error: 'PAYOUT_ACCOUNT_INVALID' });
    const ok = await post<PayoutAccountData>(app, 'withdraw/account', p.token, {
      account: '13800001111',
      realName: '张小三',
    });
    expect(ok.body.data).toMatchObject({
      account: '13800001111',
      realName: '张*三',
      realNameVerified: true,
    });
  });

  it('holds the amount at once; approval pays the net through the signed notify, once', async () => {
    const { app, admin } = kit;
    const p = await earner(2); // ¥20.00
    const key = clientKey();
    const [x, y] = await Promise.all([applyFor(p, 1_500, key), applyFor(p, 1_500, key)]);
    expect(x.status).toBe(200);
    expect(y.body.data.withdrawNo).toBe(x.body.data.withdrawNo);
    const w = x.body.data;
    expect(w).toMatchObject({
      amount: 1_500,
      fee: 9,
      net: 1_491,
      state: 'pending',
      stateText: '审核中',
    });
    expect(await commissionBalance(app, p)).toBe(500);
    const info = (await get<WithdrawInfoData>(app, 'withdraw/info', p.token)).body.data;
    expect(info).toMatchObject({ withdrawable: 500, todayCount: 1, isPromoter: true });

    const approve = await post(app, 'admin/withdraw/approve', admin, { withdrawNo: w.withdrawNo });
    expect(approve.status).toBe(200);
    const done = await settled(p, w.withdrawNo);
    expect(done.body.data).toMatchObject({ state: 'succeeded', stateText: '提现成功' });
    expect(
      (await post(app, 'admin/withdraw/approve', admin, { withdrawNo: w.withdrawNo })).body.error,
    ).toBe('WITHDRAW_STATE');
    // A replayed notify and a forged one change nothing.
    const sandbox = { withdrawNo: w.withdrawNo, amount: w.net, result: 'failed', nonce: 'n1' };
    const forged = await post(app, 'pay/payoutNotify', undefined, { ...sandbox, sign: 'x' });
    expect(forged.body).toMatchObject({ code: 400, error: 'PAY_SIGNATURE_INVALID' });
    expect(await commissionBalance(app, p)).toBe(500);
    const paid = await app.deps.db
      .selectFrom('ledger_txn')
      .select('kind')
      .where('ref', '=', w.withdrawNo)
      .execute();
    expect(paid.map((t) => t.kind).sort()).toEqual(['withdraw_hold', 'withdraw_paid']);
    expect(await ledgerSum(app)).toBe(0);
  });

  it('a rejection returns the hold; the list shows every state', async () => {
    const { app, admin } = kit;
    const p = await earner(1);
    const w = (await applyFor(p, 1_000)).body.data;
    expect(await commissionBalance(app, p)).toBe(0);
    const empty = await post(app, 'admin/withdraw/reject', admin, {
      withdrawNo: w.withdrawNo,
      reason: ' ',
    });
    expect(empty.body.error).toBe('WITHDRAW_REJECT_REASON');
    const rejected = await post<Withdrawal>(app, 'admin/withdraw/reject', admin, {
      withdrawNo: w.withdrawNo,
      reason: '账户信息有误',
    });
    expect(rejected.body.data).toMatchObject({ state: 'rejected', rejectReason: '账户信息有误' });
    expect(await commissionBalance(app, p)).toBe(1_000);
    const list = (await get<WithdrawalPage>(app, 'withdraw/list', p.token)).body.data;
    expect(list.list.map((x) => x.state)).toEqual(['rejected']);
    expect(await ledgerSum(app)).toBe(0);
  });

  it('refuses below the minimum, beyond the balance, past the daily limit, for non-promoters', async () => {
    const { app } = kit;
    const p = await earner(1);
    expect((await applyFor(p, 999)).body).toMatchObject({
      code: 400,
      error: 'WITHDRAW_MIN',
      msg: '单笔提现金额不能低于¥10.00',
    });
    expect((await applyFor(p, 1_001)).body).toMatchObject({
      code: 409,
      error: 'WITHDRAW_NOT_ENOUGH',
    });
    const wrongPwd = await post(app, 'withdraw/apply', p.token, {
      amount: 1_000,
      password: '000000',
      clientKey: clientKey(),
    });
    expect(wrongPwd.body.error).toBe('PAY_PASSWORD_WRONG');
    for (const bad of [
      { amount: -5 },
      { amount: 'x' },
      { amount: 1.5 },
      { amount: 1000, password: '12' },
    ]) {
      const res = await post(app, 'withdraw/apply', p.token, {
        password: '135790',
        clientKey: clientKey(),
        ...bad,
      });
      expect(res.status).toBe(400);
    }
    // Three applications a day (rejected ones count): the fourth is refused, at once or not.
    const { admin } = kit;
    const first = (await applyFor(p, 1_000)).body.data;
    await post(app, 'admin/withdraw/reject', admin, {
      withdrawNo: first.withdrawNo,
      reason: '测试',
    });
    const second = (await applyFor(p, 1_000)).body.data;
    await post(app, 'admin/withdraw/reject', admin, {
      withdrawNo: second.withdrawNo,
      reason: '测试',
    });
    const results = await Promise.all([applyFor(p, 1_000), applyFor(p, 1_000)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 429]);
    expect(results.find((r) => r.status === 429)?.body.error).toBe('WITHDRAW_DAILY_LIMIT');
    const plain = await invitee(app);
    expect((await applyFor(plain, 1_000)).body).toMatchObject({
      code: 403,
      error: 'PROMOTER_ONLY',
    });
  });

  it('never pays out twice the balance under concurrent applications', async () => {
    const { app } = kit;
    const p = await earner(2); // ¥20.00
    const results = await Promise.all([1, 2, 3].map(() => applyFor(p, 1_000)));
    const okCount = results.filter((r) => r.status === 200).length;
    expect(okCount).toBe(2);
    expect(await commissionBalance(app, p)).toBe(0);
    expect(results.find((r) => r.status !== 200)?.body.error).toMatch(
      /WITHDRAW_NOT_ENOUGH|WITHDRAW_DAILY_LIMIT/,
    );
  });

  it('a failed payout returns the money; another user never sees a withdrawal', async () => {
    const { app, admin } = kit;
    const p = await earner(1);
    await post(app, 'withdraw/account', p.token, {
      account: 'fail@example.com',
      realName: '张小三',
    });
    const w = (await applyFor(p, 1_000)).body.data;
    await post(app, 'admin/withdraw/approve', admin, { withdrawNo: w.withdrawNo });
    expect((await settled(p, w.withdrawNo)).body.data.state).toBe('failed');
    expect(await commissionBalance(app, p)).toBe(1_000);
    const other = await invitee(app);
    const peek = await get(app, 'withdraw/detail', other.token, { withdrawNo: w.withdrawNo });
    expect(peek.body).toMatchObject({ code: 404, error: 'WITHDRAW_NOT_FOUND' });
    expect((await get<WithdrawalPage>(app, 'withdraw/list', other.token)).body.data.total).toBe(0);
    expect((await get(app, 'admin/withdraw/list', other.token)).status).toBe(403);
  });
});
