// The console's 发票 desk: a store's requests, issuing one with its PDF, perms, scope, audit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import {
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from '../../../test/kits/console-kit.ts';
import { auditOf, cget, cpost, paidOrder } from '../../../test/kits/order-console-kit.ts';
import { type Buyer, makeBuyer } from '../../../test/kits/order-kit.ts';

let t: TestApp;
let operator: ConsoleUser;
let ownerA: ConsoleUser;
let ownerB: ConsoleUser;
let storeA: number;
let storeB: number;
let buyer: Buyer;
let titleId: number;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  operator = await makeOperator(t.app);
  [storeA, storeB] = [await makeStore(t.app), await makeStore(t.app)];
  ownerA = await makeStoreMember(t.app, operator.token, storeA);
  ownerB = await makeStoreMember(t.app, operator.token, storeB);
  buyer = await makeBuyer(t.app);
  const title = await call<{ id: number }>(t.app, {
    method: 'POST',
    url: `${API}/invoice/title/save`,
    token: buyer.token,
    payload: { type: 'personal', name: '张三' },
  });
  titleId = title.body.data.id;
});
afterAll(async () => {
  await t.close();
});

/** A received order of the store with an invoice applied for; returns the invoice id. */
async function applied(storeId: number, owner: ConsoleUser): Promise<number> {
  const o = await paidOrder(t.app, buyer, storeId, 5000);
  await cpost(t.app, owner.token, 'order/ship', {
    orderNo: o.orderNo,
    carrier: 'SF',
    trackingNo: `SF${o.id}00001`,
  });
  const buyerPost = (url: string, payload: Record<string, unknown>) =>
    call<{ id: number }>(t.app, {
      method: 'POST',
      url: `${API}/${url}`,
      token: buyer.token,
      payload,
    });
  await buyerPost('order/newConfirm', { orderNo: o.orderNo });
  const res = await buyerPost('invoice/apply', { orderNo: o.orderNo, titleId });
  if (res.status !== 200) throw new Error(`apply: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

type Invoice = { id: number; storeId: number; status: string; orderNo: string; items: unknown[] };
type Page = { list: Invoice[]; total: number };

const download = (token: string, id: number) =>
  t.app.inject({
    method: 'GET',
    url: `${API}/admin/invoice/download?id=${id}`,
    headers: { token },
  });

describe('发票 desk (admin/invoice/*)', () => {
  it('lists and issues the caller store’s invoices only, audited, with the PDF', async () => {
    const a = await applied(storeA, ownerA);
    const b = await applied(storeB, ownerB);
    const mine = await cget<Page>(t.app, ownerA.token, 'invoice/list');
    expect(mine.body.data.list.map((i) => i.id)).toEqual([a]);
    expect(mine.body.data.list[0]).toMatchObject({ storeId: storeA, status: 'applying' });
    expect(mine.body.data.list[0]?.items).toHaveLength(1);
    const all = await cget<Page>(t.app, operator.token, 'invoice/list', { status: 'applying' });
    expect(all.body.data.list.map((i) => i.id)).toEqual([b, a]);
    expect(
      (await cget<Page>(t.app, ownerA.token, 'invoice/list', { storeId: storeB })).body.data.total,
    ).toBe(0);

    const foreign = await cpost(t.app, ownerB.token, 'invoice/issue', { id: a });
    expect([foreign.status, foreign.body.error]).toEqual([404, 'INVOICE_NOT_FOUND']);
    const notYet = await download(ownerA.token, a);
    expect([notYet.statusCode, notYet.json().error]).toEqual([409, 'INVOICE_NOT_ISSUED']);

    const issued = await cpost<{ status: string; invoiceNo: string }>(
      t.app,
      ownerA.token,
      'invoice/issue',
      {
        id: a,
      },
    );
    expect(issued.body.data.status).toBe('issued');
    const again = await cpost(t.app, ownerA.token, 'invoice/issue', { id: a });
    expect([again.status, again.body.error]).toEqual([409, 'INVOICE_ALREADY_ISSUED']);
    expect(await auditOf(t.app, 'invoice', String(a))).toEqual([
      {
        actor_id: ownerA.userId,
        action: 'issue',
        store_id: storeA,
        before: { status: 'applying', invoiceNo: null },
        after: { status: 'issued', invoiceNo: issued.body.data.invoiceNo },
      },
    ]);

    const pdf = await download(ownerA.token, a);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const stolen = await download(ownerB.token, a);
    expect([stolen.statusCode, stolen.json().error]).toEqual([404, 'INVOICE_NOT_FOUND']);
    expect(await auditOf(t.app, 'invoice', String(b))).toEqual([]);
  });

  it('needs invoice.write to issue and invoice.read to look; bad ids are not found', async () => {
    const a = await applied(storeA, ownerA);
    const clerk = await makeStoreMember(t.app, ownerA.token, storeA, 'staff', ['invoice.read']);
    const agent = await makeStoreMember(t.app, ownerA.token, storeA, 'agent');
    expect((await cget(t.app, clerk.token, 'invoice/list')).status).toBe(200);
    const denied = await cpost(t.app, clerk.token, 'invoice/issue', { id: a });
    expect([denied.status, denied.body.error]).toEqual([403, 'FORBIDDEN']);
    const agentList = await cget(t.app, agent.token, 'invoice/list');
    expect([agentList.status, agentList.body.error]).toEqual([403, 'FORBIDDEN']);
    for (const id of [0, 99_999_999]) {
      const res = await cpost(t.app, ownerA.token, 'invoice/issue', { id });
      expect([res.status, res.body.error]).toEqual([404, 'INVOICE_NOT_FOUND']);
    }
    const bad = await cget(t.app, ownerA.token, 'invoice/list', { status: 'weird' });
    expect([bad.status, bad.body.error]).toEqual([400, 'INVALID_PARAM']);
  });
});
