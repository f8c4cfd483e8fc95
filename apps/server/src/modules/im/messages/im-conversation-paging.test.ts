// The conversation list paged: the newest 20 at SDK_READY, the rest in the background, while
// messages, late pushes, failures and reconnects happen; the server's keyset cursor.
import { ERRORS, type ImConversation, type ImConversationPage } from '@chaopin/contracts';
import TIM, { type Conversation, type Message, type TimEvent } from '@chaopin/im-sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { rawSocket } from '../../../../test/kits/im-conversation-kit.ts';
import {
  type Client,
  client,
  eventually,
  imUser,
  listen,
  testAppID,
  text,
} from '../../../../test/kits/im-kit.ts';

let t: TestApp;
let server: string;
const open: Client[] = [];
const PEERS = 45;
/** The viewer, its 45 C2C conversations (one message each, from the viewer), and who they are with. */
let viewer: { userID: string; userSig: string };
let peers: Array<{ userID: string; userSig: string }>;
/** The list's expected order at set-up: newest message first, equal times by conversationID. */
let expected: string[];

beforeAll(async () => {
  t = await createTestApp();
  server = await listen(t.app);
  viewer = await imUser(t.app, 'Viewer');
  peers = [];
  for (let i = 0; i < PEERS; i++) peers.push(await imUser(t.app, `P${i}`));
  const sender = await client(server, viewer);
  const sent: Message[] = [];
  for (const p of peers)
    sent.push(
      (await sender.tim.sendMessage(text(sender.tim, p.userID, `hi ${p.userID}`))).data.message,
    );
  await sender.close();
  expected = sent
    .sort(
      (a, b) =>
        b.timeMs - a.timeMs ||
        (a.conversationID < b.conversationID ? 1 : a.conversationID > b.conversationID ? -1 : 0),
    )
    .map((m) => m.conversationID);
}, 120_000);
afterAll(async () => {
  for (const c of open) await c.close();
  await t?.close();
});

type Call = (cmd: string, payload: Record<string, unknown>) => Promise<unknown>;

/**
 * A viewer session whose background pages (getConversationList with a cursor) wait at a gate
 * the test opens, so that the test can act while the list is being paged; `fail` makes the next
 * page fail once instead. Message pushes of `slowConversation` are held back until `deliverHeld`,
 * as a push relayed by a slow node would be.
 */
async function gatedViewer(slowConversation?: string) {
  const tim = TIM.create({ SDKAppID: testAppID(), server });
  const events: TimEvent[] = [];
  const received: Message[] = [];
  for (const name of Object.values(TIM.EVENT)) {
    tim.on(name, (e) => {
      events.push(e);
      if (e.name === TIM.EVENT.MESSAGE_RECEIVED) received.push(...(e.data as Message[]));
    });
  }
  let release!: () => void;
  const gate = new Promise<void>((r) => {
    release = r;
  });
  const pages: Array<Record<string, unknown>> = [];
  const ctl = { fail: false };
  const inner = tim as unknown as { call: Call };
  const call = inner.call.bind(tim);
  inner.call = async (cmd, payload) => {
    if (cmd === 'getConversationList' && payload.timeStamp) {
      pages.push(payload);
      await gate;
      if (ctl.fail) {
        ctl.fail = false;
        throw TIM.error('IM_TIMEOUT');
      }
    }
    return call(cmd, payload);
  };
  const held: Array<[string, unknown]> = [];
  const core = tim as unknown as { onPush: (event: string, data: unknown) => void };
  const onPush = core.onPush.bind(tim);
  core.onPush = (event, data) => {
    if ((data as { conversationID?: string } | null)?.conversationID === slowConversation)
      held.push([event, data]);
    else onPush(event, data);
  };
  const deliverHeld = () => {
    for (const [event, data] of held.splice(0)) onPush(event, data);
  };
  await tim.login(viewer);
  const c: Client = {
    tim,
    userID: viewer.userID,
    received,
    events,
    close: () => tim.destroy().then(() => undefined),
  };
  return { c, open: release, pages, ctl, deliverHeld };
}

const ids = (list: Conversation[]) => list.map((c) => c.conversationID);
const lastListEvent = (c: Client) =>
  c.events.filter((e) => e.name === TIM.EVENT.CONVERSATION_LIST_UPDATED).at(-1)
    ?.data as Conversation[];

