import type { DeskState } from '@chaopin/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../../test/helpers.ts';
import { adminPost } from '../../../../test/kits/console-kit.ts';
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
import { eventually, twoNodesPerSuite } from '../../../../test/kits/im-kit.ts';
import { c2cKey } from '../keys.ts';

// The desk across two server processes on one PostgreSQL and Redis.
describe.skipIf(TEST_DB !== 'postgres')('客服 desk on two nodes', () => {
  const n = twoNodesPerSuite();
  let d: DeskScene;
  beforeAll(async () => {
    d = await deskScene(n.app);
  });

  it('agents on either node get the buyer and keep the away text off; one claim wins across nodes', async () => {
    const store = `store_${d.storeA}`;
    const onNode2 = await deskClient(n, d.agentA1, d.storeA, n.url2);
    const onNode1 = await deskClient(n, d.agentA2, d.storeA, n.url);
    const b = await appBuyer(n, n.url);
    await say(b, store, '两台服务器都能收到吗');
    await settled(n.app, n.node2);
    for (const a of [onNode1, onNode2])
      await eventually(() =>
        expect(a.received.map((m) => m.payload.text)).toContain('两台服务器都能收到吗'),
      );
    // Only the greeting: an agent is online (on the other node too).
    const said = await n.app.deps.db
      .selectFrom('im_message')
      .select('seq')
      .where('conv_key', '=', c2cKey(store, b.userID))
      .where('from_id', '=', store)
      .execute();
    expect(said).toHaveLength(1);

    const conv = await conversationOf(n.node2, d.agentA1.token, d.storeA, b.userID);
    const claims = await Promise.all(
      [d.agentA1, d.agentA2, d.ownerA, d.agentA2, d.agentA1, d.ownerA].map((u, i) =>
        adminPost<DeskState>(i % 2 ? n.node2 : n.app, u.token, 'chat/claim', {
          conversation: conv.id,
        }),
      ),
    );
    const winners = new Set(
      claims.filter((r) => r.status === 200).map((r) => r.body.data.agentUserId),
    );
    expect(winners.size).toBe(1);
    for (const r of claims.filter((x) => x.status !== 200))
      expect([r.status, r.body.error]).toEqual([409, 'CHAT_ALREADY_CLAIMED']);
    const audit = await n.app.deps.db
      .selectFrom('audit_log')
      .select('action')
      .where('resource', '=', 'chatConversation')
      .where('resource_id', '=', String(conv.id))
      .execute();
    expect(audit).toEqual([{ action: 'claim' }]);

    // Closed on one node; the buyer writes through the other: waiting again, seen on both.
    const winner = [d.agentA1, d.agentA2, d.ownerA].find((u) => winners.has(u.userId));
    const closed = await adminPost(n.node2, winner?.token ?? '', 'chat/close', {
      conversation: conv.id,
    });
    expect(closed.status).toBe(200);
    await say(b, store, '再问一下');
    await settled(n.app, n.node2);
    for (const node of [n.app, n.node2]) {
      const q = await queueOf(node, d.agentA1.token, d.storeA);
      expect(q.list.find((c) => c.id === conv.id)).toMatchObject({ status: 'waiting' });
      expect((await mineOf(node, winner?.token ?? '')).list.map((c) => c.id)).not.toContain(
        conv.id,
      );
    }
  });
});
