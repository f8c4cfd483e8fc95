import { SHOP_REPLY_DEFAULTS, type ShopReplySettings } from '@chaopin/contracts';
import type { Message } from '@chaopin/im-sdk';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { API, call, login, TEST_DB } from '../../../../test/helpers.ts';
import { makeAdmin } from '../../../../test/kits/aftersale-kit.ts';
import {
  type Client,
  client,
  eventually,
  type ImServer,
  imServerPerFile,
  imUser,
  text,
  twoNodesPerSuite,
} from '../../../../test/kits/im-kit.ts';
import { makeProduct } from '../../../../test/kits/order-kit.ts';
import { c2cKey } from '../keys.ts';
import { UserSigs } from '../session/im-sig.ts';

const HOUR = 3_600_000;
const URL = `${API}/admin/store/chatReply`;

/** A store (with its chat account made, as 客服 does) and its name. */
async function shop(s: ImServer) {
  const { storeId } = await makeProduct(s.app);
  const me = await login(s.app);
  const r = await call<{ userID: string; nick: string }>(s.app, {
    method: 'GET',
    url: `${API}/message/shopByChatId?storeId=${storeId}`,
    token: me.token,
  });
  expect(r.status).toBe(200);
  return { storeId, userID: r.body.data.userID, name: r.body.data.nick };
}

/** The store's operator signed in to chat as the store's account (on `url`). */
async function operator(s: ImServer, storeUser: string, url = s.url): Promise<Client> {
  const c = await client(url, {
    userID: storeUser,
    userSig: new UserSigs(s.app.deps.secret).issue(storeUser).userSig,
  });
  s.open.push(c);
  return c;
}

async function buyer(s: ImServer, url = s.url): Promise<Client> {
  const c = await client(url, await imUser(s.app, '买家'));
  s.open.push(c);
  return c;
}

/** What the store's account has said in its conversation with the buyer, oldest first. */
async function storeSaid(app: FastifyInstance, storeUser: string, buyerID: string) {
  const rows = await app.deps.db
    .selectFrom('im_message')
    .select(['payload', 'seq'])
    .where('conv_key', '=', c2cKey(storeUser, buyerID))
    .where('from_id', '=', storeUser)
    .orderBy('seq')
    .execute();
  return rows.map((r) => String((r.payload as { text?: string }).text));
}

const fromStore = (c: Client, storeUser: string) =>
  c.received
    .filter((m: Message) => m.from === storeUser && m.conversationID === `C2C${storeUser}`)
    .map((m) => String(m.payload.text));

/** Waits for the replies of every node to be sent. */
const settled = (...apps: FastifyInstance[]) => Promise.all(apps.map((a) => a.shopReplies.idle()));

