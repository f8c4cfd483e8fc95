import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  apply as refundApply,
  orderAt as refundOrderAt,
} from '../../../test/kits/aftersale-kit.ts';
import { creditCode, get, makeAdmin, orderAt, post } from '../../../test/kits/invoice-kit.ts';
import { type Buyer, makeBuyer, makeProduct } from '../../../test/kits/order-kit.ts';
import type { DomainEvent } from '../../platform/domain-events.ts';

let t: TestApp;
let admin: string;
let a: Buyer;
let b: Buyer;
const events: DomainEvent[] = [];
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  t.app.deps.events.observe(async (_trx, e) => {
    if (e.type === 'invoice.issued') events.push(e);
  });
  admin = await makeAdmin(t.app);
  [a, b] = await Promise.all([makeBuyer(t.app), makeBuyer(t.app)]);
});
afterAll(async () => {
  await t.close();
});

type Title = { id: number; type: string; name: string; taxNo: string | null; isDefault: boolean };
const countRows = async (table: 'invoice' | 'invoice_title', userId: number) =>
  Number(
    (
      await t.app.deps.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('invoice titles', () => {
  it('needs a session', async () => {
    for (const url of ['invoice/titleList', 'invoice/list', 'invoice/detail?id=1']) {
      expect((await get(t.app, url)).status).toBe(401);
    }
    const anon = await call(t.app, {
      method: 'POST',
      url: `${API}/invoice/title/save`,
      payload: {},
    });
    expect(anon.status).toBe(401);
  });

  it('adds a personal title (first is default) and a company title with a valid code', async () => {
    const personal = await post(t.app, 'invoice/title/save', a.token, {
      type: 'personal',
      name: ' 张三 ',
    });
    expect(personal.status).toBe(200);
    expect(personal.body.data).toMatchObject({
      type: 'personal',
      name: '张三',
      taxNo: null,
      isDefault: true,
    });
    const code = creditCode();
    const company = await post(t.app, 'invoice/title/save', a.token, {
      type: 'company',
      name: '杭州潮品科技有限公司',
      taxNo: code.toLowerCase(),
      email: 'finance@example.com',
      isDefault: true,
    });
    expect(company.status).toBe(200);
    expect(company.body.data).toMatchObject({ taxNo: code, isDefault: true });
    const list = await get<Title[]>(t.app, 'invoice/titleList', a.token);
    expect(list.body.data.map((x) => [x.name, x.isDefault])).toEqual([
      ['杭州潮品科技有限公司', true],
      ['张三', false],
    ]);
  });

  it('refuses bad company codes, names and emails, writing nothing', async () => {
    const before = await countRows('invoice_title', a.userId);
    const good = creditCode();
    const wrongCheck = good.slice(0, 17) + (good[17] === '0' ? '1' : '0');
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'company', name: '某公司' }, 'CREDIT_CODE_INVALID'],
      [{ type: 'company', name: '某公司', taxNo: good.slice(0, 17) }, 'CREDIT_CODE_INVALID'],
      [{ type: 'company', name: '某公司', taxNo: wrongCheck }, 'CREDIT_CODE_INVALID'],
      [
        { type: 'company', name: '某公司', taxNo: `91330106MA2B3C4DI${good[17]}` },
        'CREDIT_CODE_INVALID',
      ],
      [{ type: 'company', name: '某公司', taxNo: `${good}0` }, 'CREDIT_CODE_INVALID'],
      [{ type: 'personal', name: '   ' }, 'INVOICE_TITLE_NAME_INVALID'],
      [{ type: 'personal', name: '名'.repeat(61) }, 'INVOICE_TITLE_NAME_INVALID'],
      [{ type: 'personal', name: '张三', email: 'not-an-email' }, 'EMAIL_INVALID'],
      [{ type: 'other', name: '张三' }, 'INVOICE_TITLE_TYPE_INVALID'],
      [{ type: 'personal', name: '张三', id: 999999 }, 'INVOICE_TITLE_NOT_FOUND'],
    ];
    for (const [body, error] of cases) {
      const res = await post(t.app, 'invoice/title/save', a.token, body);
      expect([body, res.status >= 400 && res.status < 500, res.body.error]).toEqual([
        body,
        true,
        error,
      ]);
    }
    expect(await countRows('invoice_title', a.userId)).toBe(before);
  });

  it("keeps a user's titles private (404 for another user)", async () => {
    const mine = (await get<Title[]>(t.app, 'invoice/titleList', a.token)).body.data[0];
    const id = mine?.id ?? 0;
    expect((await get(t.app, `invoice/title?id=${id}`, b.token)).body.error).toBe(
      'INVOICE_TITLE_NOT_FOUND',
    );
    for (const [url, body] of [
      ['invoice/title/save', { id, type: 'personal', name: '李四' }],
      ['invoice/title/default', { id }],
      ['invoice/title/delete', { id }],
    ] as const) {
      const res = await post(t.app, url, b.token, body);
      expect([url, res.status, res.body.error]).toEqual([url, 404, 'INVOICE_TITLE_NOT_FOUND']);
    }
    expect((await get<Title>(t.app, `invoice/title?id=${id}`, a.token)).body.data.name).toBe(
      mine?.name,
    );
  });

  it('edits, moves the default and promotes the newest when the default is deleted', async () => {
    const [company, personal] = (await get<Title[]>(t.app, 'invoice/titleList', a.token)).body.data;
    const edited = await post(t.app, 'invoice/title/save', a.token, {
      id: personal?.id ?? 0,
      type: 'personal',
      name: '张三丰',
    });
    expect(edited.body.data).toMatchObject({ name: '张三丰', isDefault: false });
    const def = await post(t.app, 'invoice/title/default', a.token, { id: personal?.id ?? 0 });
    expect(def.body.data).toMatchObject({ isDefault: true });
    const del = await post(t.app, 'invoice/title/delete', a.token, { id: personal?.id ?? 0 });
    expect(del.status).toBe(200);
    const list = (await get<Title[]>(t.app, 'invoice/titleList', a.token)).body.data;
    expect(list.map((x) => [x.id, x.isDefault])).toEqual([[company?.id, true]]);
  });
});

