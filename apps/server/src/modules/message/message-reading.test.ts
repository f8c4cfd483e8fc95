// Reading messages: the welcome notice, opening one, read marks, paging by type.
import { describe, expect, it } from 'vitest';
import { API, call, form } from '../../../test/helpers.ts';
import { type Item, messageAppPerFile, type Unread } from '../../../test/kits/message-kit.ts';

const kit = messageAppPerFile();
const { get, post, listByType, unread, emit, signedIn } = kit;

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
    const byForm = await call<{ marked: number; unread: Unread }>(kit.app, {
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
