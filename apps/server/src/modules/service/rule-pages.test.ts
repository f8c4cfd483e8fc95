import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { makeAdmin } from '../../../test/kits/aftersale-kit.ts';

type Rule = { code: string; title: string; paragraphs: string[]; updatedAt: string };

let t: TestApp;
let admin: string;
let user: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await makeAdmin(t.app);
  user = (await login(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

const rule = (code: string) =>
  call<Rule>(t.app, { method: 'GET', url: `${API}/common/rule?code=${code}` });
const update = (token: string | undefined, payload: Record<string, unknown>) =>
  call<Rule>(t.app, {
    method: 'POST',
    url: `${API}/admin/rule/update`,
    payload,
    ...(token ? { token } : {}),
  });

/** Issue 17 §6.3: the login page's 用户协议 and 隐私政策 are pages of their own, with real text. */
describe('agreement and privacy pages', () => {
  it('serves the user agreement with its sections', async () => {
    const res = await rule('agreement');
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('用户协议');
    const text = res.body.data.paragraphs.join('\n');
    for (const section of [
      '账号注册与使用',
      '商品信息与订单',
      '支付与退款',
      '直播与聊天行为规范',
      '联系我们',
    ]) {
      expect(text).toContain(section);
    }
    expect(text).toContain('400-800-8888');
  });

  it('serves the privacy policy: what is collected and why, storage, rights, contact', async () => {
    const res = await rule('privacy');
    expect(res.status).toBe(200);
    expect(res.body.data.title).toBe('隐私政策');
    const text = res.body.data.paragraphs.join('\n');
    for (const section of [
      '我们收集的信息及用途',
      '信息的存储',
      '您的权利',
      '联系我们',
      '手机号码',
      '收货地址',
      '身份证',
    ]) {
      expect(text).toContain(section);
    }
    // Two different texts, not one page under two names.
    expect((await rule('agreement')).body.data.paragraphs).not.toEqual(res.body.data.paragraphs);
  });
});

describe('admin/rule/update', () => {
  it('is for the operator only', async () => {
    const body = { code: 'agreement', title: '用户协议', paragraphs: ['改'] };
    expect((await update(undefined, body)).status).toBe(401);
    expect((await update(user, body)).status).toBe(403);
    expect((await rule('agreement')).body.data.paragraphs.length).toBeGreaterThan(10);
  });

  it('replaces a page’s title and text (JSON or form body), served at once', async () => {
    const before = (await rule('privacy')).body.data;
    const paragraphs = ['一、总则', '  第一段。 ', '第二段：我们如何保护您的信息。'];
    const res = await update(admin, { code: 'privacy', title: '隐私政策（2026版）', paragraphs });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      code: 'privacy',
      title: '隐私政策（2026版）',
      paragraphs: ['一、总则', '第一段。', '第二段：我们如何保护您的信息。'],
    });
    expect(Date.parse(res.body.data.updatedAt)).toBeGreaterThanOrEqual(
      Date.parse(before.updatedAt),
    );
    expect((await rule('privacy')).body.data.title).toBe('隐私政策（2026版）');

    // The app's form-encoded helper sends the list as JSON text.
    const form = await call<Rule>(t.app, {
      method: 'POST',
      url: `${API}/admin/rule/update`,
      token: admin,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        code: 'privacy',
        title: '隐私政策',
        paragraphs: JSON.stringify(before.paragraphs),
      }).toString(),
    });
    expect(form.status).toBe(200);
    expect((await rule('privacy')).body.data.paragraphs).toEqual(before.paragraphs);
  });

  it('creates a page under a new code', async () => {
    const res = await update(admin, {
      code: 'live_rules',
      title: '直播规范',
      paragraphs: ['文明'],
    });
    expect(res.status).toBe(200);
    expect((await rule('live_rules')).body.data.title).toBe('直播规范');
  });

  it('refuses malformed pages, changing nothing', async () => {
    const before = (await rule('agreement')).body.data;
    const cases: Record<string, unknown>[] = [
      { code: 'Agreement', title: '用户协议', paragraphs: ['x'] },
      { code: 'agreement', title: '', paragraphs: ['x'] },
      { code: 'agreement', title: '用'.repeat(61), paragraphs: ['x'] },
      { code: 'agreement', title: '用户协议', paragraphs: [] },
      { code: 'agreement', title: '用户协议', paragraphs: ['  '] },
      { code: 'agreement', title: '用户协议', paragraphs: ['字'.repeat(2001)] },
      { code: 'agreement', title: '用户协议', paragraphs: Array(201).fill('段') },
      { code: 'agreement', title: '用户协议', paragraphs: [1, 2] },
      { code: 'agreement', title: '用户协议', paragraphs: '[not json' },
    ];
    for (const body of cases) {
      const res = await update(admin, body);
      expect([JSON.stringify(body).slice(0, 60), res.status, res.body.error]).toEqual([
        JSON.stringify(body).slice(0, 60),
        400,
        'RULE_INVALID',
      ]);
    }
    // Text no page can hold (a platform-wide check may answer first, with its own id).
    for (const bad of ['a\u0000b', '\ud800']) {
      const res = await update(admin, { code: 'agreement', title: '用户协议', paragraphs: [bad] });
      expect(res.status).toBe(400);
    }
    expect((await rule('agreement')).body.data).toEqual(before);
  });
});
