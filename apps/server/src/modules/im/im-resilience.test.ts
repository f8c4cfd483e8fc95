import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import TIM, { type Message } from '@chaopin/im-sdk';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import {
  type Client,
  client,
  eventually,
  imUser,
  listen,
  text,
} from '../../../test/kits/im-kit.ts';

let t: TestApp;
let server: string;
let pgDir: string;
const open: Client[] = [];

beforeAll(async () => {
  // A database on disk in embedded mode, so that a restarted server finds the same data.
  pgDir = await mkdtemp(join(tmpdir(), 'chaopin-im-pg-'));
  t = await createTestApp(TEST_DB === 'pglite' ? { PGLITE_DIR: pgDir } : {});
  server = await listen(t.app);
});
afterAll(async () => {
  for (const c of open) await c.close().catch(() => undefined);
  await t?.close();
  await rm(pgDir, { recursive: true, force: true });
});

const texts = (c: Client, from?: string) =>
  c.received
    .filter((m) => m.type === 'TIMTextElem' && (!from || m.from === from))
    .map((m) => (m.payload as { text?: string }).text);

describe('reconnect and catch-up', () => {
  it('a dropped connection reconnects at once (NET_STATE_CHANGE) and catches up exactly once, in order', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const ca = await client(server, a);
    const cb = await client(server, b);
    open.push(ca, cb);
    const states: string[] = [];
    cb.tim.on(TIM.EVENT.NET_STATE_CHANGE, (e) => states.push((e.data as { state: string }).state));
    await ca.tim.sendMessage(text(ca.tim, b.userID, 'before'));
    await eventually(() => expect(texts(cb)).toEqual(['before']));
    for (let round = 0; round < 3; round++) {
      cb.tim.__dropConnection();
      for (let i = 0; i < 5; i++)
        await ca.tim.sendMessage(text(ca.tim, b.userID, `r${round}-${i}`));
    }
    const want = ['before', ...[0, 1, 2].flatMap((r) => [0, 1, 2, 3, 4].map((i) => `r${r}-${i}`))];
    await eventually(() => expect(texts(cb)).toEqual(want));
    expect(states.filter((s) => s === 'connecting').length).toBe(3);
    expect(states.at(-1)).toBe('connected');
    await new Promise((r) => setTimeout(r, 300));
    expect(texts(cb)).toEqual(want);
  });

  it('group messages missed while disconnected arrive after reconnect (sync by sequence)', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const ca = await client(server, a);
    const cb = await client(server, b);
    open.push(ca, cb);
    const g = await ca.tim.createGroup({
      type: 'Public',
      name: '重连群',
      memberList: [{ userID: b.userID }],
    });
    const gid = g.data.group.groupID;
    await ca.tim.sendMessage(text(ca.tim, gid, 'g0', 'GROUP'));
    await eventually(() => expect(texts(cb, a.userID)).toEqual(['g0']));
    cb.tim.__dropConnection();
    for (let i = 1; i <= 6; i++) await ca.tim.sendMessage(text(ca.tim, gid, `g${i}`, 'GROUP'));
    await eventually(() =>
      expect(texts(cb, a.userID)).toEqual(['g0', 'g1', 'g2', 'g3', 'g4', 'g5', 'g6']),
    );
    const seqs = cb.received
      .filter((m) => m.conversationID === `GROUP${gid}`)
      .map((m) => m.sequence);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
    expect(new Set(seqs).size).toBe(seqs.length);
  });

  it('property: random sends, reads, revokes and disconnects across 3 clients', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.record({ op: fc.constant('send' as const), from: fc.nat(2), to: fc.nat(2) }),
            fc.record({ op: fc.constant('read' as const), from: fc.nat(2), to: fc.nat(2) }),
            fc.record({ op: fc.constant('revoke' as const), from: fc.nat(2), to: fc.nat(2) }),
            fc.record({ op: fc.constant('drop' as const), from: fc.nat(2), to: fc.nat(2) }),
          ),
          { minLength: 5, maxLength: 30 },
        ),
        async (ops) => {
          const users = await Promise.all([0, 1, 2].map(() => imUser(t.app)));
          const cs = await Promise.all(users.map((u) => client(server, u)));
          try {
            const sent: Array<{ from: number; to: number; msg: Message; readBefore: boolean }> = [];
            const lastRead = new Map<string, number>(); // `${reader}>${peer}` → index in sent
            for (const o of ops) {
              const from = o.from;
              const to = o.to === from ? (from + 1) % 3 : o.to;
              const c = cs[from] as Client;
              const peer = users[to]?.userID as string;
              if (o.op === 'send') {
                const r = await c.tim.sendMessage(
                  text(c.tim, peer, `${from}>${to}#${sent.length}`),
                );
                sent.push({ from, to, msg: r.data.message, readBefore: false });
              } else if (o.op === 'read') {
                const conv = `C2C${peer}`;
                const has = sent.some(
                  (s) => (s.from === to && s.to === from) || (s.from === from && s.to === to),
                );
                if (!has) continue;
                await c.tim.setMessageRead({ conversationID: conv });
                lastRead.set(`${from}>${to}`, sent.length);
              } else if (o.op === 'revoke') {
                const mine = sent
                  .filter((s) => s.from === from && s.to === to && !s.msg.isRevoked)
                  .at(-1);
                if (mine) await c.tim.revokeMessage(mine.msg);
              } else {
                c.tim.__dropConnection();
              }
            }
            for (let u = 0; u < 3; u++) {
              const c = cs[u] as Client;
              const expected = sent.filter((s) => s.to === u).map((s) => s.msg.ID);
              await eventually(
                () => expect(c.received.map((m) => m.ID).sort()).toEqual([...expected].sort()),
                10_000,
              );
              // per conversation order
              for (let p = 0; p < 3; p++) {
                const seqs = c.received
                  .filter((m) => m.from === users[p]?.userID)
                  .map((m) => m.sequence);
                expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
              }
              // exact unread counts
              await eventually(async () => {
                const list = (await c.tim.getConversationList()).data.conversationList;
                for (let p = 0; p < 3; p++) {
                  if (p === u) continue;
                  const since = lastRead.get(`${u}>${p}`) ?? 0;
                  const want = sent.filter(
                    (s, i) => i >= since && s.from === p && s.to === u && !s.msg.isRevoked,
                  ).length;
                  const conv = list.find((x) => x.conversationID === `C2C${users[p]?.userID}`);
                  expect(conv?.unreadCount ?? 0).toBe(want);
                }
              }, 10_000);
            }
          } finally {
            for (const c of cs) await c.close();
          }
        },
      ),
      {
        numRuns: 10,
        endOnFailure: true,
        verbose: 2,
        // Replays a failure CI reported: FC_SEED=<seed> FC_PATH=<path>.
        ...(process.env.FC_SEED
          ? { seed: Number(process.env.FC_SEED), path: process.env.FC_PATH }
          : {}),
      },
    );
  }, 90_000);
});

