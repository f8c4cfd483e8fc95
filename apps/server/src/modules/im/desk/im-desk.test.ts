import { type DeskBuyerInfo, type DeskState, SHOP_REPLY_DEFAULTS } from '@chaopin/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { API, call } from '../../../../test/helpers.ts';
import { adminGet, adminPost } from '../../../../test/kits/console-kit.ts';
import {
  appBuyer,
  conversationOf,
  type DeskScene,
  deskClient,
  deskScene,
  mineOf,
  queueOf,
  say,
  settled,
} from '../../../../test/kits/desk-kit.ts';
import { client, eventually, imServerPerFile } from '../../../../test/kits/im-kit.ts';
import { makeProduct, makeShopper, newOrder } from '../../../../test/kits/order-kit.ts';
import { c2cKey } from '../keys.ts';

const s = imServerPerFile();
let d: DeskScene;
const storeUser = (id: number) => `store_${id}`;
beforeAll(async () => {
  d = await deskScene(s.app);
});

/** What the store's account has said to a buyer, oldest first. */
async function storeSaid(storeId: number, buyer: string) {
  const rows = await s.app.deps.db
    .selectFrom('im_message')
    .select('payload')
    .where('conv_key', '=', c2cKey(storeUser(storeId), buyer))
    .where('from_id', '=', storeUser(storeId))
    .orderBy('seq')
    .execute();
  return rows.map((r) => String((r.payload as { text?: string }).text));
}

describe('客服 desk: agents speak as the store', () => {
  it('two agents signed in as the store at once both get the buyer; while one is on duty no away text', async () => {
    const a1 = await deskClient(s, d.agentA1, d.storeA);
    const a2 = await deskClient(s, d.agentA2, d.storeA);
    const b = await appBuyer(s);
    await say(b, storeUser(d.storeA), '在吗');
    await settled(s.app);
    for (const a of [a1, a2])
      await eventually(() => expect(a.received.map((m) => m.payload.text)).toContain('在吗'));
    // Greeted, but no away text: agents are online.
    expect(await storeSaid(d.storeA, b.userID)).toHaveLength(1);
    // One answers: the buyer and the other agent's session see it.
    await say(a1, b.userID, '在的，您请说');
    await eventually(() => expect(b.received.map((m) => m.payload.text)).toContain('在的，您请说'));
    await eventually(() =>
      expect(a2.received.map((m) => m.payload.text)).toContain('在的，您请说'),
    );
    // One leaves: the other is still on duty.
    await a1.close();
    await say(b, storeUser(d.storeA), '还有问题');
    await settled(s.app);
    expect((await storeSaid(d.storeA, b.userID)).slice(1)).toEqual(['在的，您请说']);
    await a2.close();
    await say(b, storeUser(d.storeA), '人呢');
    await settled(s.app);
    expect((await storeSaid(d.storeA, b.userID)).at(-1)).toBe(SHOP_REPLY_DEFAULTS.away);
  });
});

