// The console's 用户 pages: search, a user's page (orders, ledger balances, sessions), ban / unban
// ending sessions on every node, pay-password lock, real name, test flag, the audited reveal.
import type { AuditRow, ConsoleUserDetail, ConsoleUserRow, PageOf } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  call,
  createTestApp,
  login,
  TEST_DB,
  type TestApp,
} from '../../../../test/helpers.ts';
import {
  adminGet,
  adminPost,
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../../test/kits/console-kit.ts';
import { placeAndPay } from '../../../../test/kits/dashboard-kit.ts';
import { type Buyer, makeBuyer, makeProduct, topUp } from '../../../../test/kits/order-kit.ts';
import { idCardCheckChar } from '../identity.ts';

let t: TestApp;
let node2: FastifyInstance | undefined;
let op: ConsoleUser;
let buyer: Buyer;

const idCard = () => {
  const first17 = `11010119900307${String(Math.floor(Math.random() * 900) + 100)}`;
  return first17 + idCardCheckChar(first17);
};
const list = (q: string) => adminGet<PageOf<ConsoleUserRow>>(t.app, op.token, `user/list?${q}`);
const detail = (id: number) => adminGet<ConsoleUserDetail>(t.app, op.token, `user/detail?id=${id}`);
const me = (app: FastifyInstance, token: string) =>
  call(app, { method: 'GET', url: `${API}/user/queryUser`, token });
const auditOf = async (id: number, action: string) =>
  (
    await adminGet<PageOf<AuditRow>>(
      t.app,
      op.token,
      `audit/list?resource=user&resourceId=${id}&pageSize=50`,
    )
  ).body.data.list.filter((r) => r.action === action);

beforeAll(async () => {
  // Sessions cached for a minute: a ban must end them by invalidation, not by expiry.
  t = await createTestApp({ AUTH_CACHE_MS: '60000' });
  if (TEST_DB === 'postgres') node2 = await t.secondNode();
  op = await makeOperator(t.app);
  buyer = await makeBuyer(t.app);
  const shop = await makeProduct(t.app, { price: 2500, stock: 20 });
  await placeAndPay(t.app, buyer, [{ skuId: shop.skuIds[0] as number, quantity: 1 }]);
  await topUp(t.app, buyer.token, 1234);
});

afterAll(async () => {
  await t?.close();
});

describe('list and detail', () => {
  it('finds by id, phone digits and nickname; phones masked', async () => {
    const byId = await list(`q=${buyer.userId}`);
    expect(byId.status).toBe(200);
    expect(byId.body.data.list.map((u) => u.id)).toContain(buyer.userId);
    const byPhone = (await list(`q=${buyer.phone.slice(3, 9)}`)).body.data.list;
    const row = byPhone.find((u) => u.id === buyer.userId);
    expect(row?.phone).toBe(`${buyer.phone.slice(0, 3)}****${buyer.phone.slice(7)}`);
    await t.app.deps.db
      .updateTable('app_user')
      .set({ nickname: '控制台小潮' })
      .where('id', '=', buyer.userId)
      .execute();
    const byName = (await list('q=小潮')).body.data;
    expect(byName.list.map((u) => u.id)).toEqual([buyer.userId]);
    expect((await list('q=nobody_like_this')).body.data.total).toBe(0);
  });

  it('filters by status, test flag and registration day; sorts', async () => {
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    const all = (await list('pageSize=100')).body.data;
    expect(all.total).toBeGreaterThanOrEqual(2);
    const todays = (await list(`registeredFrom=${today}&registeredTo=${today}&pageSize=100`)).body
      .data;
    expect(todays.total).toBe(all.total);
    expect((await list('registeredFrom=2000-01-01&registeredTo=2000-01-02')).body.data.total).toBe(
      0,
    );
    expect((await list('status=banned')).body.data.total).toBe(0);
    const asc = (await list('sort=createdAt&order=asc&pageSize=100')).body.data.list.map(
      (u) => u.id,
    );
    expect(asc).toEqual([...asc].sort((x, y) => x - y));
    const desc = (await list('pageSize=100')).body.data.list.map((u) => u.id);
    expect(desc).toEqual([...asc].reverse());
  });

  it("a user's page: orders, ledger balances, sessions, real name", async () => {
    const res = await detail(buyer.userId);
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.profile).toMatchObject({ id: buyer.userId, status: 'normal', hasPayPassword: true });
    expect(d.orders).toMatchObject({ total: 1, paid: 1, paidAmount: 3300 });
    expect(d.orders.recent[0]).toMatchObject({ status: 'unshipped', payAmount: 3300 });
    const ledger = t.app.orderModule.ledger;
    expect(d.balances).toEqual({
      wallet: 1234,
      redPacket: 0,
      points: await ledger.pointsOf(buyer.userId),
      commission: 0,
    });
    expect(d.balances.points).toBeGreaterThan(0); // the day's first order earned some
    expect(d.sessions.length).toBeGreaterThanOrEqual(1);
    expect(d.realName).toMatchObject({ verified: false, idCardKept: false });
  });
});