describe('server restart', () => {
  it('clients reconnect to the restarted server and catch up with nothing lost', async () => {
    const a = await imUser(t.app);
    const b = await imUser(t.app);
    const ca = await client(server, a);
    const cb = await client(server, b);
    for (let i = 0; i < 5; i++) await ca.tim.sendMessage(text(ca.tim, b.userID, `before${i}`));
    await eventually(() => expect(texts(cb)).toHaveLength(5));
    const port = (t.app.server.address() as AddressInfo).port;
    await t.app.close();
    const next = await t.secondNode();
    await listen(next, port);
    // a third client on the new server writes while a and b are still reconnecting
    const c = await imUser(next);
    const cc = await client(server, c);
    for (let i = 0; i < 5; i++) await cc.tim.sendMessage(text(cc.tim, b.userID, `during${i}`));
    await eventually(
      () =>
        expect(
          ca.tim.isReady() &&
            ca.events.filter((e) => e.name === TIM.EVENT.NET_STATE_CHANGE).length >= 2,
        ).toBe(true),
      15_000,
    );
    for (let i = 0; i < 5; i++) await ca.tim.sendMessage(text(ca.tim, b.userID, `after${i}`));
    await eventually(
      () =>
        expect(texts(cb, a.userID)).toEqual([
          ...[0, 1, 2, 3, 4].map((i) => `before${i}`),
          ...[0, 1, 2, 3, 4].map((i) => `after${i}`),
        ]),
      15_000,
    );
    await eventually(() =>
      expect(texts(cb, c.userID)).toEqual([0, 1, 2, 3, 4].map((i) => `during${i}`)),
    );
    expect(cb.received).toHaveLength(15);
    for (const x of [ca, cb, cc]) await x.close();
  }, 60_000);
});
