import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../../test/helpers.ts';
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
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  owner = await makeStoreMember(t.app, operator.token, await makeStore(t.app));
});
afterAll(async () => {
  await t.close();
});

type Page<T> = { list: T[]; total: number };
const userGet = <T>(token: string, path: string) =>
  call<T>(t.app, { method: 'GET', url: `${API}/${path}`, token });
const userPost = <T>(token: string, path: string, payload: Record<string, unknown>) =>
  call<T>(t.app, { method: 'POST', url: `${API}/${path}`, token, payload });
const audits = async (resource: string, id: string | number) =>
  (
    await adminGet<Page<{ action: string; diff: Record<string, unknown[]> }>>(
      t.app,
      operator.token,
      `audit/list?resource=${resource}&resourceId=${id}`,
    )
  ).body.data.list;

describe('content desk: notices', () => {
  it('publishes now, schedules for later, edits a scheduled one, withdraws — readers see only what is out', async () => {
    const reader = await login(t.app);
    const now = await adminPost<{ id: number }>(t.app, operator.token, 'notice/save', {
      title: '系统升级通知',
      content: '今晚维护',
    });
    const later = await adminPost<{ id: number }>(t.app, operator.token, 'notice/save', {
      title: '双十二预告',
      content: '明天开始',
      publishAt: new Date(Date.now() + 3600_000).toISOString(),
    });
    expect([now.status, later.status]).toEqual([200, 200]);
    const titles = async () =>
      (
        await userGet<Page<{ title: string }>>(reader.token, 'message/listByType?type=system')
      ).body.data.list.map((m) => m.title);
    expect(await titles()).toContain('系统升级通知');
    expect(await titles()).not.toContain('双十二预告');

    const list = await adminGet<Page<{ id: number; state: string }>>(
      t.app,
      operator.token,
      'notice/list?pageSize=100',
    );
    const state = (id: number) => list.body.data.list.find((n) => n.id === id)?.state;
    expect([state(now.body.data.id), state(later.body.data.id)]).toEqual([
      'published',
      'scheduled',
    ]);

    const edit = await adminPost(t.app, operator.token, 'notice/save', {
      id: later.body.data.id,
      title: '双十二预告（更新）',
      content: '明天开始',
      publishAt: new Date(Date.now() + 7200_000).toISOString(),
    });
    expect(edit.status).toBe(200);
    expect((await audits('notice', later.body.data.id)).map((a) => a.action).sort()).toEqual([
      'schedule',
      'update',
    ]);
    const editOut = await adminPost(t.app, operator.token, 'notice/save', {
      id: now.body.data.id,
      title: 'x',
      content: 'y',
    });
    expect(editOut.body.error).toBe('NOTICE_ALREADY_OUT');

    // Going out: the scheduled time passes.
    await t.app.deps.db
      .updateTable('system_notice')
      .set({ publish_at: sql<Date>`now()` })
      .where('id', '=', later.body.data.id)
      .execute();
    expect(await titles()).toContain('双十二预告（更新）');

    expect(
      (await adminPost(t.app, operator.token, 'notice/withdraw', { id: now.body.data.id })).status,
    ).toBe(200);
    expect(await titles()).not.toContain('系统升级通知');
    const again = await adminPost(t.app, operator.token, 'notice/withdraw', {
      id: now.body.data.id,
    });
    expect(again.body.error).toBe('NOTICE_WITHDRAWN');
    expect((await audits('notice', now.body.data.id)).map((a) => a.action).sort()).toEqual([
      'publish',
      'withdraw',
    ]);
  });

  it('refuses bad input and anyone without content.write', async () => {
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ title: '', content: 'x' }, 'NOTICE_TITLE_INVALID'],
      [{ title: '  ', content: 'x' }, 'NOTICE_TITLE_INVALID'],
      [
        { title: 't', content: 'x', publishAt: '2020-01-01T00:00:00Z' },
        'NOTICE_PUBLISH_AT_INVALID',
      ],
      [{ title: 't', content: 'x', publishAt: 'tomorrow' }, 'NOTICE_PUBLISH_AT_INVALID'],
      [{ title: 't', content: 'x', link: 'http://evil' }, 'NOTICE_LINK_INVALID'],
      [{ title: 't', content: 'x', userId: 2_000_000_000 }, 'NOTICE_USER_NOT_FOUND'],
      [{ id: 2_000_000_000, title: 't', content: 'x' }, 'NOTICE_NOT_FOUND'],
    ];
    for (const [body, error] of bad) {
      const res = await adminPost(t.app, operator.token, 'notice/save', body);
      expect([body, res.body.error]).toEqual([body, error]);
    }
    for (const path of [
      'notice/list',
      'feedback/list',
      'report/list',
      'rule/list',
      'dictionary?code=contact_us',
    ]) {
      expect((await adminGet(t.app, owner.token, path)).body.error).toBe('FORBIDDEN');
    }
    expect(
      (await adminPost(t.app, owner.token, 'notice/save', { title: 't', content: 'c' })).body.error,
    ).toBe('FORBIDDEN');
  });
});