describe('客服 desk: the queue', () => {
  it('lists waiting buyers oldest first with waiting time and last message (a card as [商品])', async () => {
    const buyers = [await appBuyer(s), await appBuyer(s), await appBuyer(s)];
    for (const [i, b] of buyers.entries()) {
      await say(b, storeUser(d.storeA), `第${i}位`);
      await settled(s.app);
    }
    const card = JSON.stringify({
      kind: 'product',
      id: '9',
      title: '保温杯',
      image: '',
      price: 100,
    });
    const b0 = buyers[0] as (typeof buyers)[number];
    await b0.tim.sendMessage(
      b0.tim.createCustomMessage({
        to: storeUser(d.storeA),
        conversationType: 'C2C',
        payload: { data: card, description: '', extension: '' },
      }),
    );
    await settled(s.app);
    const q = await queueOf(s.app, d.agentA1.token, d.storeA);
    const mine = q.list.filter((c) => buyers.some((b) => b.userID === c.buyer.userID));
    expect(mine.map((c) => c.buyer.userID)).toEqual(buyers.map((b) => b.userID));
    const first = mine[0] as (typeof mine)[number];
    expect(first).toMatchObject({
      status: 'waiting',
      storeId: d.storeA,
      conversationID: `C2C${b0.userID}`,
      agentUserId: null,
      lastMessage: { type: 'TIMCustomElem', text: '[商品] 保温杯' },
    });
    expect(first.buyer.nickname).not.toBe('');
    // The waiting time runs from the first unanswered message.
    await s.app.deps.db
      .updateTable('im_desk_conversation')
      .set({ waiting_since_ms: Date.now() - 125_000 })
      .where('id', '=', first.id)
      .execute();
    const later = await queueOf(s.app, d.agentA1.token, d.storeA);
    expect(later.list[0]?.id).toBe(first.id);
    expect(later.list[0]?.waitingSeconds).toBeGreaterThanOrEqual(125);
    expect(later.list[0]?.waitingSeconds).toBeLessThan(140);
    // A later message does not move the buyer back in the queue.
    await say(b0, storeUser(d.storeA), '还在等');
    await settled(s.app);
    const again = await queueOf(s.app, d.agentA1.token, d.storeA);
    expect(again.list[0]).toMatchObject({ id: first.id, lastMessage: { text: '还在等' } });
  });

  it('claim: of agents claiming at once one wins, the others get 409; it moves to the winner', async () => {
    const b = await appBuyer(s);
    await say(b, storeUser(d.storeA), '我要退货');
    const conv = await conversationOf(s.app, d.agentA1.token, d.storeA, b.userID);
    const claimers = [d.agentA1, d.agentA2, d.ownerA, d.operator, d.agentA1];
    const results = await Promise.all(
      claimers.map((u) =>
        adminPost<DeskState>(s.app, u.token, 'chat/claim', { conversation: conv.id }),
      ),
    );
    const won = results.filter((r) => r.status === 200);
    const lost = results.filter((r) => r.status !== 200);
    // The winner may claim twice (same answer); everyone else is refused.
    const winners = new Set(won.map((r) => r.body.data.agentUserId));
    expect(winners.size).toBe(1);
    expect(lost.length).toBeGreaterThanOrEqual(3);
    for (const r of lost) expect([r.status, r.body.error]).toEqual([409, 'CHAT_ALREADY_CLAIMED']);
    const winner = claimers.find((u) => u.userId === [...winners][0]);
    expect(winner).toBeDefined();
    expect((await queueOf(s.app, d.agentA1.token, d.storeA)).list.map((c) => c.id)).not.toContain(
      conv.id,
    );
    const hers = await mineOf(s.app, winner?.token ?? '');
    expect(hers.list.find((c) => c.id === conv.id)).toMatchObject({
      status: 'assigned',
      agentUserId: winner?.userId,
    });
    for (const u of claimers.filter((x) => x !== winner))
      expect((await mineOf(s.app, u.token)).list.map((c) => c.id)).not.toContain(conv.id);
    // Every winning claim is in the audit log, with its store.
    const audit = await s.app.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'store_id'])
      .where('resource', '=', 'chatConversation')
      .where('resource_id', '=', String(conv.id))
      .execute();
    expect(audit).toEqual([{ actor_id: winner?.userId, action: 'claim', store_id: d.storeA }]);
  });

  it('mine: unread counts the buyer’s messages until the desk reads them; an answer keeps it assigned', async () => {
    const b = await appBuyer(s);
    await say(b, storeUser(d.storeA), '一');
    const conv = await conversationOf(s.app, d.agentA1.token, d.storeA, b.userID);
    expect(
      (await adminPost(s.app, d.agentA1.token, 'chat/claim', { conversation: conv.id })).status,
    ).toBe(200);
    await say(b, storeUser(d.storeA), '二');
    await say(b, storeUser(d.storeA), '三');
    await settled(s.app);
    const mine = async () =>
      (await mineOf(s.app, d.agentA1.token)).list.find((c) => c.id === conv.id);
    expect(await mine()).toMatchObject({ unread: 3, lastMessage: { text: '三' } });
    expect((await mine())?.waitingSince).not.toBeNull();
    const desk = await deskClient(s, d.agentA1, d.storeA);
    await desk.tim.setMessageRead({ conversationID: `C2C${b.userID}` });
    await say(desk, b.userID, '已为您处理');
    await settled(s.app);
    expect(await mine()).toMatchObject({
      unread: 0,
      status: 'assigned',
      waitingSince: null,
      waitingSeconds: 0,
    });
    await say(b, storeUser(d.storeA), '谢谢');
    await settled(s.app);
    expect(await mine()).toMatchObject({ unread: 1, status: 'assigned' });
    await desk.close();
  });
});

