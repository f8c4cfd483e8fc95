// A console user whose access is taken away or narrowed loses it at once, on every node: the gate
// reads access fresh (here with the session cache on for a minute), and a removed 客服's desk
// credential is refused and their live desk socket closed. In cluster mode the change is made on
// one node and seen on the other.
import { KICKED_OUT, PUSH } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import {
  adminGet,
  adminPost,
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../test/kits/console-kit.ts';
import { raw, refusal } from '../../../test/kits/im-kick-kit.ts';
import { eventually, listen } from '../../../test/kits/im-kit.ts';

let t: TestApp;
let node1: FastifyInstance;
let node2: FastifyInstance;
let url1: string;
let url2: string;
let operator: ConsoleUser;
let storeA: number;
let storeB: number;
const sockets: Array<ReturnType<typeof raw>> = [];

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '60000' });
  node1 = t.app;
  url1 = await listen(node1);
  if (TEST_DB === 'postgres') {
    node2 = await t.secondNode();
    url2 = await listen(node2);
  } else {
    node2 = node1;
    url2 = url1;
  }
  operator = await makeOperator(node1);
  storeA = await makeStore(node1);
  storeB = await makeStore(node1);
  // The stores' chat accounts, as the app makes them before a buyer's first message.
  const shopper = await login(node1);
  for (const id of [storeA, storeB])
    await call(node1, {
      method: 'GET',
      url: `${API}/message/shopByChatId?storeId=${id}`,
      token: shopper.token,
    });
});
afterAll(async () => {
  for (const s of sockets) s.socket.disconnect();
  await t.close();
});

type Credential = { userID: string; userSig: string };