describe('shop chat auto replies (客服)', () => {
  const s = imServerPerFile();

  it('greets a buyer once with the default welcome text, and answers once for an absent operator', async () => {
    const store = await shop(s);
    const b = await buyer(s);
    await b.tim.sendMessage(text(b.tim, store.userID, '在吗？'));
    const welcome = SHOP_REPLY_DEFAULTS.welcome.replace('{店铺名}', store.name);
    // Real time: both replies reach the buyer's open conversation, after their own message.
    await eventually(() =>
      expect(fromStore(b, store.userID)).toEqual([welcome, SHOP_REPLY_DEFAULTS.away]),
    );
    expect(welcome).toBe(`您好，欢迎光临${store.name}，有什么可以帮您？`);
    const list = await b.tim.getMessageList({ conversationID: `C2C${store.userID}` });
    expect(list.data.messageList.map((m) => String(m.payload.text))).toEqual([
      '在吗？',
      welcome,
      SHOP_REPLY_DEFAULTS.away,
    ]);
    // Later messages within the hour: nothing more.
    await b.tim.sendMessage(text(b.tim, store.userID, '有货吗'));
    await b.tim.sendMessage(text(b.tim, store.userID, '发什么快递'));
    await settled(s.app);
    expect(await storeSaid(s.app, store.userID, b.userID)).toEqual([
      welcome,
      SHOP_REPLY_DEFAULTS.away,
    ]);
  });

  it('concurrent first messages (two sessions of the buyer) get one greeting and one away text', async () => {
    const store = await shop(s);
    const user = await imUser(s.app, '买家');
    const b1 = await client(s.url, user);
    const b2 = await client(s.url, user);
    s.open.push(b1, b2);
    await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 ? b1 : b2).tim.sendMessage(text((i % 2 ? b1 : b2).tim, store.userID, `#${i}`)),
      ),
    );
    await settled(s.app);
    const said = await storeSaid(s.app, store.userID, user.userID);
    expect(said).toHaveLength(2);
    expect(said[0]).toContain(store.name);
    expect(said[1]).toBe(SHOP_REPLY_DEFAULTS.away);
  });

  it('sends the away text at most once per conversation per hour (the configured interval)', async () => {
    const store = await shop(s);
    const b = await buyer(s);
    const t0 = Date.now();
    s.app.shopReplies.now = () => t0;
    try {
      await b.tim.sendMessage(text(b.tim, store.userID, '1'));
      await settled(s.app);
      await expect(s.app.shopReplies.settings(store.storeId)).resolves.toMatchObject({
        awayIntervalSeconds: 3600,
      });
      s.app.shopReplies.now = () => t0 + HOUR - 1;
      await b.tim.sendMessage(text(b.tim, store.userID, '2'));
      await settled(s.app);
      expect((await storeSaid(s.app, store.userID, b.userID)).length).toBe(2);
      s.app.shopReplies.now = () => t0 + HOUR;
      await Promise.all(
        ['3', '4', '5'].map((t) => b.tim.sendMessage(text(b.tim, store.userID, t))),
      );
      await settled(s.app);
      const said = await storeSaid(s.app, store.userID, b.userID);
      expect(said).toHaveLength(3);
      expect(said.slice(1)).toEqual([SHOP_REPLY_DEFAULTS.away, SHOP_REPLY_DEFAULTS.away]);
      // Each buyer has their own conversation: another buyer is greeted and answered too.
      const other = await buyer(s);
      await other.tim.sendMessage(text(other.tim, store.userID, 'hi'));
      await settled(s.app);
      expect(await storeSaid(s.app, store.userID, other.userID)).toHaveLength(2);
    } finally {
      s.app.shopReplies.now = Date.now;
    }
  });

  it('while the store operator is online: the welcome text, no away text; after they leave, the away text', async () => {
    const store = await shop(s);
    const ops = await operator(s, store.userID);
    const b = await buyer(s);
    await b.tim.sendMessage(text(b.tim, store.userID, '你好'));
    await settled(s.app);
    expect(await storeSaid(s.app, store.userID, b.userID)).toHaveLength(1);
    // The operator's own sessions see the greeting the store sent, and the buyer's message.
    await eventually(() => expect(ops.received.map((m) => m.payload.text)).toContain('你好'));
    // The operator answers: no auto reply to the store's own messages.
    await ops.tim.sendMessage(text(ops.tim, b.userID, '在的，您说'));
    await ops.close();
    await b.tim.sendMessage(text(b.tim, store.userID, '还在吗'));
    await settled(s.app);
    const said = await storeSaid(s.app, store.userID, b.userID);
    expect(said.slice(1)).toEqual(['在的，您说', SHOP_REPLY_DEFAULTS.away]);
  });

  it('uses the texts the operator set (admin API), with the store name filled in', async () => {
    const store = await shop(s);
    const admin = await makeAdmin(s.app);
    const set = await call<ShopReplySettings>(s.app, {
      method: 'POST',
      url: URL,
      token: admin,
      payload: {
        storeId: store.storeId,
        welcomeText: '  {店铺名}欢迎您！今天下单包邮  ',
        awayText: '客服下班啦，明早9点回复',
      },
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toEqual({
      storeId: store.storeId,
      storeName: store.name,
      welcomeText: '{店铺名}欢迎您！今天下单包邮',
      awayText: '客服下班啦，明早9点回复',
      welcomeIsDefault: false,
      awayIsDefault: false,
      awayIntervalSeconds: 3600,
    });
    const b = await buyer(s);
    await b.tim.sendMessage(text(b.tim, store.userID, 'hello'));
    await eventually(() =>
      expect(fromStore(b, store.userID)).toEqual([
        `${store.name}欢迎您！今天下单包邮`,
        '客服下班啦，明早9点回复',
      ]),
    );
    // A blank text puts the default back; the other stays.
    const reset = await call<ShopReplySettings>(s.app, {
      method: 'POST',
      url: URL,
      token: admin,
      payload: { storeId: store.storeId, welcomeText: '' },
    });
    expect(reset.body.data).toMatchObject({
      welcomeText: SHOP_REPLY_DEFAULTS.welcome,
      welcomeIsDefault: true,
      awayText: '客服下班啦，明早9点回复',
    });
    const read = await call<ShopReplySettings>(s.app, {
      method: 'GET',
      url: `${URL}?storeId=${store.storeId}`,
      token: admin,
    });
    expect(read.body.data).toEqual(reset.body.data);
  });

  it('the admin route: operators only, bad input answered with catalogue errors', async () => {
    const store = await shop(s);
    const admin = await makeAdmin(s.app);
    const user = await login(s.app);
    const post = (payload: unknown, token = admin) =>
      call(s.app, { method: 'POST', url: URL, token, payload: payload as object });
    const get = (qs: string, token = admin) =>
      call(s.app, { method: 'GET', url: `${URL}?${qs}`, token });
    const fine = { storeId: store.storeId, welcomeText: 'hi' };
    const cases: Array<[Promise<{ status: number; body: { error?: string } }>, number, string]> = [
      [post(fine, ''), 401, 'LOGIN_REQUIRED'],
      [post(fine, user.token), 403, 'FORBIDDEN'],
      [get(`storeId=${store.storeId}`, user.token), 403, 'FORBIDDEN'],
      [get('storeId=abc'), 400, 'INVALID_PARAM'],
      [get('storeId=Infinity'), 400, 'INVALID_PARAM'],
      [get('storeId=99999999'), 404, 'STORE_NOT_FOUND'],
      [post({ storeId: 99999999, welcomeText: 'x' }), 404, 'STORE_NOT_FOUND'],
      [post({ storeId: 0, welcomeText: 'x' }), 400, 'INVALID_PARAM'],
      [post({ storeId: store.storeId }), 400, 'SHOP_REPLY_EMPTY'],
      [post({ ...fine, welcomeText: 'x'.repeat(501) }), 400, 'SHOP_REPLY_TEXT_INVALID'],
      [post({ ...fine, awayText: 'a\u0000b' }), 400, 'SHOP_REPLY_TEXT_INVALID'],
      [post({ ...fine, awayText: { a: 1 } }), 400, 'SHOP_REPLY_TEXT_INVALID'],
    ];
    for (const [i, [res, status, error]] of cases.entries()) {
      const r = await res;
      expect([r.status, r.body.error], `case ${i}`).toEqual([status, error]);
    }
    // 500 characters of Chinese are fine.
    const long = await post({ ...fine, welcomeText: '欢'.repeat(500) });
    expect(long.status).toBe(200);
  });
});