describe('content desk: feedback, reports, rules, contact', () => {
  it('answers a feedback the user then sees in 我的反馈', async () => {
    const user = await login(t.app);
    const types = await userGet<{ items: { value: string }[] }>(
      user.token,
      'common/dictionary?code=feedback_type',
    );
    const sent = await userPost<{ id: number; status: string }>(user.token, 'common/feedback', {
      type: types.body.data.items[0]?.value,
      content: '物流太慢了',
    });
    expect(sent.body.data.status).toBe('new');
    const id = sent.body.data.id;
    const noReply = await adminPost(t.app, operator.token, 'feedback/handle', {
      id,
      status: 'resolved',
    });
    expect(noReply.body.error).toBe('FEEDBACK_REPLY_INVALID');
    expect(
      (await adminPost(t.app, operator.token, 'feedback/handle', { id, status: 'processing' }))
        .status,
    ).toBe(200);
    const done = await adminPost(t.app, operator.token, 'feedback/handle', {
      id,
      status: 'resolved',
      reply: '已为您催促快递',
    });
    expect(done.status).toBe(200);
    const mine = await userGet<Page<{ id: number; status: string; reply: string | null }>>(
      user.token,
      'common/feedback/list',
    );
    expect(mine.body.data.list.find((f) => f.id === id)).toMatchObject({
      status: 'resolved',
      reply: '已为您催促快递',
    });
    const listed = await adminGet<Page<{ id: number }>>(
      t.app,
      operator.token,
      'feedback/list?status=resolved&q=物流',
    );
    expect(listed.body.data.list.map((f) => f.id)).toContain(id);
    expect((await audits('feedback', id)).length).toBe(2);
    expect(
      (
        await adminPost(t.app, operator.token, 'feedback/handle', {
          id: 2_000_000_000,
          status: 'processing',
        })
      ).body.error,
    ).toBe('FEEDBACK_NOT_FOUND');
  });

  it('decides a report once, even when two operators decide at the same time', async () => {
    const user = await login(t.app);
    const store = await makeStore(t.app);
    const reasons = await userGet<{ items: { value: string }[] }>(
      user.token,
      'common/dictionary?code=report_reason',
    );
    const reported = await userPost(user.token, 'common/report', {
      type: 'store',
      targetId: store,
      reason: reasons.body.data.items[0]?.value,
    });
    expect(reported.status).toBe(200);
    const pending = await adminGet<Page<{ id: number; targetId: number }>>(
      t.app,
      operator.token,
      'report/list?status=pending&targetType=store',
    );
    const report = pending.body.data.list.find((r) => r.targetId === store);
    expect(report).toBeDefined();
    const id = report?.id as number;
    const other = await makeOperator(t.app);
    const results = await Promise.all([
      adminPost(t.app, operator.token, 'report/handle', {
        id,
        status: 'valid',
        result: '已下架违规商品',
      }),
      adminPost(t.app, other.token, 'report/handle', {
        id,
        status: 'invalid',
        result: '未发现问题',
      }),
    ]);
    expect(results.map((r) => r.body.error ?? 'ok').sort()).toEqual(['REPORT_STATE_INVALID', 'ok']);
    expect((await audits('report', id)).length).toBe(1);
    expect(
      (
        await adminPost(t.app, operator.token, 'report/handle', {
          id,
          status: 'pending',
          result: 'x',
        })
      ).body.error,
    ).toBe('CONTENT_STATUS_INVALID');
  });

  it('edits a rule page and the 联系我们 dictionary, audited', async () => {
    const saved = await adminPost(t.app, operator.token, 'rule/update', {
      code: 'console_test_rule',
      title: '测试规则',
      paragraphs: ['一、总则', '第一段'],
    });
    expect(saved.status).toBe(200);
    const rules = await adminGet<Array<{ code: string }>>(t.app, operator.token, 'rule/list');
    expect(rules.body.data.map((r) => r.code)).toContain('console_test_rule');
    expect((await audits('rule', 'console_test_rule'))[0]?.action).toBe('create');

    const contact = await adminPost(t.app, operator.token, 'dictionary/save', {
      code: 'contact_us',
      items: [
        { label: '客服电话', value: '400-820-8820' },
        { label: '工作时间', value: '9:00-21:00' },
      ],
    });
    expect(contact.status).toBe(200);
    const shown = await userGet<{ items: { label: string; value: string }[] }>(
      '',
      'common/dictionary?code=contact_us',
    );
    expect(shown.body.data.items[0]).toEqual({ label: '客服电话', value: '400-820-8820' });
    const bad: Array<[Record<string, unknown>, string]> = [
      [{ code: 'invoice_content', items: [{ label: 'a', value: 'b' }] }, 'DICTIONARY_CODE_INVALID'],
      [{ code: 'contact_us', items: [] }, 'DICTIONARY_ITEMS_INVALID'],
      [
        {
          code: 'contact_us',
          items: [
            { label: 'a', value: 'x' },
            { label: 'b', value: 'x' },
          ],
        },
        'DICTIONARY_ITEMS_INVALID',
      ],
      [{ code: 'contact_us', items: [{ label: ' ', value: 'x' }] }, 'DICTIONARY_ITEMS_INVALID'],
    ];
    for (const [body, error] of bad) {
      expect((await adminPost(t.app, operator.token, 'dictionary/save', body)).body.error).toBe(
        error,
      );
    }
  });
});
