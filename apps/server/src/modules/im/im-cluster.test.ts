import { describe, expect, it } from 'vitest';
import { TEST_DB } from '../../../test/helpers.ts';
import { client, eventually, imUser, text, twoNodesPerSuite } from '../../../test/kits/im-kit.ts';

// Two server processes' view on one PostgreSQL and Redis: only meaningful in cluster mode.
describe.skipIf(TEST_DB !== 'postgres')('two nodes (Redis adapter, shared sequences)', () => {
  const nodes = twoNodesPerSuite();
  const open = nodes.open;

  it('delivers across nodes; concurrent senders on both nodes get unique, gapless sequences', async () => {
    const a = await imUser(nodes.app);
    const b = await imUser(nodes.app);
    const a1 = await client(nodes.url, a);
    const a2 = await client(nodes.url2, a);
    const b1 = await client(nodes.url, b);
    const b2 = await client(nodes.url2, b);
    open.push(a1, a2, b1, b2);
    const sends = [];
    for (let i = 0; i < 20; i++) {
      sends.push(a1.tim.sendMessage(text(a1.tim, b.userID, `a1-${i}`)));
      sends.push(a2.tim.sendMessage(text(a2.tim, b.userID, `a2-${i}`)));
      sends.push(b2.tim.sendMessage(text(b2.tim, a.userID, `b2-${i}`)));
    }
    const results = await Promise.all(sends);
    const seqs = results.map((r) => r.data.message.sequence).sort((x, y) => x - y);
    expect(seqs).toEqual(Array.from({ length: 60 }, (_, i) => i + 1));
    // every session gets every message it did not send itself, once, in sequence order
    for (const [c, own] of [
      [a1, 'a1-'],
      [a2, 'a2-'],
      [b1, ''],
      [b2, 'b2-'],
    ] as const) {
      const want = 60 - (own ? 20 : 0);
      await eventually(() => expect(c.received).toHaveLength(want));
      const got = c.received.map((m) => m.sequence);
      expect(got).toEqual([...got].sort((x, y) => x - y));
      expect(new Set(got).size).toBe(want);
    }
  });

  it('group messages and revokes reach members on the other node', async () => {
    const a = await imUser(nodes.app);
    const b = await imUser(nodes.app);
    const ca = await client(nodes.url, a);
    const cb = await client(nodes.url2, b);
    open.push(ca, cb);
    const g = (await ca.tim.createGroup({ type: 'ChatRoom', name: '跨节点' })).data.group;
    expect((await cb.tim.joinGroup({ groupID: g.groupID })).data.status).toBe('JoinedSuccess');
    const m = (await ca.tim.sendMessage(text(ca.tim, g.groupID, 'hello', 'GROUP'))).data.message;
    await eventually(() => expect(cb.received.some((x) => x.ID === m.ID)).toBe(true));
    await ca.tim.revokeMessage(m);
    await eventually(() => expect(cb.received.find((x) => x.ID === m.ID)?.isRevoked).toBe(true));
  });
});