// Presence and the claims across two server processes on one PostgreSQL and Redis.
describe.skipIf(TEST_DB !== 'postgres')('shop chat auto replies on two nodes', () => {
  const nodes = twoNodesPerSuite();

  it('an operator online on the other node counts; concurrent first messages on both nodes greet once', async () => {
    const store = await shop(nodes);
    const user = await imUser(nodes.app, '买家');
    const b1 = await client(nodes.url, user);
    const b2 = await client(nodes.url2, user);
    nodes.open.push(b1, b2);
    const ops = await operator(nodes, store.userID, nodes.url2);
    await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        (i % 2 ? b1 : b2).tim.sendMessage(text((i % 2 ? b1 : b2).tim, store.userID, `#${i}`)),
      ),
    );
    await settled(nodes.app, nodes.node2);
    // Greeted once; the operator signed in on node 2 is online for node 1 too: no away text.
    expect(await storeSaid(nodes.app, store.userID, user.userID)).toEqual([
      SHOP_REPLY_DEFAULTS.welcome.replace('{店铺名}', store.name),
    ]);
    await eventually(() => expect(fromStore(b1, store.userID)).toHaveLength(1));
    await ops.close();
    await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        (i % 2 ? b1 : b2).tim.sendMessage(text((i % 2 ? b1 : b2).tim, store.userID, `away${i}`)),
      ),
    );
    await settled(nodes.app, nodes.node2);
    expect((await storeSaid(nodes.app, store.userID, user.userID)).slice(1)).toEqual([
      SHOP_REPLY_DEFAULTS.away,
    ]);
    await eventually(() => expect(fromStore(b2, store.userID)).toHaveLength(2));
  });
});
