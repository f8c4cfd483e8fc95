// Operator notices: one row for a broadcast, per-user read marks, admin-only publishing.
import { describe, expect, it } from 'vitest';
import { messageAppPerFile } from '../../../test/kits/message-kit.ts';

const kit = messageAppPerFile();
const { get, post, listByType, unread, signedIn } = kit;

describe('system notices', () => {
  it('reach every existing user once stored, and only the addressee when targeted', async () => {
    const a = await signedIn();
    const b = await signedIn();
    const all = await post<{ id: number }>('admin/message/publish', kit.admin, {
      title: '  双十一活动预告 ',
      content: '全场五折起',
      link: '/pages/index/index',
    });
    expect(all.status).toBe(200);
    const toA = await post<{ id: number }>('admin/message/publish', kit.admin, {
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
    const rows = await kit.app.deps.db
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
      const res = await post('admin/message/publish', kit.admin, body);
      expect([body, res.status, res.body.error]).toEqual([body, status, error]);
    }
    const count = await kit.app.deps.db
      .selectFrom('system_notice')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('title', '=', '标题')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });
});