describe('applying for an invoice', () => {
  let titleId: number;
  let received: string;
  beforeAll(async () => {
    titleId = (await get<Title[]>(t.app, 'invoice/titleList', a.token)).body.data[0]?.id ?? 0;
    received = await orderAt(t.app, a, admin, 'received', 12345);
  });

  it('refuses orders that are not received yet, writing nothing', async () => {
    for (const stage of ['unpaid', 'unshipped', 'unreceived', 'cancelled'] as const) {
      const orderNo = await orderAt(t.app, a, admin, stage);
      const info = await get<{ canApply: boolean }>(
        t.app,
        `invoice/order?orderNo=${orderNo}`,
        a.token,
      );
      expect([stage, info.body.data.canApply]).toEqual([stage, false]);
      const res = await post(t.app, 'invoice/apply', a.token, { orderNo, titleId });
      expect([stage, res.status, res.body.error]).toEqual([
        stage,
        409,
        'INVOICE_ORDER_NOT_FINISHED',
      ]);
    }
    expect(await countRows('invoice', a.userId)).toBe(0);
  });

  it("refuses another user's order, another user's title and an unknown content", async () => {
    const other = await post(t.app, 'invoice/apply', b.token, { orderNo: received, titleId });
    expect([other.status, other.body.error]).toEqual([404, 'ORDER_NOT_FOUND']);
    const info = await get(t.app, `invoice/order?orderNo=${received}`, b.token);
    expect(info.status).toBe(404);
    const bOrder = await orderAt(t.app, b, admin, 'received');
    const stolen = await post(t.app, 'invoice/apply', b.token, { orderNo: bOrder, titleId });
    expect([stolen.status, stolen.body.error]).toEqual([404, 'INVOICE_TITLE_NOT_FOUND']);
    const content = await post(t.app, 'invoice/apply', a.token, {
      orderNo: received,
      titleId,
      content: 'nonsense',
    });
    expect([content.status, content.body.error]).toEqual([400, 'INVOICE_CONTENT_INVALID']);
    expect(await countRows('invoice', a.userId)).toBe(0);
    expect(await countRows('invoice', b.userId)).toBe(0);
  });

  it('applies once per order for the paid amount, even when two applies race', async () => {
    const info = await get<{ amount: number; canApply: boolean }>(
      t.app,
      `invoice/order?orderNo=${received}`,
      a.token,
    );
    expect(info.body.data).toMatchObject({ amount: 12345, canApply: true });
    const results = await Promise.all(
      [1, 2, 3].map(() => post(t.app, 'invoice/apply', a.token, { orderNo: received, titleId })),
    );
    const okOnes = results.filter((r) => r.status === 200);
    expect(okOnes).toHaveLength(1);
    for (const r of results.filter((x) => x.status !== 200)) {
      expect([r.status, r.body.error]).toEqual([409, 'INVOICE_EXISTS']);
    }
    expect(okOnes[0]?.body.data).toMatchObject({
      orderNo: received,
      amount: 12345,
      status: 'applying',
      statusText: '申请中',
      titleType: 'company',
      invoiceNo: null,
    });
    const again = await post(t.app, 'invoice/apply', a.token, { orderNo: received, titleId });
    expect([again.status, again.body.error]).toEqual([409, 'INVOICE_EXISTS']);
    expect(await countRows('invoice', a.userId)).toBe(1);
  });

  it('lists by tab and shows the detail to its owner only', async () => {
    const all = await get<{ list: { id: number }[]; total: number }>(
      t.app,
      'invoice/list',
      a.token,
    );
    expect(all.body.data.total).toBe(1);
    const id = all.body.data.list[0]?.id ?? 0;
    const applying = await get<{ total: number }>(t.app, 'invoice/list?status=applying', a.token);
    const issued = await get<{ total: number }>(t.app, 'invoice/list?status=issued', a.token);
    expect([applying.body.data.total, issued.body.data.total]).toEqual([1, 0]);
    const detail = await get<{ items: unknown[]; downloadUrl: string | null; content: string }>(
      t.app,
      `invoice/detail?id=${id}`,
      a.token,
    );
    expect(detail.body.data).toMatchObject({ downloadUrl: null, content: '商品明细' });
    expect(detail.body.data.items).toHaveLength(1);
    expect((await get(t.app, `invoice/detail?id=${id}`, b.token)).body.error).toBe(
      'INVOICE_NOT_FOUND',
    );
    expect((await get(t.app, 'invoice/list', b.token)).body.data).toMatchObject({ total: 0 });
    const early = await call(t.app, {
      method: 'GET',
      url: `${API}/invoice/download?id=${id}`,
      token: a.token,
    });
    expect([early.status, early.body.error]).toEqual([409, 'INVOICE_NOT_ISSUED']);
  });
});

