import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, form, login, type TestApp } from '../../../test/helpers.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';
import { type Buyer, makeBuyer, makeProduct, newOrder, topUp } from '../order/order-fixture.ts';
import { yuan } from './message-texts.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  const { token, phone } = await login(t.app);
  await t.app.deps.db
    .updateTable('app_user')
    .set({ role: 'admin' })
    .where('phone', '=', phone)
    .execute();
  admin = token;
});
afterAll(async () => {
  await t.close();
});

interface Item {
  id: number;
  type: string;
  title: string;
  content: string;
  link: string;
  orderNo: string;
  image: string;
  read: boolean;
  createdAt: string;
}
interface Page {
  list: Item[];
  total: number;
  pageNum: number;
  pageSize: number;
}
interface Unread {
  system: number;
  order: number;
  total: number;
}

const get = <T>(path: string, token?: string) =>
  call<T>(t.app, { method: 'GET', url: `${API}/${path}`, token });
const post = <T>(path: string, token: string | undefined, body: Record<string, unknown>) =>
  call<T>(t.app, { method: 'POST', url: `${API}/${path}`, token, payload: body });
const listByType = (token: string, type: string, extra = '') =>
  get<Page>(`message/listByType?type=${type}${extra}`, token);
const unread = async (token: string) => (await get<Unread>('message/unreadCount', token)).body.data;
const emit = (event: DomainEvent) => t.app.deps.events.emit(t.app.deps.db, event);

async function userIdOf(phone: string): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('app_user')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

async function signedIn() {
  const { token, phone } = await login(t.app);
  return { token, userId: await userIdOf(phone) };
}

describe('a new user', () => {
  it('sees the welcome notice, unread, and nothing else', async () => {
    const u = await signedIn();
    expect(await unread(u.token)).toEqual({ system: 1, order: 0, total: 1 });
    const overview = await get<{
      unread: number;
      types: { type: string; name: string; unread: number; latest: { title: string } | null }[];
    }>('message/list', u.token);
    expect(overview.status).toBe(200);
    expect(overview.body.data).toMatchObject({
      unread: 1,
      types: [
        { type: 'system', name: '系统消息', unread: 1, latest: { title: '欢迎来到潮品直播' } },
        { type: 'order', name: '订单消息', unread: 0, latest: null },
      ],
    });
    const system = await listByType(u.token, 'system');
    expect(system.body.data).toMatchObject({ total: 1, pageNum: 1, pageSize: 10 });
    expect(system.body.data.list[0]).toMatchObject({
      type: 'system',
      title: '欢迎来到潮品直播',
      read: false,
      orderNo: '',
    });
    expect((await listByType(u.token, 'order')).body.data).toEqual({
      list: [],
      total: 0,
      pageNum: 1,
      pageSize: 10,
    });
    const badge = await get<{ unread: number; cartCount: number }>(
      'home/unreadAndCartCount',
      u.token,
    );
    expect(badge.body.data).toEqual({ unread: 1, cartCount: 0 });
  });

  it('needs a session for every route', async () => {
    for (const path of [
      'message/list',
      'message/listByType?type=system',
      'message/queryById?id=1',
      'message/unreadCount',
    ]) {
      const res = await get(path);
      expect([path, res.status, res.body.error]).toEqual([path, 401, 'LOGIN_REQUIRED']);
    }
    const res = await post('message/read', undefined, { type: 'system' });
    expect([res.status, res.body.error]).toEqual([401, 'LOGIN_REQUIRED']);
  });
});

