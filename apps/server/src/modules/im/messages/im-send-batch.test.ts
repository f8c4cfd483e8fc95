import type { Message } from '@chaopin/im-sdk';
import type { FastifyInstance } from 'fastify';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../../test/helpers.ts';
import {
  type Client,
  client,
  errorOf,
  eventually,
  imUser,
  listen,
  text,
} from '../../../../test/kits/im-kit.ts';

// Sends are stored by group commit (many per statement): these tests put many sends into the same
// batches and check what a batch must never do — reorder, skip or reuse a sequence, store a resend
// twice, or let one refused message fail (or shift) the others.
let t: TestApp;
let server: string;
const open: Client[] = [];
const sockets: Socket[] = [];

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
});
afterAll(async () => {
  for (const s of sockets) s.disconnect();
  for (const c of open) await c.close();
  await t?.close();
});

async function clientOf(user: { userID: string; userSig: string }, url = server) {
  const c = await client(url, user);
  open.push(c);
  return c;
}

/** A raw socket: lets a test emit the same frame twice at once, as a retrying client would. */
async function rawSocket(user: { userID: string; userSig: string }): Promise<Socket> {
  const s = io(server, { path: '/socket.io/', auth: user, transports: ['websocket'] });
  sockets.push(s);
  await new Promise<void>((resolve, reject) => {
    s.once('connect', () => resolve());
    s.once('connect_error', reject);
  });
  return s;
}

const seqsOf = (msgs: Message[]) => msgs.map((m) => m.sequence);
const texts = (msgs: Message[]) => msgs.map((m) => (m.payload as { text: string }).text);

describe('group commit of sends', () => {
  it('many concurrent sends both ways in one conversation: gapless sequences, each sender’s order kept', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const ca = await clientOf(a);
    const cb = await clientOf(b);
    const n = 60;
    const sends: Array<Promise<{ data: { message: Message } }>> = [];
    for (let i = 0; i < n; i++) {
      sends.push(ca.tim.sendMessage(text(ca.tim, b.userID, `a${i}`)));
      sends.push(cb.tim.sendMessage(text(cb.tim, a.userID, `b${i}`)));
    }
    const sent = (await Promise.all(sends)).map((r) => r.data.message);
    expect(seqsOf(sent).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 2 * n }, (_, i) => i + 1),
    );
    // a sender's messages take sequences in the order they were sent
    for (const who of ['a', 'b']) {
      const mine = sent.filter((m) => texts([m])[0]?.startsWith(who));
      const bySeq = [...mine].sort((x, y) => x.sequence - y.sequence);
      expect(texts(bySeq)).toEqual(Array.from({ length: n }, (_, i) => `${who}${i}`));
    }
    await eventually(() => expect(cb.received).toHaveLength(n));
    expect(texts(cb.received)).toEqual(Array.from({ length: n }, (_, i) => `a${i}`));
    const history = await ca.tim.getMessageList({ conversationID: `C2C${b.userID}`, count: 15 });
    expect(seqsOf(history.data.messageList)).toEqual(
      Array.from({ length: 15 }, (_, i) => 2 * n - 14 + i),
    );
  });

  it('the same frame sent twice at once is stored once and both acks name it', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const s = await rawSocket(a);
    const frame = {
      conversationType: 'C2C',
      to: b.userID,
      type: 'TIMTextElem',
      payload: { text: 'once' },
      random: 4242,
    };
    const acks = await Promise.all(
      Array.from({ length: 5 }, () => s.timeout(5000).emitWithAck('sendMessage', frame)),
    );
    expect(acks.every((x) => x.code === 0)).toBe(true);
    expect(new Set(acks.map((x) => x.data.ID)).size).toBe(1);
    // sent again later (a retry after a lost ack): still the first message, no new sequence
    const again = await s.timeout(5000).emitWithAck('sendMessage', frame);
    expect(again.data.ID).toBe(acks[0].data.ID);
    const next = await s
      .timeout(5000)
      .emitWithAck('sendMessage', { ...frame, random: 4243, payload: { text: 'next' } });
    expect(next.data.sequence).toBe(2);
  });

  it('a refused send in a busy batch fails alone and takes no sequence', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const c = await imUser(t.app);
    const ca = await clientOf(a);
    const cb = await clientOf(b);
    const cc = await clientOf(c);
    await cb.tim.addToBlacklist({ userIDList: [a.userID] });
    const good = Array.from({ length: 20 }, (_, i) =>
      cc.tim.sendMessage(text(cc.tim, b.userID, `c${i}`)),
    );
    const refused = Array.from({ length: 5 }, (_, i) =>
      errorOf(ca.tim.sendMessage(text(ca.tim, b.userID, `blocked${i}`))),
    );
    const ghost = errorOf(ca.tim.sendMessage(text(ca.tim, 'no-such-user', 'x')));
    const [ok, errs, ghostErr] = await Promise.all([
      Promise.all(good),
      Promise.all(refused),
      ghost,
    ]);
    expect(errs).toEqual(Array(5).fill('IM_IN_BLACKLIST'));
    expect(ghostErr).toBe('IM_USER_NOT_FOUND');
    expect(seqsOf(ok.map((r) => r.data.message))).toEqual(
      Array.from({ length: 20 }, (_, i) => i + 1),
    );
    await eventually(() => expect(cb.received).toHaveLength(20));
    expect(cb.received.every((m) => m.from === c.userID)).toBe(true);
  });
  it('a sender’s concurrent group sends keep their order while two senders interleave', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const ca = await clientOf(a);
    const cb = await clientOf(b);
    const g = (
      await ca.tim.createGroup({
        type: 'Private',
        name: '顺序',
        memberList: [{ userID: b.userID }],
      })
    ).data.group;
    const n = 25;
    const sends: Array<Promise<{ data: { message: Message } }>> = [];
    for (let i = 0; i < n; i++) {
      sends.push(ca.tim.sendMessage(text(ca.tim, g.groupID, `a${i}`, 'GROUP')));
      sends.push(cb.tim.sendMessage(text(cb.tim, g.groupID, `b${i}`, 'GROUP')));
    }
    const sent = (await Promise.all(sends)).map((r) => r.data.message);
    const first = Math.min(...seqsOf(sent));
    expect(seqsOf(sent).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 2 * n }, (_, i) => first + i),
    );
    for (const who of ['a', 'b']) {
      const mine = sent.filter((m) => texts([m])[0]?.startsWith(who));
      const bySeq = [...mine].sort((x, y) => x.sequence - y.sequence);
      expect(texts(bySeq)).toEqual(Array.from({ length: n }, (_, i) => `${who}${i}`));
    }
  });
});