describe('conversation list paging', () => {
  it('SDK_READY has the newest 20; the rest is paged in the background; a message meanwhile moves its conversation to the top, once', async () => {
    const peer0 = peers.find((p) => `C2C${p.userID}` === expected.at(-1)) as (typeof peers)[0];
    const cp = await client(server, peer0);
    open.push(cp);
    const v = await gatedViewer();
    open.push(v.c);
    expect(v.c.tim.conversationListState).toBe('pending');
    await eventually(() => expect(ids(lastListEvent(v.c) ?? [])).toEqual(expected.slice(0, 20)));
    expect(v.c.tim.cachedConversations()).toHaveLength(20);
    await eventually(() => expect(v.pages).toHaveLength(1));
    expect(v.pages[0]?.count).toBe(20);

    // The oldest conversation (not paged yet) gets a message: it moves above the cursor.
    await cp.tim.sendMessage(text(cp.tim, viewer.userID, 'during paging'));
    await new Promise((r) => setTimeout(r, 100));
    v.open();
    const list = (await v.c.tim.getConversationList()).data.conversationList;
    expect(v.c.tim.conversationListState).toBe('resolved');
    expect(ids(list)).toEqual([`C2C${peer0.userID}`, ...expected.slice(0, -1)]);
    expect(new Set(ids(list)).size).toBe(PEERS);
    const moved = list[0] as Conversation;
    expect(moved.lastMessage.messageForShow).toBe('during paging');
    expect(moved.unreadCount).toBe(1);
    expect(moved.lastMessage.lastSequence).toBe(2);
    // Delivered once, as new: nothing of the paged history is "received".
    await eventually(() =>
      expect(v.c.received.map((m) => m.payload.text)).toEqual(['during paging']),
    );
    for (const e of v.c.events.filter((x) => x.name === TIM.EVENT.CONVERSATION_LIST_UPDATED)) {
      const seen = ids(e.data as Conversation[]);
      expect(new Set(seen).size).toBe(seen.length);
    }
    // Later messages of the moved conversation count on top of it.
    await cp.tim.sendMessage(text(cp.tim, viewer.userID, 'after paging'));
    await eventually(async () => {
      const c = (await v.c.tim.getConversationList()).data.conversationList[0];
      expect(c?.unreadCount).toBe(2);
      expect(c?.lastMessage.messageForShow).toBe('after paging');
    });
  });

  it('a move whose push comes after the pages is found by reading the head again; no history is replayed', async () => {
    const peer = peers[5] as (typeof peers)[0];
    const conv = `C2C${peer.userID}`;
    const cp = await client(server, peer);
    open.push(cp);
    const v = await gatedViewer(conv);
    open.push(v.c);
    expect(ids(v.c.tim.cachedConversations())).not.toContain(conv);
    await cp.tim.sendMessage(text(cp.tim, viewer.userID, 'late push'));
    v.open();
    const list = (await v.c.tim.getConversationList()).data.conversationList;
    expect(list[0]?.conversationID).toBe(conv);
    expect(list[0]?.unreadCount).toBe(1);
    expect(new Set(ids(list)).size).toBe(list.length);
    v.deliverHeld();
    await new Promise((r) => setTimeout(r, 300));
    // The late push is already in the snapshot: not counted twice, and no sync replays history;
    // but it was sent while this session was online, so it is announced, once.
    const after = (await v.c.tim.getConversationList()).data.conversationList;
    expect(after.find((c) => c.conversationID === conv)?.unreadCount).toBe(1);
    expect(v.c.received.map((m) => m.payload.text)).toEqual(['late push']);
    expect(after.find((c) => c.conversationID === conv)?.lastMessage.messageForShow).toBe(
      'late push',
    );
  });

  it('a rejected paging is retried when the list is requested', async () => {
    const v = await gatedViewer();
    open.push(v.c);
    v.ctl.fail = true;
    v.open();
    await eventually(() => expect(v.c.tim.conversationListState).toBe('rejected'));
    const list = (await v.c.tim.getConversationList()).data.conversationList;
    expect(v.c.tim.conversationListState).toBe('resolved');
    expect(list).toHaveLength(PEERS);
    expect(new Set(ids(list)).size).toBe(PEERS);
  });

  it('a reconnect while paging catches up after the pages, replaying no history', async () => {
    const v = await gatedViewer();
    open.push(v.c);
    const peer = peers[3] as (typeof peers)[0];
    const cp = await client(server, peer);
    open.push(cp);
    await eventually(() => expect(v.pages).toHaveLength(1));
    v.c.tim.__dropConnection();
    // Connected at login, then again after the drop.
    await eventually(() =>
      expect(
        v.c.events.filter(
          (e) =>
            e.name === TIM.EVENT.NET_STATE_CHANGE &&
            (e.data as { state: string }).state === 'connected',
        ).length,
      ).toBeGreaterThanOrEqual(2),
    );
    await cp.tim.sendMessage(text(cp.tim, viewer.userID, 'while reconnecting'));
    v.open();
    const list = (await v.c.tim.getConversationList()).data.conversationList;
    expect(new Set(ids(list)).size).toBe(list.length);
    expect(list.length).toBeGreaterThanOrEqual(PEERS);
    await eventually(() =>
      expect(v.c.received.map((m) => m.payload.text)).toEqual(['while reconnecting']),
    );
    const conv = list.find((c) => c.conversationID === `C2C${peer.userID}`);
    expect(conv?.lastMessage.messageForShow).toBe('while reconnecting');
  });

  it('the server pages by a unique cursor: every conversation once, in the list order; a bad cursor is refused', async () => {
    const s = await rawSocket(server, viewer);
    try {
      const walked: ImConversation[] = [];
      let timeStamp = '';
      for (let i = 0; i < 20; i++) {
        const r = await s.send('getConversationList', { timeStamp, count: 7 });
        expect(r.code).toBe(0);
        const page = r.data as ImConversationPage;
        expect(page.conversations.length).toBeLessThanOrEqual(7);
        walked.push(...page.conversations);
        timeStamp = page.timeStamp;
        if (page.completeFlag) break;
      }
      const sdk = await client(server, viewer);
      open.push(sdk);
      const all = (await sdk.tim.getConversationList()).data.conversationList;
      expect(ids(walked)).toEqual(ids(all));
      expect(new Set(ids(walked)).size).toBe(walked.length);
      expect(walked.length).toBeGreaterThanOrEqual(PEERS);
      // A page past the end is empty and complete.
      const end = await s.send('getConversationList', { timeStamp, count: 5 });
      expect(end.data).toMatchObject({ conversations: [], completeFlag: true });
      for (const bad of [
        { timeStamp: 'garbage' },
        { timeStamp: '12' },
        { timeStamp: 'x1.C2Cy' },
        { timeStamp: '1.' },
        { timeStamp: 42 },
        { count: 0 },
        { count: 101 },
      ]) {
        const r = await s.send('getConversationList', bad);
        expect(r).toMatchObject({
          error: 'IM_CONVERSATION_PAGE_INVALID',
          msg: ERRORS.IM_CONVERSATION_PAGE_INVALID.msg,
          code: 400,
        });
      }
    } finally {
      s.close();
    }
  });
});