describe('actions, each audited', () => {
  it('a ban ends the user’s sessions on every node at once; unban lets them back', async () => {
    const { token, phone } = await login(t.app);
    const password = { phone, password: 'Chaopin2026' };
    const passwordLogin = () =>
      call<{ token: string }>(t.app, {
        method: 'POST',
        url: `${API}/user/login`,
        payload: password,
      });
    const set = await call(t.app, {
      method: 'POST',
      url: `${API}/user/modifyPassword`,
      token,
      payload: { password: password.password },
    });
    expect(set.status).toBe(200);
    const user = (await list(`q=${phone}`)).body.data.list[0] as ConsoleUserRow;
    const nodes = [t.app, ...(node2 ? [node2] : [])];
    for (const node of nodes) expect((await me(node, token)).status).toBe(200); // cached on each
    const banned = await adminPost(t.app, op.token, 'user/ban', { id: user.id, reason: '刷单' });
    expect(banned.status).toBe(200);
    await new Promise((r) => setTimeout(r, 100)); // pub/sub delivery to the other node
    for (const node of nodes) expect((await me(node, token)).status).toBe(401);
    const again = await passwordLogin();
    expect([again.status, again.body.error]).toEqual([403, 'USER_DISABLED']);
    const d = (await detail(user.id)).body.data;
    expect(d.profile).toMatchObject({ status: 'banned', banReason: '刷单' });
    expect(d.sessions).toEqual([]);
    expect((await list('status=banned')).body.data.list.map((u) => u.id)).toEqual([user.id]);
    const twice = await adminPost(t.app, op.token, 'user/ban', { id: user.id, reason: '刷单' });
    expect([twice.status, twice.body.error]).toEqual([409, 'USER_ALREADY_BANNED']);

    expect((await adminPost(t.app, op.token, 'user/unban', { id: user.id })).status).toBe(200);
    const back = await passwordLogin();
    expect(back.status).toBe(200);
    expect((await me(t.app, back.body.data.token)).status).toBe(200);
    const unbanTwice = await adminPost(t.app, op.token, 'user/unban', { id: user.id });
    expect([unbanTwice.status, unbanTwice.body.error]).toEqual([409, 'USER_NOT_BANNED']);
    const [ban] = await auditOf(user.id, 'ban');
    expect(ban?.diff).toEqual({ status: ['normal', 'banned'], banReason: [null, '刷单'] });
    expect(ban?.actorId).toBe(op.userId);
    expect(await auditOf(user.id, 'unban')).toHaveLength(1);
  });

  it('lifts a pay-password lock', async () => {
    const none = await adminPost(t.app, op.token, 'user/unlockPayPassword', { id: buyer.userId });
    expect([none.status, none.body.error]).toEqual([409, 'PAY_PASSWORD_NOT_LOCKED']);
    await t.app.deps.db
      .updateTable('app_user')
      .set({ pay_password_fails: 5, pay_password_locked_until: new Date(Date.now() + 3_600_000) })
      .where('id', '=', buyer.userId)
      .execute();
    expect((await detail(buyer.userId)).body.data.profile.payPasswordLockedUntil).not.toBeNull();
    const res = await adminPost(t.app, op.token, 'user/unlockPayPassword', { id: buyer.userId });
    expect(res.status).toBe(200);
    const d = (await detail(buyer.userId)).body.data.profile;
    expect([d.payPasswordLockedUntil, d.payPasswordFails]).toEqual([null, 0]);
    const [row] = await auditOf(buyer.userId, 'unlockPayPassword');
    expect(row?.diff.payPasswordFails).toEqual([5, 0]);
  });

  it('reveals the full phone and ID number (audited), resets the real name', async () => {
    const id = idCard();
    const verified = await call(t.app, {
      method: 'POST',
      url: `${API}/user/RealNameAuthentication`,
      token: buyer.token,
      payload: { realName: '张小三', idCard: id },
    });
    expect(verified.status).toBe(200);
    const d = (await detail(buyer.userId)).body.data.realName;
    expect(d).toMatchObject({ verified: true, realName: '张*三', idCardKept: true });
    expect(d.idCard).not.toBe(id);
    const phone = await adminGet<{ value: string }>(
      t.app,
      op.token,
      `user/reveal?id=${buyer.userId}&field=phone`,
    );
    expect(phone.body.data.value).toBe(buyer.phone);
    const card = await adminGet<{ value: string }>(
      t.app,
      op.token,
      `user/reveal?id=${buyer.userId}&field=idCard`,
    );
    expect(card.body.data.value).toBe(id);
    const reveals = await auditOf(buyer.userId, 'reveal');
    expect(reveals.map((r) => r.after)).toEqual([{ field: 'idCard' }, { field: 'phone' }]);
    expect(JSON.stringify(reveals)).not.toContain(id);

    expect(
      (await adminPost(t.app, op.token, 'user/resetRealName', { id: buyer.userId })).status,
    ).toBe(200);
    expect((await detail(buyer.userId)).body.data.realName.verified).toBe(false);
    const gone = await adminGet(t.app, op.token, `user/reveal?id=${buyer.userId}&field=idCard`);
    expect([gone.status, gone.body.error]).toEqual([409, 'REAL_NAME_NOT_DONE']);
    const reset2 = await adminPost(t.app, op.token, 'user/resetRealName', { id: buyer.userId });
    expect([reset2.status, reset2.body.error]).toEqual([409, 'REAL_NAME_NOT_DONE']);
    expect((await auditOf(buyer.userId, 'resetRealName'))[0]?.diff.realName).toEqual([
      '张*三',
      null,
    ]);
  });

  it('marks a test account', async () => {
    const res = await adminPost(t.app, op.token, 'user/markTest', { id: buyer.userId, test: true });
    expect(res.status).toBe(200);
    expect((await list('test=true')).body.data.list.map((u) => u.id)).toEqual([buyer.userId]);
    expect((await auditOf(buyer.userId, 'markTest'))[0]?.diff).toEqual({ isTest: [false, true] });
  });
});

