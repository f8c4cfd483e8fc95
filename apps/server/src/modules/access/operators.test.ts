// 平台运营 managed in the console: an operator makes another user an operator by phone and removes
// one (never themselves, never the last); every change audited; nobody else reaches it, and a
// store's people never make an operator or another store's staff (the IDOR matrix of staff routes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import {
  adminGet,
  adminPost,
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../test/kits/console-kit.ts';

let t: TestApp;
let operator: ConsoleUser;
let storeA: number;
let storeB: number;
let ownerA: ConsoleUser;
let ownerB: ConsoleUser;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  storeA = await makeStore(t.app);
  storeB = await makeStore(t.app);
  ownerA = await makeStoreMember(t.app, operator.token, storeA);
  ownerB = await makeStoreMember(t.app, operator.token, storeB);
});
afterAll(async () => {
  await t.close();
});

type Row = { userId: number; nickname: string; phone: string; self: boolean };
type Page = { list: Row[]; total: number };

const operatorIds = async () =>
  (
    await t.app.deps.db
      .selectFrom('app_user')
      .select('id')
      .where('role', '=', 'admin')
      .orderBy('id')
      .execute()
  ).map((r) => r.id);

describe('平台运营 managed by an operator', () => {
  it('makes a registered phone an operator, lists and removes them; both audited', async () => {
    const someone = await login(t.app);
    const made = await adminPost<{ userId: number }>(t.app, operator.token, 'operator/save', {
      phone: someone.phone,
    });
    expect(made.status).toBe(200);
    const userId = made.body.data.userId;
    const me = await adminGet<{ role: string; permissions: string[] }>(t.app, someone.token, 'me');
    expect(me.body.data).toMatchObject({ role: 'operator', permissions: ['*'] });

    const list = await adminGet<Page>(t.app, operator.token, 'operator/list?pageSize=50');
    expect(list.status).toBe(200);
    const rows = list.body.data.list;
    expect(rows.find((r) => r.userId === userId)).toMatchObject({ self: false });
    expect(rows.find((r) => r.userId === operator.userId)).toMatchObject({ self: true });
    expect(rows.every((r) => /\*{4}/.test(r.phone))).toBe(true);
    expect(list.body.data.total).toBe((await operatorIds()).length);

    const removed = await adminPost(t.app, operator.token, 'operator/delete', { userId });
    expect(removed.status).toBe(200);
    const after = await adminGet(t.app, someone.token, 'me');
    expect([after.status, after.body.error]).toEqual([403, 'NOT_STAFF']);
    expect(await operatorIds()).not.toContain(userId);

    const log = await t.app.deps.db
      .selectFrom('audit_log')
      .select(['action', 'actor_id', 'store_id', 'diff'])
      .where('resource', '=', 'operator')
      .where('resource_id', '=', String(userId))
      .orderBy('id')
      .execute();
    expect(log).toEqual([
      {
        action: 'create',
        actor_id: operator.userId,
        store_id: null,
        diff: { role: [null, 'operator'] },
      },
      {
        action: 'delete',
        actor_id: operator.userId,
        store_id: null,
        diff: { role: ['operator', null] },
      },
    ]);
  });

  it('refuses bad input with the catalogue errors', async () => {
    const other = await makeOperator(t.app);
    const shopper = await login(t.app);
    const saves: Array<[unknown, number, string]> = [
      [{ phone: 'abc' }, 400, 'PHONE_INVALID'],
      [{}, 400, 'PHONE_INVALID'],
      [{ phone: '13999999990' }, 404, 'USER_NOT_FOUND'],
      [{ phone: other.phone }, 409, 'OPERATOR_EXISTS'],
      [{ phone: operator.phone }, 409, 'OPERATOR_EXISTS'],
      [{ phone: ownerA.phone }, 409, 'OPERATOR_IS_STAFF'],
    ];
    for (const [body, status, error] of saves) {
      const res = await adminPost(
        t.app,
        operator.token,
        'operator/save',
        body as Record<string, unknown>,
      );
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
    const shopperId = (
      await t.app.deps.db
        .selectFrom('app_user')
        .select('id')
        .where('phone', '=', shopper.phone)
        .executeTakeFirstOrThrow()
    ).id;
    const removes: Array<[unknown, number, string]> = [
      [{ userId: operator.userId }, 409, 'OPERATOR_SELF'],
      [{ userId: shopperId }, 404, 'OPERATOR_NOT_FOUND'],
      [{ userId: 0 }, 404, 'OPERATOR_NOT_FOUND'],
      [{ userId: 'x' }, 404, 'OPERATOR_NOT_FOUND'],
      [{}, 404, 'OPERATOR_NOT_FOUND'],
    ];
    for (const [body, status, error] of removes) {
      const res = await adminPost(
        t.app,
        operator.token,
        'operator/delete',
        body as Record<string, unknown>,
      );
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
    // An operator is not also made a store's member.
    const asStaff = await adminPost(t.app, operator.token, 'staff/save', {
      phone: other.phone,
      role: 'agent',
      storeId: storeA,
    });
    expect([asStaff.status, asStaff.body.error]).toEqual([409, 'STAFF_IS_OPERATOR']);
    // Nothing of it was written.
    expect(await operatorIds()).toContain(other.userId);
  });

  it('a 商家, a 店员 with staff.write and a shopper never reach operators nor another store', async () => {
    const clerkA = await makeStoreMember(t.app, ownerA.token, storeA, 'staff', [
      'staff.read',
      'staff.write',
      'order.read',
    ]);
    const shopper = await login(t.app);
    const target = await login(t.app);
    const rowB = await t.app.deps.db
      .selectFrom('staff_member')
      .select('id')
      .where('user_id', '=', ownerB.userId)
      .executeTakeFirstOrThrow();
    const before = await operatorIds();
    for (const who of [ownerA, clerkA, { token: shopper.token }]) {
      const tries: Array<[string, string, Record<string, unknown>, string]> = [
        ['GET', 'operator/list', {}, 'FORBIDDEN'],
        ['POST', 'operator/save', { phone: target.phone }, 'FORBIDDEN'],
        ['POST', 'operator/delete', { userId: operator.userId }, 'FORBIDDEN'],
      ];
      for (const [method, path, body, error] of tries) {
        const res =
          method === 'GET'
            ? await adminGet(t.app, who.token, path)
            : await adminPost(t.app, who.token, path, body);
        expect([path, res.status, res.body.error]).toEqual([path, 403, error]);
      }
    }
    // Staff routes, as the store's 商家 and its 店员 with staff.write: never an operator, never
    // another store's member, never a 商家.
    for (const who of [ownerA, clerkA]) {
      const tries: Array<[string, Record<string, unknown>, string]> = [
        ['staff/save', { phone: target.phone, role: 'operator' }, 'STAFF_ROLE_INVALID'],
        [
          'staff/save',
          { phone: target.phone, role: 'operator', storeId: storeA },
          'STAFF_ROLE_INVALID',
        ],
        ['staff/save', { phone: target.phone, role: 'agent', storeId: storeB }, 'STORE_NOT_FOUND'],
        ['staff/save', { phone: target.phone, role: 'owner', storeId: storeA }, 'FORBIDDEN'],
        ['staff/save', { id: rowB.id, role: 'staff', storeId: storeB }, 'STORE_NOT_FOUND'],
        ['staff/save', { id: rowB.id, role: 'staff', storeId: storeA }, 'STAFF_NOT_FOUND'],
        ['staff/delete', { id: rowB.id }, 'STAFF_NOT_FOUND'],
      ];
      for (const [path, body, error] of tries) {
        const res = await adminPost(t.app, who.token, path, body);
        expect([path, body, res.body.error]).toEqual([path, body, error]);
        expect(res.status).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
      }
      const listB = await adminGet<{ total: number }>(
        t.app,
        who.token,
        `staff/list?storeId=${storeB}`,
      );
      expect(listB.body.data.total).toBe(0);
      const asOperator = await adminGet<{ total: number }>(
        t.app,
        who.token,
        'staff/list?role=operator',
      );
      expect(asOperator.body.data.total).toBe(0);
    }
    expect(await operatorIds()).toEqual(before);
    const stillB = await adminGet(t.app, ownerB.token, 'me');
    expect(stillB.status).toBe(200);
    const targetMe = await adminGet(t.app, target.token, 'me');
    expect(targetMe.body.error).toBe('NOT_STAFF');
  });

  it('two operators removing each other at once: one wins, the last operator stays', async () => {
    const x = await makeOperator(t.app);
    const y = await makeOperator(t.app);
    // Only these two are operators now.
    await t.app.deps.db
      .updateTable('app_user')
      .set({ role: 'user' })
      .where('role', '=', 'admin')
      .where('id', 'not in', [x.userId, y.userId])
      .execute();
    const [a, b] = await Promise.all([
      adminPost(t.app, x.token, 'operator/delete', { userId: y.userId }),
      adminPost(t.app, y.token, 'operator/delete', { userId: x.userId }),
    ]);
    const results = [a, b].map((r) => (r.status === 200 ? 'ok' : r.body.error));
    expect(results.filter((r) => r === 'ok')).toHaveLength(1);
    expect(['OPERATOR_LAST', 'FORBIDDEN']).toContain(results.find((r) => r !== 'ok'));
    const left = await operatorIds();
    expect(left).toHaveLength(1);
    // The one left may not remove themselves: the platform keeps an operator.
    const lastToken = left[0] === x.userId ? x.token : y.token;
    const self = await adminPost(t.app, lastToken, 'operator/delete', { userId: left[0] });
    expect(self.body.error).toBe('OPERATOR_SELF');
  });
});
