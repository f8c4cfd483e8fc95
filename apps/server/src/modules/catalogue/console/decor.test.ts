import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../../test/helpers.ts';
import {
  adminGet,
  adminPost,
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../../test/kits/console-kit.ts';

let t: TestApp;
let operator: ConsoleUser;
let owner: ConsoleUser;

type Item = { id: number; enabled: boolean; sort?: number; live?: boolean } & Record<
  string,
  unknown
>;
const home = async <T = { id: number }[]>(path: string) =>
  (await call<T>(t.app, { method: 'GET', url: `${API}/home/${path}` })).body.data;
const post = (path: string, body: Record<string, unknown>, token = operator.token) =>
  adminPost<{ id: number }>(t.app, token, path, body);
const listOf = async (kind: string) =>
  (await adminGet<{ list: Item[] }>(t.app, operator.token, `${kind}/list`)).body.data.list;
const actions = async (resource: string, id: number | string) =>
  (
    await adminGet<{ list: { action: string }[] }>(
      t.app,
      operator.token,
      `audit/list?resource=${resource}&resourceId=${id}`,
    )
  ).body.data.list.map((r) => r.action);

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  owner = await makeStoreMember(t.app, operator.token, await makeStore(t.app));
});
afterAll(async () => {
  await t.close();
});

describe('console home decor', () => {
  it.each([
    ['banner', 'banner', { title: '双十一', image: '/b.png', link: '/pages/a/a' }, 'title'],
    ['menu', 'menu', { name: '签到', icon: '/i.png', link: '/pages/sign/sign' }, 'name'],
    [
      'activity',
      'activity',
      { title: '今日特卖', subtitle: '低至5折', image: '/a.png', link: 'https://example.com/x' },
      'title',
    ],
  ])(
    '%s: save, sort, enable, delete; the app home follows; audited',
    async (kind, path, body, label) => {
      await home(path); // cached before the changes
      const first = (await post(`${kind}/save`, body)).body.data.id;
      const second = (await post(`${kind}/save`, { ...body, [label]: '第二个' })).body.data.id;
      expect((await home(path)).map((x) => x.id).slice(-2)).toEqual([first, second]);

      const all = (await listOf(kind)).map((x) => x.id);
      const reordered = [second, ...all.filter((id) => id !== second)];
      expect((await post(`${kind}/sort`, { ids: reordered })).status).toBe(200);
      expect((await home(path)).map((x) => x.id)).toEqual(reordered);

      expect((await post(`${kind}/enable`, { id: second, enabled: false })).status).toBe(200);
      expect((await home(path)).map((x) => x.id)).not.toContain(second);
      expect((await listOf(kind)).find((x) => x.id === second)?.enabled).toBe(false);
      // An edit leaving `enabled` out keeps it.
      expect((await post(`${kind}/save`, { ...body, id: second, [label]: '改名' })).status).toBe(
        200,
      );
      expect((await listOf(kind)).find((x) => x.id === second)).toMatchObject({
        enabled: false,
        [label]: '改名',
      });

      expect((await post(`${kind}/delete`, { id: first })).status).toBe(200);
      expect((await home(path)).map((x) => x.id)).not.toContain(first);
      expect(await actions(kind, first)).toEqual(['delete', 'create']);
      expect(await actions(kind, second)).toEqual(['update', 'disable', 'create']);
      expect(await actions(kind, 'all')).toContain('sort');
    },
  );

  it('popup: the live window shows in the app; bad times are refused', async () => {
    const now = Date.now();
    const body = {
      title: '控制台弹窗',
      image: '/p.png',
      link: '/pages/shopReceiveCoupon/shopReceiveCoupon',
      startsAt: new Date(now - 60_000).toISOString(),
      endsAt: new Date(now + 3_600_000).toISOString(),
    };
    await home('popup');
    const id = (await post('popup/save', body)).body.data.id;
    expect((await home<{ id: number; audience: string } | null>('popup'))?.id).toBe(id);
    expect((await listOf('popup')).find((p) => p.id === id)).toMatchObject({
      live: true,
      audience: 'all',
    });
    const backwards = await post('popup/save', { ...body, id, endsAt: body.startsAt });
    expect([backwards.status, backwards.body.error]).toEqual([400, 'POPUP_TIME_INVALID']);
    const garbled = await post('popup/save', { ...body, startsAt: 'tomorrow' });
    expect([garbled.status, garbled.body.error]).toEqual([400, 'POPUP_TIME_INVALID']);
    expect((await post('popup/enable', { id, enabled: false })).status).toBe(200);
    expect((await home<{ id: number } | null>('popup'))?.id).not.toBe(id);
    expect(await actions('popup', id)).toEqual(['disable', 'create']);
    expect((await post('popup/delete', { id })).status).toBe(200);
  });

  it('refuses bad input, unknown rows and a 商家', async () => {
    const banner = { title: '好', image: '/b.png', link: '/pages/a/a' };
    const cases: Array<[string, Record<string, unknown>, number, string]> = [
      ['banner/save', { ...banner, link: 'javascript:alert(1)' }, 400, 'DECOR_LINK_INVALID'],
      ['banner/save', { ...banner, title: '' }, 400, 'DECOR_INVALID'],
      [
        'menu/save',
        { name: '一二三四五六七八九十一二三四五六七八九十一', icon: '/i', link: '/a' },
        400,
        'DECOR_INVALID',
      ],
      ['banner/save', { ...banner, id: 2147483000 }, 404, 'BANNER_NOT_FOUND'],
      ['menu/delete', { id: 2147483000 }, 404, 'MENU_ENTRY_NOT_FOUND'],
      ['activity/enable', { id: 2147483000, enabled: true }, 404, 'ACTIVITY_NOT_FOUND'],
      ['popup/delete', { id: 2147483000 }, 404, 'POPUP_NOT_FOUND'],
      ['banner/sort', { ids: [2147483000] }, 400, 'DECOR_SORT_INVALID'],
      ['banner/sort', { ids: [] }, 400, 'DECOR_SORT_INVALID'],
      ['banner/enable', { id: 1, enabled: 'x' }, 400, 'DECOR_INVALID'],
    ];
    for (const [path, body, status, error] of cases) {
      const res = await post(path, body);
      expect([path, res.status, res.body.error]).toEqual([path, status, error]);
    }
    const denied = await post('banner/save', banner, owner.token);
    expect([denied.status, denied.body.error]).toEqual([403, 'FORBIDDEN']);
    const read = await adminGet(t.app, owner.token, 'banner/list');
    expect([read.status, read.body.error]).toEqual([403, 'FORBIDDEN']);
  });
});