describe('refusals', () => {
  it('store roles are refused every user route', async () => {
    const storeId = await makeStore(t.app);
    const owner = await makeStoreMember(t.app, op.token, storeId, 'owner');
    const gets = [
      'user/list',
      `user/detail?id=${buyer.userId}`,
      `user/reveal?id=${buyer.userId}&field=phone`,
    ];
    for (const path of gets) {
      const res = await adminGet(t.app, owner.token, path);
      expect([path, res.status, res.body.error]).toEqual([path, 403, 'FORBIDDEN']);
    }
    const posts: [string, Record<string, unknown>][] = [
      ['user/ban', { id: buyer.userId, reason: 'x' }],
      ['user/unban', { id: buyer.userId }],
      ['user/unlockPayPassword', { id: buyer.userId }],
      ['user/resetRealName', { id: buyer.userId }],
      ['user/markTest', { id: buyer.userId, test: false }],
    ];
    for (const [path, body] of posts) {
      const res = await adminPost(t.app, owner.token, path, body);
      expect([path, res.status, res.body.error]).toEqual([path, 403, 'FORBIDDEN']);
    }
    expect((await adminGet(t.app, buyer.token, 'user/list')).status).toBe(403);
  });

  it('bad input answers 4xx with its catalogue id', async () => {
    const gets: [string, number, string][] = [
      ['user/detail?id=0', 404, 'CONSOLE_USER_NOT_FOUND'],
      ['user/detail?id=2000000000', 404, 'CONSOLE_USER_NOT_FOUND'],
      ['user/detail?id=abc', 404, 'CONSOLE_USER_NOT_FOUND'],
      [`user/reveal?id=${buyer.userId}&field=email`, 400, 'REVEAL_FIELD_INVALID'],
      ['user/list?registeredFrom=2025-02-30', 400, 'DATE_RANGE_INVALID'],
      ['user/list?registeredFrom=2025-03-02&registeredTo=2025-03-01', 400, 'DATE_RANGE_INVALID'],
      ['user/list?status=gone', 400, 'INVALID_PARAM'],
      ['user/list?sort=phone', 400, 'INVALID_PARAM'],
      ['user/list?pageSize=1000', 400, 'PAGE_INVALID'],
    ];
    for (const [path, status, error] of gets) {
      const res = await adminGet(t.app, op.token, path);
      expect([path, res.status, res.body.error]).toEqual([path, status, error]);
    }
    const posts: [string, Record<string, unknown>, number, string][] = [
      ['user/ban', { id: buyer.userId, reason: '' }, 400, 'USER_BAN_REASON_INVALID'],
      ['user/ban', { id: buyer.userId, reason: '   ' }, 400, 'USER_BAN_REASON_INVALID'],
      ['user/ban', { id: buyer.userId, reason: 'x'.repeat(201) }, 400, 'USER_BAN_REASON_INVALID'],
      ['user/ban', { id: op.userId, reason: '测试' }, 409, 'USER_BAN_SELF'],
      ['user/ban', { id: 2_000_000_000, reason: '测试' }, 404, 'CONSOLE_USER_NOT_FOUND'],
      ['user/unban', {}, 404, 'CONSOLE_USER_NOT_FOUND'],
      ['user/markTest', { id: buyer.userId, test: 'maybe' }, 400, 'INVALID_PARAM'],
    ];
    for (const [path, body, status, error] of posts) {
      const res = await adminPost(t.app, op.token, path, body);
      expect([path, res.status, res.body.error]).toEqual([path, status, error]);
    }
  });
});