/** The member's staff_member row for a store. */
async function rowOf(user: ConsoleUser, storeId: number): Promise<number> {
  const row = await node1.deps.db
    .selectFrom('staff_member')
    .select('id')
    .where('user_id', '=', user.userId)
    .where('store_id', '=', storeId)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A desk credential asked on node 2, and a socket signed in with it there. */
async function onDesk(user: ConsoleUser, storeId: number) {
  const cred = await adminGet<Credential>(node2, user.token, `chat/credential?storeId=${storeId}`);
  expect(cred.status).toBe(200);
  const auth = { userID: cred.body.data.userID, userSig: cred.body.data.userSig };
  const s = raw(url2, auth);
  sockets.push(s);
  await s.connected;
  return { auth, ...s };
}

const kickedOut = [`${PUSH.KICKED}:${KICKED_OUT.REST_API}`, 'disconnect:io server disconnect'];

describe('a removed or narrowed console user loses access at once', () => {
  it('a removed 客服: the next console call is 403, the desk socket is closed, the credential refused', async () => {
    const agent = await makeStoreMember(node1, operator.token, storeA, 'agent');
    const colleague = await makeStoreMember(node1, operator.token, storeA, 'agent');
    // Both nodes have seen the agent's session (and cached it).
    for (const node of [node1, node2])
      expect((await adminGet(node, agent.token, 'chat/queue')).status).toBe(200);
    const desk = await onDesk(agent, storeA);
    const other = await onDesk(colleague, storeA);

    const removed = await adminPost(node1, operator.token, 'staff/delete', {
      id: await rowOf(agent, storeA),
    });
    expect(removed.status).toBe(200);

    for (const node of [node2, node1]) {
      const queue = await adminGet(node, agent.token, 'chat/queue');
      expect([queue.status, queue.body.error]).toEqual([403, 'FORBIDDEN']);
      const me = await adminGet(node, agent.token, 'me');
      expect([me.status, me.body.error]).toEqual([403, 'NOT_STAFF']);
      const cred = await adminGet(node, agent.token, `chat/credential?storeId=${storeA}`);
      expect(cred.status).toBe(403);
    }
    await eventually(() => expect(desk.seen).toEqual(kickedOut));
    for (const url of [url1, url2])
      expect(await refusal(url, desk.auth)).toMatchObject({ error: 'IM_SIG_INVALID' });
    // The same store account, another agent's credential: untouched.
    expect(other.socket.connected).toBe(true);
    expect(other.seen).toEqual([]);
    expect(await refusal(url1, other.auth)).toEqual({ error: 'CONNECTED' });
  });

  it('a 客服 taken off one of two stores keeps the other store only', async () => {
    const agent = await makeStoreMember(node1, operator.token, storeA, 'agent');
    await adminPost(node1, operator.token, 'staff/save', {
      phone: agent.phone,
      role: 'agent',
      storeId: storeB,
    });
    const deskA = await onDesk(agent, storeA);
    const deskB = await onDesk(agent, storeB);
    const res = await adminPost(node1, operator.token, 'staff/delete', {
      id: await rowOf(agent, storeA),
    });
    expect(res.status).toBe(200);
    await eventually(() => expect(deskA.seen).toEqual(kickedOut));
    expect(await refusal(url2, deskA.auth)).toMatchObject({ error: 'IM_SIG_INVALID' });
    const credA = await adminGet(node2, agent.token, `chat/credential?storeId=${storeA}`);
    expect([credA.status, credA.body.error]).toEqual([404, 'STORE_NOT_FOUND']);
    expect(deskB.socket.connected).toBe(true);
    expect(deskB.seen).toEqual([]);
    const queueB = await adminGet(node2, agent.token, `chat/queue?storeId=${storeB}`);
    expect(queueB.status).toBe(200);
  });

  it('a narrowed 店员: the narrowed route is 403 at once; a desk taken away closes its socket', async () => {
    const owner = await makeStoreMember(node1, operator.token, storeB, 'owner');
    const clerk = await makeStoreMember(node1, owner.token, storeB, 'staff', [
      'order.read',
      'order.write',
      'chat.write',
    ]);
    // Passes the gate (then fails validation: no such order): the clerk may write orders.
    const before = await adminPost(node2, clerk.token, 'order/remark', {});
    expect([before.status, before.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const desk = await onDesk(clerk, storeB);

    const narrowed = await adminPost(node1, owner.token, 'staff/save', {
      id: await rowOf(clerk, storeB),
      role: 'staff',
      storeId: storeB,
      permissions: ['order.read'],
    });
    expect(narrowed.status).toBe(200);
    for (const node of [node2, node1]) {
      const after = await adminPost(node, clerk.token, 'order/remark', {});
      expect([after.status, after.body.error]).toEqual([403, 'FORBIDDEN']);
      expect((await adminGet(node, clerk.token, 'order/list')).status).toBe(200);
    }
    await eventually(() => expect(desk.seen).toEqual(kickedOut));
    expect(await refusal(url1, desk.auth)).toMatchObject({ error: 'IM_SIG_INVALID' });

    // A change that keeps the desk (chat.write given back, then order.read added) leaves a new
    // desk session alone.
    await adminPost(node1, owner.token, 'staff/save', {
      id: await rowOf(clerk, storeB),
      role: 'staff',
      storeId: storeB,
      permissions: ['order.read', 'chat.write'],
    });
    const again = await onDesk(clerk, storeB);
    await adminPost(node1, owner.token, 'staff/save', {
      id: await rowOf(clerk, storeB),
      role: 'staff',
      storeId: storeB,
      permissions: ['order.read', 'chat.write', 'dashboard.read'],
    });
    await new Promise((r) => setTimeout(r, 300));
    expect(again.socket.connected).toBe(true);
    expect(again.seen).toEqual([]);
  });

  it('a removed operator: the next console call is 403 on every node, and their desk closes', async () => {
    const second = await login(node1);
    const made = await adminPost<{ userId: number }>(node1, operator.token, 'operator/save', {
      phone: second.phone,
    });
    expect(made.status).toBe(200);
    for (const node of [node1, node2])
      expect((await adminGet(node, second.token, 'user/list')).status).toBe(200);
    const desk = await onDesk({ ...second, userId: made.body.data.userId }, storeA);
    const removed = await adminPost(node1, operator.token, 'operator/delete', {
      userId: made.body.data.userId,
    });
    expect(removed.status).toBe(200);
    for (const node of [node2, node1]) {
      const after = await adminGet(node, second.token, 'user/list');
      expect([after.status, after.body.error]).toEqual([403, 'FORBIDDEN']);
    }
    await eventually(() => expect(desk.seen).toEqual(kickedOut));
    expect(await refusal(url2, desk.auth)).toMatchObject({ error: 'IM_SIG_INVALID' });
  });
});
