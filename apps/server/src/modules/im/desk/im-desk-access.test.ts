import { QUICK_REPLY_MAX, type QuickReply } from '@chaopin/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { login } from '../../../../test/helpers.ts';
import { adminGet, adminPost } from '../../../../test/kits/console-kit.ts';
import {
  appBuyer,
  conversationOf,
  type DeskScene,
  deskScene,
  mineOf,
  queueOf,
  say,
  settled,
} from '../../../../test/kits/desk-kit.ts';
import { imServerPerFile } from '../../../../test/kits/im-kit.ts';

const s = imServerPerFile();
let d: DeskScene;
/** A waiting and an assigned conversation of store A (agent A1 has the second). */
let waitingA: number;
let assignedA: number;
let buyerA: string;
beforeAll(async () => {
  d = await deskScene(s.app);
  const b1 = await appBuyer(s);
  const b2 = await appBuyer(s);
  await say(b1, `store_${d.storeA}`, 'A店的买家');
  await say(b2, `store_${d.storeA}`, 'A店的另一位买家');
  waitingA = (await conversationOf(s.app, d.agentA1.token, d.storeA, b1.userID)).id;
  assignedA = (await conversationOf(s.app, d.agentA1.token, d.storeA, b2.userID)).id;
  buyerA = b1.userID;
  const claimed = await adminPost(s.app, d.agentA1.token, 'chat/claim', {
    conversation: assignedA,
  });
  expect(claimed.status).toBe(200);
});

type Res = { status: number; body: { error?: string; data?: unknown } };
const expectError = (r: Res, status: number, error: string) =>
  expect([r.status, r.body.error]).toEqual([status, error]);