describe('issuing and downloading', () => {
  it('is an admin API', async () => {
    expect((await get(t.app, 'admin/invoice/list', a.token)).status).toBe(403);
    expect((await get(t.app, 'admin/invoice/list')).status).toBe(401);
    expect((await post(t.app, 'admin/invoice/issue', a.token, { id: 1 })).status).toBe(403);
  });

  it('issues once (even when two issues race), emits invoice.issued and serves the PDF to its owner', async () => {
    const listed = await get<{ list: { id: number; status: string; orderNo: string }[] }>(
      t.app,
      'admin/invoice/list?status=applying',
      admin,
    );
    const target = listed.body.data.list.find((x) => x.status === 'applying');
    const id = target?.id ?? 0;
    const results = await Promise.all(
      [1, 2].map(() => post(t.app, 'admin/invoice/issue', admin, { id })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const issued = results.find((r) => r.status === 200)?.body.data as {
      invoiceNo: string;
      status: string;
    };
    expect(issued.status).toBe('issued');
    expect(issued.invoiceNo).toMatch(/^\d{20}$/);
    expect(events).toEqual([
      { type: 'invoice.issued', userId: a.userId, orderNo: target?.orderNo, invoiceId: id },
    ]);
    const again = await post(t.app, 'admin/invoice/issue', admin, { id });
    expect([again.status, again.body.error]).toEqual([409, 'INVOICE_ALREADY_ISSUED']);
    const missing = await post(t.app, 'admin/invoice/issue', admin, { id: 999999 });
    expect([missing.status, missing.body.error]).toEqual([404, 'INVOICE_NOT_FOUND']);

    const detail = await get<{ downloadUrl: string; statusText: string }>(
      t.app,
      `invoice/detail?id=${id}`,
      a.token,
    );
    expect(detail.body.data.statusText).toBe('已开具');
    const res = await t.app.inject({
      method: 'GET',
      url: detail.body.data.downloadUrl,
      headers: { token: a.token },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(String(res.headers['content-disposition'])).toContain('attachment');
    const pdf = res.rawPayload;
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(issued.invoiceNo);
    expect(pdf.toString('latin1').match(/\/Type \/Page\b/g)).toHaveLength(1);
    expect(pdf.byteLength).toBeLessThan(300_000);
    // The stored file itself is private: only the owner-checked route above serves it.
    const { pdf_key: key } = await t.app.deps.db
      .selectFrom('invoice')
      .select('pdf_key')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(key).toMatch(/^private\/invoice\//);
    const direct = await t.app.inject({ method: 'GET', url: `/uploads/${key}` });
    expect(direct.statusCode).toBe(404);
    expect((await t.app.deps.blobs.get(key as string))?.byteLength).toBe(pdf.byteLength);

    const other = await call(t.app, {
      method: 'GET',
      url: detail.body.data.downloadUrl,
      token: b.token,
    });
    expect([other.status, other.body.error]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const anon = await call(t.app, { method: 'GET', url: detail.body.data.downloadUrl });
    expect(anon.status).toBe(401);
  });
});

describe('an order with refunds', () => {
  it('is invoiced for what the buyer kept; not while a refund is open; not when all was refunded', async () => {
    const first = await makeProduct(t.app, { price: 3000 });
    const second = await makeProduct(t.app, { price: 5000, storeId: first.storeId });
    const sku1 = first.skuIds[0] as number;
    const sku2 = second.skuIds[0] as number;
    const { orderNo } = await refundOrderAt(
      t.app,
      b,
      admin,
      [
        { skuId: sku1, quantity: 1 },
        { skuId: sku2, quantity: 1 },
      ],
      'received',
    );
    const titleId = (
      await post(t.app, 'invoice/title/save', b.token, { type: 'personal', name: '李四' })
    ).body.data.id as number;
    const info = () =>
      get<{ amount: number; canApply: boolean; reason: string | null }>(
        t.app,
        `invoice/order?orderNo=${orderNo}`,
        b.token,
      );
    const before = (await info()).body.data.amount;

    // an open request: its amount is not final, so no invoice yet
    const open = await refundApply(t.app, b, { orderNo, skuId: sku1, amount: 1000 });
    expect(open.status).toBe(200);
    expect((await info()).body.data).toMatchObject({
      canApply: false,
      reason: '订单有进行中的退款，请退款完成后再申请开票',
    });
    const refused = await post(t.app, 'invoice/apply', b.token, { orderNo, titleId });
    expect([refused.status, refused.body.error]).toEqual([409, 'INVOICE_REFUND_OPEN']);

    // refunded: 10.00 of the first line goes back; the invoice is for the rest
    const approved = await post(t.app, 'admin/refund/approve', admin, {
      refundNo: open.body.data.refundNo,
    });
    expect(approved.status).toBe(200);
    expect((await info()).body.data).toMatchObject({
      amount: before - 1000,
      canApply: true,
      reason: null,
    });
    const applied = await post(t.app, 'invoice/apply', b.token, { orderNo, titleId });
    expect([applied.status, applied.body.data.amount]).toEqual([200, before - 1000]);
    const detail = await get<{ items: Array<{ amount: number }> }>(
      t.app,
      `invoice/detail?id=${applied.body.data.id}`,
      b.token,
    );
    expect(detail.body.data.items.map((i) => i.amount)).toEqual([2000, 5000]);
    expect(await countRows('invoice', b.userId)).toBe(1);
  });
});
