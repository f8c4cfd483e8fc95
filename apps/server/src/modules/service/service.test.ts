import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, login, type TestApp } from '../../../test/helpers.ts';
import { makeProduct } from '../../../test/kits/order-kit.ts';
import { parseImages } from './support.service.ts';

let t: TestApp;
let a: string;
let b: string;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  a = (await login(t.app)).token;
  b = (await login(t.app)).token;
});
afterAll(async () => {
  await t.close();
});

type Data = Record<string, unknown>;
const post = (url: string, token: string | undefined, payload: Data) =>
  call<Data>(t.app, {
    method: 'POST',
    url: `${API}/common/${url}`,
    payload,
    ...(token ? { token } : {}),
  });
const get = <T = Data>(url: string, token?: string) =>
  call<T>(t.app, { method: 'GET', url: `${API}/common/${url}`, ...(token ? { token } : {}) });
const img = (n: number) => `/uploads/image/2026/11/1-${String(n).padStart(24, '0')}.png`;
const count = async (table: 'user_feedback' | 'user_report') =>
  Number(
    (
      await t.app.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('dictionary and rules', () => {
  it('answers each seeded dictionary by code', async () => {
    for (const code of ['feedback_type', 'report_reason', 'contact_us', 'invoice_content']) {
      const res = await get<{ code: string; items: { label: string; value: string }[] }>(
        `dictionary?code=${code}`,
      );
      expect([code, res.status, res.body.data.code]).toEqual([code, 200, code]);
      expect(res.body.data.items.length).toBeGreaterThan(1);
    }
    const contact = await get<{ items: { label: string; value: string }[] }>(
      'dictionary?code=contact_us',
    );
    expect(contact.body.data.items[0]).toEqual({ label: '客服电话', value: '400-800-8888' });
  });

  it('answers 404 for an unknown code and 4xx for a malformed one', async () => {
    const unknown = await get('dictionary?code=nope');
    expect([unknown.status, unknown.body.error]).toEqual([404, 'DICTIONARY_NOT_FOUND']);
    const bad = await get(`dictionary?code=${encodeURIComponent("x' or 1=1")}`);
    expect([bad.status, bad.body.error]).toEqual([404, 'DICTIONARY_NOT_FOUND']);
    const none = await get('dictionary');
    expect(none.status).toBe(404);
  });

  it('serves the three rule pages', async () => {
    for (const [code, title] of [
      ['shopping', '购物规则'],
      ['promotion', '推广规则'],
      ['deduction', '运费及抵扣规则'],
    ]) {
      const res = await get<{ title: string; paragraphs: string[] }>(`rule?code=${code}`);
      expect([code, res.body.data.title]).toEqual([code, title]);
      expect(res.body.data.paragraphs.length).toBeGreaterThan(2);
    }
    const missing = await get('rule?code=nope');
    expect([missing.status, missing.body.error]).toEqual([404, 'RULE_NOT_FOUND']);
  });
});

describe('feedback', () => {
  it('needs a session', async () => {
    expect((await post('feedback', undefined, { type: 'bug', content: 'x' })).status).toBe(401);
    expect((await get('feedback/list')).status).toBe(401);
  });

  it('stores feedback with images and a phone, listed to its author only', async () => {
    const res = await post('feedback', a, {
      type: 'suggestion',
      content: ' 希望增加夜间模式 ',
      images: [img(1), img(2)],
      phone: '13912345678',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      typeText: '产品建议',
      content: '希望增加夜间模式',
      images: [img(1), img(2)],
    });
    // Form bodies send the image list as JSON text.
    const form = await call<Data>(t.app, {
      method: 'POST',
      url: `${API}/common/feedback`,
      token: a,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        type: 'bug',
        content: '闪退',
        images: JSON.stringify([img(3)]),
      }).toString(),
    });
    expect(form.body.data).toMatchObject({ images: [img(3)], phone: '' });
    const mine = await get<{ total: number }>('feedback/list', a);
    expect(mine.body.data.total).toBe(2);
    const theirs = await get<{ total: number }>('feedback/list', b);
    expect(theirs.body.data.total).toBe(0);
  });

  it('refuses bad input, writing nothing', async () => {
    const before = await count('user_feedback');
    const cases: [Data, string][] = [
      [{ type: 'nope', content: '内容' }, 'FEEDBACK_TYPE_INVALID'],
      [{ type: 'bug', content: '   ' }, 'FEEDBACK_CONTENT_INVALID'],
      [{ type: 'bug', content: '字'.repeat(501) }, 'FEEDBACK_CONTENT_INVALID'],
      [
        { type: 'bug', content: '好', images: [1, 2, 3, 4, 5, 6, 7].map(img) },
        'FEEDBACK_IMAGES_INVALID',
      ],
      [
        { type: 'bug', content: '好', images: ['https://evil.example/x.png'] },
        'FEEDBACK_IMAGES_INVALID',
      ],
      [
        { type: 'bug', content: '好', images: ['/uploads/image/../../etc/passwd'] },
        'FEEDBACK_IMAGES_INVALID',
      ],
      [{ type: 'bug', content: '好', images: '[not json' }, 'FEEDBACK_IMAGES_INVALID'],
      [{ type: 'bug', content: '好', phone: '12345' }, 'PHONE_INVALID'],
    ];
    for (const [body, error] of cases) {
      const res = await post('feedback', a, body);
      expect([body, res.status, res.body.error]).toEqual([body, 400, error]);
    }
    expect(await count('user_feedback')).toBe(before);
  });

  it('is rate-limited per user', async () => {
    const c = (await login(t.app)).token;
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await post('feedback', c, { type: 'other', content: `第${i}条` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('reports', () => {
  it('needs a session', async () => {
    expect(
      (await post('report', undefined, { type: 'goods', targetId: 1, reason: 'other' })).status,
    ).toBe(401);
  });

  it('stores one report per user and target', async () => {
    const { productId, storeId } = await makeProduct(t.app);
    const body = {
      type: 'goods',
      targetId: productId,
      reason: 'counterfeit',
      description: '疑似假货',
      images: [img(9)],
    };
    const first = await post('report', a, body);
    expect(first.status).toBe(200);
    const again = await post('report', a, body);
    expect([again.status, again.body.error]).toEqual([409, 'REPORT_DUPLICATE']);
    expect((await post('report', b, body)).status).toBe(200);
    expect((await post('report', a, { ...body, type: 'store', targetId: storeId })).status).toBe(
      200,
    );
  });

  it('refuses a report on a product or store that does not exist', async () => {
    const before = await count('user_report');
    const goods = await post('report', a, { type: 'goods', targetId: 999999, reason: 'other' });
    expect([goods.status, goods.body.error]).toEqual([404, 'PRODUCT_NOT_FOUND']);
    const store = await post('report', a, { type: 'store', targetId: 999999, reason: 'other' });
    expect([store.status, store.body.error]).toEqual([404, 'STORE_NOT_FOUND']);
    expect(await count('user_report')).toBe(before);
  });

  it('refuses bad input, writing nothing', async () => {
    const before = await count('user_report');
    const cases: [Data, string][] = [
      [{ type: 'planet', targetId: 1, reason: 'other' }, 'REPORT_TARGET_INVALID'],
      [{ type: 'store', targetId: 0, reason: 'other' }, 'REPORT_TARGET_INVALID'],
      [{ type: 'store', targetId: 1, reason: 'because' }, 'REPORT_REASON_INVALID'],
      [
        { type: 'store', targetId: 1, reason: 'other', description: '长'.repeat(501) },
        'REPORT_DESCRIPTION_INVALID',
      ],
      [
        { type: 'store', targetId: 1, reason: 'other', images: ['/etc/passwd'] },
        'REPORT_IMAGES_INVALID',
      ],
    ];
    for (const [body, error] of cases) {
      const res = await post('report', a, body);
      expect([body, res.status, res.body.error]).toEqual([body, 400, error]);
    }
    expect(await count('user_report')).toBe(before);
  });
});

describe('parseImages', () => {
  it('takes arrays, JSON text and comma lists', () => {
    expect(parseImages(undefined, 6, 'FEEDBACK_IMAGES_INVALID')).toEqual([]);
    expect(parseImages(`${img(1)},${img(2)}`, 6, 'FEEDBACK_IMAGES_INVALID')).toEqual([
      img(1),
      img(2),
    ]);
    expect(parseImages(JSON.stringify([img(1)]), 6, 'FEEDBACK_IMAGES_INVALID')).toEqual([img(1)]);
  });
});