describe('客服 desk: another store sees and changes nothing (IDOR)', () => {
  it("store B's agent: A's queue is empty, A's conversations are not found, no credential for A", async () => {
    const t = d.agentB.token;
    expect((await queueOf(s.app, t, d.storeA)).list).toEqual([]);
    const all = await queueOf(s.app, t);
    expect(all.list.every((c) => c.storeId === d.storeB)).toBe(true);
    expect((await mineOf(s.app, t)).list).toEqual([]);
    for (const conversation of [waitingA, assignedA]) {
      expectError(
        await adminPost(s.app, t, 'chat/claim', { conversation }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      );
      expectError(
        await adminPost(s.app, t, 'chat/close', { conversation }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      );
      expectError(
        await adminPost(s.app, t, 'chat/transfer', {
          conversation,
          toAgentUserId: d.agentB.userId,
        }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      );
    }
    expectError(
      await adminGet(s.app, t, `chat/buyer?storeId=${d.storeA}&buyer=${buyerA}`),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    // Asking about A's buyer under B's own store: the buyer never wrote to B.
    expectError(
      await adminGet(s.app, t, `chat/buyer?storeId=${d.storeB}&buyer=${buyerA}`),
      404,
      'CHAT_CONVERSATION_NOT_FOUND',
    );
    expectError(
      await adminGet(s.app, t, `chat/credential?storeId=${d.storeA}`),
      404,
      'STORE_NOT_FOUND',
    );
    expectError(
      await adminGet(s.app, t, `chat/agents?storeId=${d.storeA}`),
      404,
      'STORE_NOT_FOUND',
    );
    expectError(
      await adminGet(s.app, t, `store/chatReply?storeId=${d.storeA}`),
      404,
      'STORE_NOT_FOUND',
    );
    expectError(
      await adminPost(s.app, t, 'store/chatReply', { storeId: d.storeA, welcomeText: '抢客' }),
      404,
      'STORE_NOT_FOUND',
    );
    // Nothing moved.
    expect((await queueOf(s.app, d.agentA1.token, d.storeA)).list.map((c) => c.id)).toContain(
      waitingA,
    );
    expect((await mineOf(s.app, d.agentA1.token)).list.map((c) => c.id)).toContain(assignedA);
  });

  it("quick replies: B neither reads, adds to, changes nor deletes A's", async () => {
    const made = await adminPost<QuickReply>(s.app, d.agentA1.token, 'chat/quickReply/save', {
      storeId: d.storeA,
      title: '发货',
      text: '  48小时内发货  ',
    });
    expect(made.body.data).toMatchObject({
      storeId: d.storeA,
      title: '发货',
      text: '48小时内发货',
      sort: 0,
    });
    const id = made.body.data.id;
    const t = d.agentB.token;
    const list = await adminGet<{ list: QuickReply[] }>(
      s.app,
      t,
      `chat/quickReply/list?storeId=${d.storeA}`,
    );
    expect(list.body.data.list).toEqual([]);
    expectError(
      await adminPost(s.app, t, 'chat/quickReply/save', { storeId: d.storeA, text: 'x' }),
      404,
      'STORE_NOT_FOUND',
    );
    expectError(
      await adminPost(s.app, t, 'chat/quickReply/save', { id, storeId: d.storeB, text: 'x' }),
      404,
      'CHAT_QUICK_REPLY_NOT_FOUND',
    );
    expectError(
      await adminPost(s.app, t, 'chat/quickReply/delete', { id }),
      404,
      'CHAT_QUICK_REPLY_NOT_FOUND',
    );
    const still = await adminGet<{ list: QuickReply[] }>(
      s.app,
      d.agentA1.token,
      `chat/quickReply/list?storeId=${d.storeA}`,
    );
    expect(still.body.data.list.map((q) => q.text)).toEqual(['48小时内发货']);
  });

  it('a 店员 with chat.read only reads the desk but gets no credential and takes nobody', async () => {
    const t = d.readerA.token;
    expect((await queueOf(s.app, t, d.storeA)).list.map((c) => c.id)).toContain(waitingA);
    expectError(await adminGet(s.app, t, `chat/credential?storeId=${d.storeA}`), 403, 'FORBIDDEN');
    expectError(
      await adminPost(s.app, t, 'chat/claim', { conversation: waitingA }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await adminPost(s.app, t, 'chat/quickReply/save', { storeId: d.storeA, text: 'x' }),
      403,
      'FORBIDDEN',
    );
    expectError(
      await adminPost(s.app, t, 'store/chatReply', { storeId: d.storeA, welcomeText: 'x' }),
      403,
      'FORBIDDEN',
    );
    const shopper = await login(s.app);
    expectError(await adminGet(s.app, shopper.token, 'chat/queue'), 403, 'FORBIDDEN');
    expectError(await adminGet(s.app, '', 'chat/queue'), 401, 'LOGIN_REQUIRED');
  });
});

describe('客服 desk: bad input answers 4xx from the catalogue', () => {
  it('conversations, transfers, lists and the buyer lookup', async () => {
    const t = d.agentA1.token;
    const cases: Array<[Promise<Res>, number, string]> = [
      [adminPost(s.app, t, 'chat/claim', {}), 404, 'CHAT_CONVERSATION_NOT_FOUND'],
      [
        adminPost(s.app, t, 'chat/claim', { conversation: 'abc' }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      ],
      [adminPost(s.app, t, 'chat/claim', { conversation: -1 }), 404, 'CHAT_CONVERSATION_NOT_FOUND'],
      [
        adminPost(s.app, t, 'chat/claim', { conversation: 1e300 }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      ],
      [
        adminPost(s.app, t, 'chat/close', { conversation: 987654321 }),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      ],
      [
        adminPost(s.app, t, 'chat/transfer', { conversation: assignedA, toAgentUserId: 0 }),
        400,
        'CHAT_TRANSFER_TARGET_INVALID',
      ],
      [
        adminPost(s.app, t, 'chat/transfer', { conversation: assignedA, toAgentUserId: 'x' }),
        400,
        'CHAT_TRANSFER_TARGET_INVALID',
      ],
      [adminGet(s.app, t, 'chat/queue?pageSize=101'), 400, 'PAGE_INVALID'],
      [adminGet(s.app, t, 'chat/queue?storeId=abc'), 404, 'STORE_NOT_FOUND'],
      [adminGet(s.app, t, 'chat/credential'), 404, 'STORE_NOT_FOUND'],
      [adminGet(s.app, t, 'chat/credential?storeId=2147483647'), 404, 'STORE_NOT_FOUND'],
      [adminGet(s.app, t, `chat/buyer?storeId=${d.storeA}`), 404, 'CHAT_CONVERSATION_NOT_FOUND'],
      [
        adminGet(s.app, t, `chat/buyer?storeId=${d.storeA}&buyer=a%20b`),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      ],
      [
        adminGet(s.app, t, `chat/buyer?storeId=${d.storeA}&buyer=${'9'.repeat(65)}`),
        404,
        'CHAT_CONVERSATION_NOT_FOUND',
      ],
    ];
    for (const [i, [res, status, error]] of cases.entries()) {
      const r = await res;
      expect([i, r.status, r.body.error]).toEqual([i, status, error]);
    }
    // The operator asking for a store that does not exist.
    expectError(
      await adminGet(s.app, d.operator.token, 'chat/credential?storeId=2147483647'),
      404,
      'STORE_NOT_FOUND',
    );
  });

  it('quick replies: text 1-500 (not blank), title ≤ 20, at most 100 per store', async () => {
    const t = d.ownerA.token;
    const save = (body: Record<string, unknown>) =>
      adminPost<QuickReply>(s.app, t, 'chat/quickReply/save', body);
    const bad: Array<[Record<string, unknown>, number, string]> = [
      [{ storeId: d.storeA }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: '' }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: '   ' }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: 'x'.repeat(501) }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: 'a\u0000b' }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: 'ok', title: '题'.repeat(21) }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: 'ok', sort: -1 }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: d.storeA, text: { a: 1 } }, 400, 'CHAT_QUICK_REPLY_INVALID'],
      [{ storeId: 2147483647, text: 'ok' }, 404, 'STORE_NOT_FOUND'],
      [{ id: 2147483647, storeId: d.storeA, text: 'ok' }, 404, 'CHAT_QUICK_REPLY_NOT_FOUND'],
    ];
    for (const [i, [body, status, error]] of bad.entries()) {
      const r = await save(body);
      expect([i, r.status, r.body.error]).toEqual([i, status, error]);
    }
    expect(
      (await save({ storeId: d.storeA, text: '好'.repeat(500), title: '题'.repeat(20) })).status,
    ).toBe(200);
    // Fill up to the limit, in parallel (the limit holds under concurrent saves).
    const have = (
      await adminGet<{ total: number }>(s.app, t, `chat/quickReply/list?storeId=${d.storeA}`)
    ).body.data.total;
    const tries = await Promise.all(
      Array.from({ length: QUICK_REPLY_MAX - have + 5 }, (_, i) =>
        save({ storeId: d.storeA, text: `快捷回复${i}`, sort: i }),
      ),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(QUICK_REPLY_MAX - have);
    for (const r of tries.filter((x) => x.status !== 200))
      expectError(r, 409, 'CHAT_QUICK_REPLY_LIMIT');
    const page = await adminGet<{ total: number; list: QuickReply[] }>(
      s.app,
      t,
      `chat/quickReply/list?storeId=${d.storeA}&pageSize=100`,
    );
    expect(page.body.data.total).toBe(QUICK_REPLY_MAX);
    // Edit and delete (audited).
    const one = page.body.data.list[0] as QuickReply;
    const edited = await save({ id: one.id, storeId: d.storeA, text: '已修改', sort: 5 });
    expect(edited.body.data).toMatchObject({ id: one.id, text: '已修改', sort: 5 });
    expect((await adminPost(s.app, t, 'chat/quickReply/delete', { id: one.id })).status).toBe(200);
    expectError(
      await adminPost(s.app, t, 'chat/quickReply/delete', { id: one.id }),
      404,
      'CHAT_QUICK_REPLY_NOT_FOUND',
    );
    const audit = await s.app.deps.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('resource', '=', 'chatQuickReply')
      .where('resource_id', '=', String(one.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['create', 'update', 'delete']);
    expect(audit[1]?.after).toMatchObject({ text: '已修改', sort: 5 });
  });

  it('the welcome/away texts: an agent of the store edits them, audited', async () => {
    const r = await adminPost(s.app, d.agentA2.token, 'store/chatReply', {
      storeId: d.storeA,
      awayText: '客服午休中，13:30回复',
    });
    expect(r.status).toBe(200);
    const audit = await s.app.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'store_id', 'before', 'after'])
      .where('resource', '=', 'chatReply')
      .where('resource_id', '=', String(d.storeA))
      .execute();
    expect(audit).toEqual([
      {
        actor_id: d.agentA2.userId,
        store_id: d.storeA,
        before: { welcomeText: null, awayText: null },
        after: { welcomeText: null, awayText: '客服午休中，13:30回复' },
      },
    ]);
    await settled(s.app);
  });
});