describe('客服 desk: transfer and close', () => {
  async function assigned(agent = d.agentA1) {
    const b = await appBuyer(s);
    await say(b, storeUser(d.storeA), '转接测试');
    const conv = await conversationOf(s.app, agent.token, d.storeA, b.userID);
    expect(
      (await adminPost(s.app, agent.token, 'chat/claim', { conversation: conv.id })).status,
    ).toBe(200);
    return { b, conv };
  }
  const transfer = (token: string, conversation: number, toAgentUserId: number) =>
    adminPost<DeskState>(s.app, token, 'chat/transfer', { conversation, toAgentUserId });

  it('the assignee hands over to another agent of the store; the rules of who and to whom', async () => {
    const { conv } = await assigned();
    const cases: Array<[string, number, string]> = [
      [d.agentA1.token, d.agentB.userId, 'CHAT_TRANSFER_TARGET_INVALID'],
      [d.agentA1.token, d.readerA.userId, 'CHAT_TRANSFER_TARGET_INVALID'],
      [d.agentA1.token, d.operator.userId, 'CHAT_TRANSFER_TARGET_INVALID'],
      [d.agentA1.token, 2_000_000_000, 'CHAT_TRANSFER_TARGET_INVALID'],
      [d.agentA1.token, d.agentA1.userId, 'CHAT_TRANSFER_SAME'],
      [d.agentA2.token, d.agentA2.userId, 'CHAT_NOT_YOURS'],
    ];
    for (const [token, to, error] of cases) {
      const r = await transfer(token, conv.id, to);
      expect([r.body.error, to]).toEqual([error, to]);
    }
    const moved = await transfer(d.agentA1.token, conv.id, d.agentA2.userId);
    expect(moved.body.data).toMatchObject({ status: 'assigned', agentUserId: d.agentA2.userId });
    expect((await mineOf(s.app, d.agentA2.token)).list.map((c) => c.id)).toContain(conv.id);
    expect((await mineOf(s.app, d.agentA1.token)).list.map((c) => c.id)).not.toContain(conv.id);
    // No longer hers: agent 1 cannot take it back; the 商家 (a supervisor) may move anyone's.
    expect((await transfer(d.agentA1.token, conv.id, d.agentA1.userId)).body.error).toBe(
      'CHAT_NOT_YOURS',
    );
    const back = await transfer(d.ownerA.token, conv.id, d.agentA1.userId);
    expect(back.body.data.agentUserId).toBe(d.agentA1.userId);
    // A waiting conversation may be handed to someone straight from the queue.
    const b2 = await appBuyer(s);
    await say(b2, storeUser(d.storeA), '排队中');
    const waiting = await conversationOf(s.app, d.agentA1.token, d.storeA, b2.userID);
    const dispatched = await transfer(d.agentA1.token, waiting.id, d.agentA2.userId);
    expect(dispatched.body.data).toMatchObject({
      status: 'assigned',
      agentUserId: d.agentA2.userId,
    });
    const audit = await s.app.deps.db
      .selectFrom('audit_log')
      .select(['actor_id', 'action', 'after'])
      .where('resource', '=', 'chatConversation')
      .where('resource_id', '=', String(conv.id))
      .orderBy('id')
      .execute();
    expect(audit.map((a) => [a.actor_id, a.action])).toEqual([
      [d.agentA1.userId, 'claim'],
      [d.agentA1.userId, 'transfer'],
      [d.ownerA.userId, 'transfer'],
    ]);
    expect(audit[1]?.after).toMatchObject({ status: 'assigned', agentUserId: d.agentA2.userId });
  });

  it('close: leaves every list; the buyer writing again puts it back in the queue, unassigned', async () => {
    const { b, conv } = await assigned();
    expect(
      (await adminPost(s.app, d.agentA2.token, 'chat/close', { conversation: conv.id })).body.error,
    ).toBe('CHAT_NOT_YOURS');
    const closed = await adminPost<DeskState>(s.app, d.agentA1.token, 'chat/close', {
      conversation: conv.id,
    });
    expect(closed.body.data).toMatchObject({ status: 'closed' });
    for (const [path, body] of [
      ['chat/close', { conversation: conv.id }],
      ['chat/claim', { conversation: conv.id }],
      ['chat/transfer', { conversation: conv.id, toAgentUserId: d.agentA2.userId }],
    ] as const) {
      const r = await adminPost(s.app, d.agentA1.token, path, body);
      expect([r.status, r.body.error]).toEqual([409, 'CHAT_CONVERSATION_CLOSED']);
    }
    expect((await mineOf(s.app, d.agentA1.token)).list.map((c) => c.id)).not.toContain(conv.id);
    expect((await queueOf(s.app, d.agentA1.token, d.storeA)).list.map((c) => c.id)).not.toContain(
      conv.id,
    );
    await say(b, storeUser(d.storeA), '又有问题了');
    await settled(s.app);
    const back = (await queueOf(s.app, d.agentA1.token, d.storeA)).list.find(
      (c) => c.id === conv.id,
    );
    expect(back).toMatchObject({
      status: 'waiting',
      agentUserId: null,
      lastMessage: { text: '又有问题了' },
    });
    expect(back?.waitingSince).not.toBeNull();
    // A 商家 may close someone else's.
    expect(
      (await adminPost(s.app, d.agentA2.token, 'chat/claim', { conversation: conv.id })).status,
    ).toBe(200);
    expect(
      (await adminPost(s.app, d.ownerA.token, 'chat/close', { conversation: conv.id })).status,
    ).toBe(200);
  });

  it('agents and the buyer beside the chat: recent orders with this store only', async () => {
    const agents = await adminGet<{ list: Array<{ userId: number; roleName: string }> }>(
      s.app,
      d.agentA1.token,
      `chat/agents?storeId=${d.storeA}`,
    );
    expect(agents.body.data.list.map((a) => a.userId).sort()).toEqual(
      [d.agentA1.userId, d.agentA2.userId, d.ownerA.userId].sort(),
    );
    const shopper = await makeShopper(s.app);
    const inA = await makeProduct(s.app, { storeId: d.storeA, price: 1990 });
    const inB = await makeProduct(s.app, { storeId: d.storeB });
    expect(
      (await newOrder(s.app, shopper, [{ skuId: inA.skuIds[0] as number, quantity: 2 }])).status,
    ).toBe(200);
    expect(
      (await newOrder(s.app, shopper, [{ skuId: inB.skuIds[0] as number, quantity: 1 }])).status,
    ).toBe(200);
    const buyer = String(shopper.userId);
    const ask = () =>
      adminGet<DeskBuyerInfo>(
        s.app,
        d.agentA1.token,
        `chat/buyer?storeId=${d.storeA}&buyer=${buyer}`,
      );
    // Not before the buyer wrote to the store.
    expect((await ask()).body.error).toBe('CHAT_CONVERSATION_NOT_FOUND');
    const sig = await call<{ userSig: string }>(s.app, {
      method: 'GET',
      url: `${API}/user/getUserSig`,
      token: shopper.token,
    });
    expect(sig.status).toBe(200);
    const b = await client(s.url, { userID: buyer, userSig: sig.body.data.userSig });
    s.open.push(b);
    await say(b, storeUser(d.storeA), '订单什么时候发货');
    await settled(s.app);
    const info = await ask();
    expect(info.status).toBe(200);
    expect(info.body.data.userID).toBe(buyer);
    expect(info.body.data.orders).toHaveLength(1);
    expect(info.body.data.orders[0]).toMatchObject({
      status: 'unpaid',
      statusName: '待付款',
      itemCount: 2,
    });
    expect(info.body.data.orders[0]?.payAmount).toBeGreaterThanOrEqual(1990 * 2);
  });
});