describe.skipIf(TEST_DB !== 'postgres')('group commit on two nodes', () => {
  let node2: FastifyInstance;
  let url2: string;
  beforeAll(async () => {
    node2 = await t.secondNode();
    url2 = await listen(node2);
  });

  it('batches spanning many conversations on both nodes neither deadlock nor collide', async () => {
    const users = await Promise.all(Array.from({ length: 6 }, () => imUser(t.app)));
    const on1 = await Promise.all(users.map((u) => clientOf(u)));
    const on2 = await Promise.all(users.map((u) => clientOf(u, url2)));
    const sends: Array<Promise<{ data: { message: Message } }>> = [];
    // every user writes to every other from both nodes, in opposite orders on the two nodes
    for (let round = 0; round < 3; round++) {
      users.forEach((_, i) => {
        users.forEach((peer, j) => {
          if (i === j) return;
          const c1 = on1[i] as Client;
          const c2 = on2[users.length - 1 - i] as Client;
          const peer2 = users[users.length - 1 - j] as { userID: string };
          sends.push(c1.tim.sendMessage(text(c1.tim, peer.userID, `n1-${round}`)));
          sends.push(c2.tim.sendMessage(text(c2.tim, peer2.userID, `n2-${round}`)));
        });
      });
    }
    const sent = (await Promise.all(sends)).map((r) => r.data.message);
    const byConv = new Map<string, number[]>();
    for (const m of sent) {
      const key = [m.from, m.to].sort().join('|');
      byConv.set(key, [...(byConv.get(key) ?? []), m.sequence]);
    }
    expect(byConv.size).toBe(15);
    for (const seqs of byConv.values()) {
      // each pair: 3 rounds × 2 directions × 2 nodes
      expect(seqs.sort((x, y) => x - y)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    }
  });
});