describe('order messages from real order events', () => {
  let buyer: Buyer;
  let orderNo: string;
  let payAmount: number;
  beforeAll(async () => {
    buyer = await makeBuyer(t.app);
    await topUp(t.app, buyer.token, 10000);
    const p = await makeProduct(t.app, { price: 1290 });
    const order = await newOrder(t.app, buyer, [{ skuId: p.skuIds[0] as number, quantity: 1 }]);
    orderNo = order.body.data.orderNos[0] as string;
    payAmount = order.body.data.payAmount;
  });

  it('writes 订单支付成功 when paid and 订单已发货 when the merchant ships', async () => {
    const paid = await post('order/newBalancePay', buyer.token, { orderNo, payPassword: '135790' });
    expect(paid.status).toBe(200);
    expect(await unread(buyer.token)).toEqual({ system: 1, order: 1, total: 2 });

    const ship = await post('admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    expect(ship.body.code).toBe(1);
    expect(await unread(buyer.token)).toEqual({ system: 1, order: 2, total: 3 });

    const page = await listByType(buyer.token, 'order');
    expect(page.body.data.total).toBe(2);
    const [shipped, payment] = page.body.data.list;
    expect(shipped).toMatchObject({
      type: 'order',
      title: '订单已发货',
      content: `您的订单 ${orderNo} 已发货，由顺丰速运承运，运单号 SF1234567890，请留意查收`,
      orderNo,
      image: '/s.png',
      read: false,
    });
    expect(payment).toMatchObject({
      title: '订单支付成功',
      content: `您的订单 ${orderNo} 已支付 ¥${(payAmount / 100).toFixed(2)}，商家正在备货`,
      orderNo,
      image: '/s.png',
    });
    const badge = await get<{ unread: number }>('home/unreadAndCartCount', buyer.token);
    expect(badge.body.data.unread).toBe(3);
  });

  it('a refused second shipment or payment writes nothing more', async () => {
    const again = await post('admin/order/ship', admin, {
      orderNo,
      carrier: '顺丰速运',
      trackingNo: 'SF1234567890',
    });
    expect(again.body.error).toBe('ORDER_STATE');
    expect((await listByType(buyer.token, 'order')).body.data.total).toBe(2);
  });
});

describe('order messages from every event kind', () => {
  it('writes each kind once, however often the event is delivered', async () => {
    const u = await signedIn();
    const events: DomainEvent[] = [
      { type: 'order.signed', userId: u.userId, orderNo: 'O1' },
      { type: 'order.received', userId: u.userId, orderNo: 'O1', auto: true },
      { type: 'refund.approved', userId: u.userId, orderNo: 'O1', refundNo: 'R1', amount: 990 },
      {
        type: 'refund.rejected',
        userId: u.userId,
        orderNo: 'O1',
        refundNo: 'R2',
        reason: '商品已使用',
      },
      { type: 'refund.refunded', userId: u.userId, orderNo: 'O1', refundNo: 'R1', amount: 990 },
      { type: 'invoice.issued', userId: u.userId, orderNo: 'O1', invoiceId: 7 },
      { type: 'order.paid', userId: u.userId, orderNos: ['O2', 'O3'], amount: 2505 },
    ];
    for (const e of events) await emit(e);
    for (const e of events) await emit(e);
    await Promise.all(events.map((e) => emit(e)));

    const page = await listByType(u.token, 'order', '&pageSize=100');
    expect(page.body.data.total).toBe(events.length);
    const byTitle = Object.fromEntries(page.body.data.list.map((m) => [m.title, m.content]));
    expect(byTitle).toEqual({
      订单已签收: '您的订单 O1 已签收，如有问题请及时联系商家',
      订单已确认收货: '您的订单 O1 已超时自动确认收货，欢迎评价本次购物',
      退款申请已通过: '您的订单 O1 的退款申请已通过，退款金额 ¥9.90',
      退款申请未通过: '您的订单 O1 的退款申请未通过，原因：商品已使用',
      退款成功: '您的订单 O1 退款 ¥9.90 已原路退回，请注意查收',
      发票已开具: '您的订单 O1 的发票已开具，可在“我的发票”中查看',
      订单支付成功: '您的订单 O2 等2笔订单已支付 ¥25.05，商家正在备货',
    });
    // No such order of this user's: no image, and the lookup is not repeated.
    expect(page.body.data.list.every((m) => m.image === '')).toBe(true);
    expect(await unread(u.token)).toMatchObject({ order: events.length });
  });

  it('rolls back with the change that raised it', async () => {
    const u = await signedIn();
    await expect(
      t.app.deps.db.transaction().execute(async (trx) => {
        await t.app.deps.events.emit(trx, { type: 'order.signed', userId: u.userId, orderNo: 'X' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect((await listByType(u.token, 'order')).body.data.total).toBe(0);
  });
});

describe('reading', () => {
  it('queryById opens and marks read; another user gets 404 and cannot mark it', async () => {
    const a = await signedIn();
    const b = await signedIn();
    await emit({ type: 'order.signed', userId: a.userId, orderNo: 'A1' });
    const [message] = (await listByType(a.token, 'order')).body.data.list;
    const id = message?.id as number;
    const welcome = (await listByType(a.token, 'system')).body.data.list[0]?.id as number;

    const other = await get<Item>(`message/queryById?id=${id}`, b.token);
    expect([other.status, other.body.error]).toEqual([404, 'MESSAGE_NOT_FOUND']);
    const marked = await post<{ marked: number }>('message/read', b.token, { ids: String(id) });
    expect(marked.body.data.marked).toBe(0);
    expect(await unread(a.token)).toEqual({ system: 1, order: 1, total: 2 });

    const opened = await get<Item>(`message/queryById?id=${id}`, a.token);
    expect(opened.status).toBe(200);
    expect(opened.body.data).toMatchObject({ id, title: '订单已签收', read: true, orderNo: 'A1' });
    expect(await unread(a.token)).toEqual({ system: 1, order: 0, total: 1 });
    // Opening again changes nothing.
    expect((await get<Item>(`message/queryById?id=${id}`, a.token)).body.data.read).toBe(true);

    const notice = await get<Item>(`message/queryById?id=${welcome}`, a.token);
    expect(notice.body.data).toMatchObject({
      type: 'system',
      title: '欢迎来到潮品直播',
      read: true,
    });
    expect(await unread(a.token)).toEqual({ system: 0, order: 0, total: 0 });
    // B's own welcome is still unread: read marks are per user.
    expect(await unread(b.token)).toEqual({ system: 1, order: 0, total: 1 });

    for (const bad of ['0', 'x', '99999999999', '']) {
      const res = await get(`message/queryById?id=${bad}`, a.token);
      expect([bad, res.status, res.body.error]).toEqual([bad, 400, 'INVALID_PARAM']);
    }
    const missing = await get('message/queryById?id=2000000000', a.token);
    expect([missing.status, missing.body.error]).toEqual([404, 'MESSAGE_NOT_FOUND']);
  });

  it('read marks ids (form or JSON) or all of a type', async () => {
    const u = await signedIn();
    for (const no of ['R1', 'R2', 'R3']) {
      await emit({ type: 'order.signed', userId: u.userId, orderNo: no });
    }
    const ids = (await listByType(u.token, 'order')).body.data.list.map((m) => m.id);
    const byForm = await call<{ marked: number; unread: Unread }>(t.app, {
      method: 'POST',
      url: `${API}/message/read`,
      token: u.token,
      ...form({ ids: `${ids[0]},${ids[0]}` }),
    });
    expect(byForm.body.data).toEqual({ marked: 1, unread: { system: 1, order: 2, total: 3 } });
    const byJson = await post<{ marked: number }>('message/read', u.token, { ids: [ids[1]] });
    expect(byJson.body.data.marked).toBe(1);
    const all = await post<{ marked: number; unread: Unread }>('message/read', u.token, {
      type: 'order',
    });
    expect(all.body.data).toEqual({ marked: 1, unread: { system: 1, order: 0, total: 1 } });
    const system = await post<{ marked: number; unread: Unread }>('message/read', u.token, {
      type: 'system',
    });
    expect(system.body.data).toEqual({ marked: 1, unread: { system: 0, order: 0, total: 0 } });
    const list = (await listByType(u.token, 'order')).body.data.list;
    expect(list.every((m) => m.read)).toBe(true);

    // Marking the same things at once from two requests neither fails nor double counts.
    await emit({ type: 'order.signed', userId: u.userId, orderNo: 'R4' });
    const twice = await Promise.all([
      post<{ marked: number }>('message/read', u.token, { type: 'order' }),
      post<{ marked: number }>('message/read', u.token, { type: 'order' }),
    ]);
    expect(twice.map((r) => r.status)).toEqual([200, 200]);
    expect(twice.reduce((n, r) => n + r.body.data.marked, 0)).toBe(1);
  });

  it('refuses a read without exactly one target, or with bad ids or type', async () => {
    const u = await signedIn();
    const cases: [Record<string, unknown>, number, string][] = [
      [{}, 400, 'MESSAGE_READ_TARGET'],
      [{ ids: '1', type: 'order' }, 400, 'MESSAGE_READ_TARGET'],
      [{ ids: 'a,b' }, 400, 'IDS_INVALID'],
      [{ ids: [] }, 400, 'IDS_INVALID'],
      [{ ids: [0] }, 400, 'IDS_INVALID'],
      [{ type: 'chat' }, 400, 'MESSAGE_TYPE_INVALID'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post('message/read', u.token, body);
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
  });
});

describe('listByType', () => {
  it('pages newest first and refuses a bad type or page', async () => {
    const u = await signedIn();
    for (let i = 1; i <= 5; i++) {
      await emit({ type: 'order.signed', userId: u.userId, orderNo: `P${i}` });
    }
    const first = await listByType(u.token, 'order', '&pageNum=1&pageSize=2');
    expect(first.body.data.total).toBe(5);
    expect(first.body.data.list.map((m) => m.orderNo)).toEqual(['P5', 'P4']);
    const last = await listByType(u.token, 'order', '&pageNum=3&pageSize=2');
    expect(last.body.data.list.map((m) => m.orderNo)).toEqual(['P1']);
    const past = await listByType(u.token, 'order', '&pageNum=9&pageSize=2');
    expect(past.body.data.list).toEqual([]);

    const cases: [string, string][] = [
      ['type=chat', 'MESSAGE_TYPE_INVALID'],
      ['', 'MESSAGE_TYPE_INVALID'],
      ['type=order&pageSize=101', 'PAGE_INVALID'],
      ['type=order&pageSize=0', 'PAGE_INVALID'],
      ['type=order&pageNum=0', 'PAGE_INVALID'],
      ['type=order&pageNum=x', 'PAGE_INVALID'],
    ];
    for (const [query, error] of cases) {
      const res = await get(`message/listByType?${query}`, u.token);
      expect([query, res.status, res.body.error]).toEqual([query, 400, error]);
    }
  });
});

describe('system notices', () => {
  it('reach every existing user once stored, and only the addressee when targeted', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const all = await post<{ id: number }>('admin/message/publish', admin, {
      title: '  双十一活动预告 ',
      content: '全场五折起',
      link: '/pages/index/index',
    });
    expect(all.status).toBe(200);
    const toA = await post<{ id: number }>('admin/message/publish', admin, {
      title: '您的账户已升级',
      content: '恭喜成为会员',
      userId: a.userId,
    });
    expect(toA.status).toBe(200);
    const later = await signedIn();

    const titles = async (token: string) =>
      (await listByType(token, 'system')).body.data.list.map((m) => m.title);
    expect(await titles(a.token)).toEqual(['您的账户已升级', '双十一活动预告', '欢迎来到潮品直播']);
    expect(await titles(b.token)).toEqual(['双十一活动预告', '欢迎来到潮品直播']);
    // A broadcast is for the users it was sent to; a newcomer sees only the welcome.
    expect(await titles(later.token)).toEqual(['欢迎来到潮品直播']);
    expect((await listByType(a.token, 'system')).body.data.list[1]?.link).toBe(
      '/pages/index/index',
    );

    const notA = await get(`message/queryById?id=${toA.body.data.id}`, b.token);
    expect([notA.status, notA.body.error]).toEqual([404, 'MESSAGE_NOT_FOUND']);
    const notLater = await get(`message/queryById?id=${all.body.data.id}`, later.token);
    expect(notLater.status).toBe(404);
    expect(
      (await post<{ marked: number }>('message/read', later.token, { ids: [all.body.data.id] }))
        .body.data.marked,
    ).toBe(0);
    expect(await unread(a.token)).toEqual({ system: 3, order: 0, total: 3 });
    expect(await unread(b.token)).toEqual({ system: 2, order: 0, total: 2 });

    // One row for everyone, however many users there are.
    const rows = await t.app.deps.db
      .selectFrom('system_notice')
      .select('id')
      .where('title', '=', '双十一活动预告')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('publish is for the admin only and checks its input', async () => {
    const u = await signedIn();
    const ok = { title: '标题', content: '内容' };
    const denied = await post('admin/message/publish', u.token, ok);
    expect([denied.status, denied.body.error]).toEqual([403, 'FORBIDDEN']);
    expect((await post('admin/message/publish', undefined, ok)).status).toBe(401);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ content: '内容' }, 400, 'NOTICE_TITLE_INVALID'],
      [{ ...ok, title: '   ' }, 400, 'NOTICE_TITLE_INVALID'],
      [{ ...ok, title: 'x'.repeat(61) }, 400, 'NOTICE_TITLE_INVALID'],
      [{ title: '标题' }, 400, 'NOTICE_CONTENT_INVALID'],
      [{ ...ok, content: 'x'.repeat(2001) }, 400, 'NOTICE_CONTENT_INVALID'],
      [{ ...ok, link: 'https://evil.example' }, 400, 'NOTICE_LINK_INVALID'],
      [{ ...ok, userId: 0 }, 400, 'INVALID_PARAM'],
      [{ ...ok, userId: 2_000_000_000 }, 404, 'NOTICE_USER_NOT_FOUND'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post('admin/message/publish', admin, body);
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
    const count = await t.app.deps.db
      .selectFrom('system_notice')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('title', '=', '标题')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});

describe('yuan', () => {
  it('formats fen exactly', () => {
    expect([yuan(0), yuan(5), yuan(1290), yuan(123456789), yuan(-250)]).toEqual([
      '¥0.00',
      '¥0.05',
      '¥12.90',
      '¥1234567.89',
      '-¥2.50',
    ]);
  });
});
