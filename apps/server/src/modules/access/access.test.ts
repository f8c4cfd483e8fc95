import { ROLE_DEFAULTS } from '@chaopin/contracts';
import { sql } from 'kysely';
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
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  storeA = await makeStore(t.app);
  storeB = await makeStore(t.app);
});
afterAll(async () => {
  await t.close();
});

type Me = {
  role: string;
  storeId: number | null;
  storeIds: number[] | null;
  permissions: string[];
};
type Page<T> = { list: T[]; total: number };

describe('console access', () => {
  it('the operator holds everything; a shopper holds no console role', async () => {
    const me = await adminGet<Me>(t.app, operator.token, 'me');
    expect(me.body.data).toMatchObject({
      role: 'operator',
      storeId: null,
      storeIds: null,
      permissions: ['*'],
    });
    const shopper = await login(t.app);
    const denied = await adminGet(t.app, shopper.token, 'me');
    expect([denied.status, denied.body.error]).toEqual([403, 'NOT_STAFF']);
    const list = await adminGet(t.app, shopper.token, 'staff/list');
    expect([list.status, list.body.error]).toEqual([403, 'FORBIDDEN']);
    expect((await adminGet(t.app, '', 'me')).status).toBe(401);
  });

  it('a 商家 made by the operator works for their store only, with the owner permissions', async () => {
    const owner = await makeStoreMember(t.app, operator.token, storeA);
    const me = await adminGet<Me>(t.app, owner.token, 'me');
    expect(me.body.data).toMatchObject({ role: 'owner', storeId: storeA, storeIds: [storeA] });
    expect(me.body.data.permissions).toEqual([...ROLE_DEFAULTS.owner].sort());
    // Operator-only routes stay closed to a store.
    const foreign = await adminGet(t.app, owner.token, 'withdraw/list');
    expect(foreign.body.error).toBe('FORBIDDEN');
  });

  it('a 商家 invites 店员 and 客服 of their own store, granting at most what they hold', async () => {
    const owner = await makeStoreMember(t.app, operator.token, storeA);
    const clerk = await makeStoreMember(t.app, owner.token, storeA, 'staff', ['order.read']);
    const clerkMe = await adminGet<Me>(t.app, clerk.token, 'me');
    expect(clerkMe.body.data).toMatchObject({ role: 'staff', permissions: ['order.read'] });
    // The clerk may not manage staff.
    expect((await adminGet(t.app, clerk.token, 'staff/list')).body.error).toBe('FORBIDDEN');

    const someone = await login(t.app);
    const tries: Array<[Record<string, unknown>, string]> = [
      [{ phone: someone.phone, role: 'owner', storeId: storeA }, 'FORBIDDEN'],
      [{ phone: someone.phone, role: 'operator' }, 'STAFF_ROLE_INVALID'],
      [{ phone: someone.phone, role: 'staff', storeId: storeB }, 'STORE_NOT_FOUND'],
      [
        { phone: someone.phone, role: 'staff', storeId: storeA, permissions: ['*'] },
        'STAFF_PERMISSION_INVALID',
      ],
      [
        { phone: someone.phone, role: 'staff', storeId: storeA, permissions: ['user.pii'] },
        'STAFF_PERMISSION_INVALID',
      ],
      [{ phone: '13999999999', role: 'agent', storeId: storeA }, 'USER_NOT_FOUND'],
      [{ phone: owner.phone, role: 'agent', storeId: storeA }, 'STAFF_SELF'],
      [{ phone: 'abc', role: 'agent', storeId: storeA }, 'PHONE_INVALID'],
      [{ phone: someone.phone, role: 'boss', storeId: storeA }, 'STAFF_ROLE_INVALID'],
    ];
    for (const [body, error] of tries) {
      const res = await adminPost(t.app, owner.token, 'staff/save', body);
      expect([body, res.body.error]).toEqual([body, error]);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    // A second store for a 店员 is refused; a 客服 may serve two stores.
    const twice = await adminPost(t.app, operator.token, 'staff/save', {
      phone: clerk.phone,
      role: 'staff',
      storeId: storeB,
    });
    expect(twice.body.error).toBe('STAFF_EXISTS_IN_OTHER_STORE');
    // A change by id alone (the list shows phones masked): the clerk gets order.write too.
    const clerkRow = await t.app.deps.db
      .selectFrom('staff_member')
      .select('id')
      .where('user_id', '=', clerk.userId)
      .executeTakeFirstOrThrow();
    const changed = await adminPost(t.app, owner.token, 'staff/save', {
      id: clerkRow.id,
      role: 'staff',
      storeId: storeA,
      permissions: ['order.read', 'order.write'],
    });
    expect(changed.status).toBe(200);
    expect((await adminGet<Me>(t.app, clerk.token, 'me')).body.data.permissions).toEqual([
      'order.read',
      'order.write',
    ]);
    const noWho = await adminPost(t.app, owner.token, 'staff/save', {
      role: 'agent',
      storeId: storeA,
    });
    expect(noWho.body.error).toBe('PHONE_INVALID');
    const agent = await makeStoreMember(t.app, operator.token, storeA, 'agent');
    await makeStoreMember(t.app, operator.token, storeB, 'agent').catch(() => undefined);
    const second = await adminPost(t.app, operator.token, 'staff/save', {
      phone: agent.phone,
      role: 'agent',
      storeId: storeB,
    });
    expect(second.status).toBe(200);
    const agentMe = await adminGet<Me>(t.app, agent.token, 'me');
    expect(agentMe.body.data.storeIds?.sort()).toEqual([storeA, storeB].sort());
  });

  it('the same phone saved twice at once is one member', async () => {
    const someone = await login(t.app);
    const body = { phone: someone.phone, role: 'agent', storeId: storeB };
    const results = await Promise.all([
      adminPost(t.app, operator.token, 'staff/save', body),
      adminPost(t.app, operator.token, 'staff/save', body),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const rows = await t.app.deps.db
      .selectFrom('staff_member')
      .innerJoin('app_user', 'app_user.id', 'staff_member.user_id')
      .select('staff_member.id')
      .where('app_user.phone', '=', someone.phone)
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('lists and logs only a store its own staff; the operator sees all', async () => {
    const ownerB = await makeStoreMember(t.app, operator.token, storeB);
    const listB = await adminGet<Page<{ storeId: number; phone: string }>>(
      t.app,
      ownerB.token,
      'staff/list?pageSize=100',
    );
    expect(listB.body.data.list.length).toBeGreaterThan(0);
    expect(listB.body.data.list.every((r) => r.storeId === storeB)).toBe(true);
    expect(listB.body.data.list.every((r) => /\*{4}/.test(r.phone))).toBe(true);
    const askA = await adminGet<Page<unknown>>(t.app, ownerB.token, `staff/list?storeId=${storeA}`);
    expect(askA.body.data.total).toBe(0);
    const all = await adminGet<Page<{ storeId: number }>>(
      t.app,
      operator.token,
      'staff/list?pageSize=100',
    );
    expect(new Set(all.body.data.list.map((r) => r.storeId))).toEqual(new Set([storeA, storeB]));

    const logB = await adminGet<
      Page<{ storeId: number; resource: string; actorId: number; ip: string; diff: object }>
    >(t.app, ownerB.token, 'audit/list?pageSize=100');
    expect(logB.body.data.list.length).toBeGreaterThan(0);
    expect(logB.body.data.list.every((r) => r.storeId === storeB)).toBe(true);
    const logAll = await adminGet<
      Page<{
        storeId: number;
        resource: string;
        actorId: number;
        ip: string;
        diff: Record<string, unknown[]>;
      }>
    >(t.app, operator.token, `audit/list?resource=staff&actorId=${operator.userId}&pageSize=100`);
    const created = logAll.body.data.list.find((r) => r.storeId === storeB);
    expect(created).toMatchObject({ resource: 'staff', actorId: operator.userId, ip: '127.0.0.1' });
    expect(created?.diff.role).toEqual([null, expect.any(String)]);
    const bad = await adminGet(
      t.app,
      operator.token,
      'audit/list?from=2026-01-02T00:00:00Z&to=2026-01-01T00:00:00Z',
    );
    expect(bad.body.error).toBe('AUDIT_RANGE_INVALID');
  });

  it('removing a member ends their console access and is logged; the log cannot be rewritten', async () => {
    const member = await makeStoreMember(t.app, operator.token, storeA, 'agent');
    const row = await t.app.deps.db
      .selectFrom('staff_member')
      .select('id')
      .where('user_id', '=', member.userId)
      .executeTakeFirstOrThrow();
    const ownerB = await makeStoreMember(t.app, operator.token, storeB);
    expect((await adminPost(t.app, ownerB.token, 'staff/delete', { id: row.id })).body.error).toBe(
      'STAFF_NOT_FOUND',
    );
    expect((await adminPost(t.app, operator.token, 'staff/delete', { id: row.id })).status).toBe(
      200,
    );
    expect((await adminGet(t.app, member.token, 'me')).body.error).toBe('NOT_STAFF');
    await expect(sql`update audit_log set ip = 'x'`.execute(t.app.deps.db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from audit_log`.execute(t.app.deps.db)).rejects.toThrow(/append-only/);
  });
});
