import type { AdminPharmacist, VisitDetail } from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  type Catalogue,
  clientKey,
  makeProduct,
  makeShopper,
  newOrder,
} from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
let pharmacist: AdminPharmacist;
/** A 处方药 with two SKUs, and a plain product of the same store. */
let drug: Catalogue;
let plain: Catalogue;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0', MEDICINE_OPEN_MAX: '9' });
  admin = await makeAdmin(t.app);
  drug = await makeProduct(t.app, { skus: 2, stock: 50 });
  plain = await makeProduct(t.app, { storeId: drug.storeId, stock: 50 });
  await t.app.deps.db
    .updateTable('product')
    .set({ rx: true })
    .where('id', '=', drug.productId)
    .execute();
  const doctor = await makeShopper(t.app);
  const made = await post<AdminPharmacist>(t.app, 'admin/medicine/pharmacist/create', admin, {
    userId: doctor.userId,
    name: '王敏',
    title: '药师',
    hospital: '杭州市第一人民医院',
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  pharmacist = made.body.data;
}, 180_000);
afterAll(async () => {
  await t?.close();
});

/** A follow-up request of `user` prescribed these SKU quantities; answers the visit id. */
async function prescribe(user: Buyer, drugs: { skuId: number; quantity: number }[]) {
  const v = await post<VisitDetail>(t.app, 'medicine/visit/submit', user.token, {
    clientKey: clientKey(),
    pharmacistId: pharmacist.id,
    patientName: '张三',
    gender: 'male',
    age: 45,
    phone: '13812345678',
    diagnosis: '原发性高血压',
    drugs: '',
    description: '',
    images: [],
    confirmed: true,
  });
  expect(v.status, JSON.stringify(v.body)).toBe(200);
  const rx = await post(t.app, 'admin/medicine/prescribe', admin, {
    visitId: v.body.data.id,
    drugs: drugs.map((d) => ({ ...d, usage: '口服，一次1片，一日1次' })),
  });
  expect(rx.status, JSON.stringify(rx.body)).toBe(200);
  return v.body.data.id;
}

const used = async (user: Buyer, visitId: number) =>
  (await get<VisitDetail>(t.app, 'medicine/visit', user.token, { id: visitId })).body.data
    .prescription?.used;

const skuA = () => drug.skuIds[0] as number;
const skuB = () => drug.skuIds[1] as number;

describe('buying 处方药 (a prescription buys once)', () => {
  it('refuses an rx line without a prescription; a plain product still sells', async () => {
    const user = await makeShopper(t.app);
    const refused = await newOrder(t.app, user, [{ skuId: skuA(), quantity: 1 }]);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'RX_REQUIRED', msg: '处方药需凭有效处方购买' });
    const mixed = await newOrder(t.app, user, [
      { skuId: skuA(), quantity: 1 },
      { skuId: plain.skuIds[0] as number, quantity: 1 },
    ]);
    expect(mixed.body.error).toBe('RX_REQUIRED');
    const ok = await newOrder(t.app, user, [{ skuId: plain.skuIds[0] as number, quantity: 1 }]);
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
  });

  it('places with a covering prescription, once; beyond its SKUs or quantity is refused', async () => {
    const user = await makeShopper(t.app);
    const visit = await prescribe(user, [{ skuId: skuA(), quantity: 2 }]);
    expect(await used(user, visit)).toBe(false);
    const tooMany = await newOrder(t.app, user, [{ skuId: skuA(), quantity: 3 }]);
    expect(tooMany.body.error).toBe('RX_REQUIRED');
    const otherSku = await newOrder(t.app, user, [{ skuId: skuB(), quantity: 1 }]);
    expect(otherSku.body.error).toBe('RX_REQUIRED');
    const placed = await newOrder(t.app, user, [
      { skuId: skuA(), quantity: 2 },
      { skuId: plain.skuIds[0] as number, quantity: 1 },
    ]);
    expect(placed.status, JSON.stringify(placed.body)).toBe(200);
    expect(await used(user, visit)).toBe(true);
    const again = await newOrder(t.app, user, [{ skuId: skuA(), quantity: 1 }]);
    expect(again.body.error).toBe('RX_REQUIRED');
  });

  it('two concurrent checkouts with one prescription: exactly one order', async () => {
    const user = await makeShopper(t.app);
    await prescribe(user, [{ skuId: skuA(), quantity: 1 }]);
    const results = await Promise.all(
      Array.from({ length: 4 }, () => newOrder(t.app, user, [{ skuId: skuA(), quantity: 1 }])),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    for (const r of results.filter((r) => r.status !== 200)) {
      expect(r.body.error).toBe('RX_REQUIRED');
    }
    const orders = await t.app.deps.db
      .selectFrom('shop_order')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', user.userId)
      .executeTakeFirstOrThrow();
    expect(Number(orders.n)).toBe(1);
  });

  it('a cancelled or expired unpaid order gives the prescription back', async () => {
    const user = await makeShopper(t.app);
    const visit = await prescribe(user, [{ skuId: skuA(), quantity: 1 }]);
    const first = await newOrder(t.app, user, [{ skuId: skuA(), quantity: 1 }]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const cancel = await call(t.app, {
      method: 'POST',
      url: `${API}/order/cancel`,
      token: user.token,
      payload: { orderNo: first.body.data.orderNos[0] },
    });
    expect(cancel.status, JSON.stringify(cancel.body)).toBe(200);
    expect(await used(user, visit)).toBe(false);

    const second = await newOrder(t.app, user, [{ skuId: skuA(), quantity: 1 }]);
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    await t.app.deps.db
      .updateTable('shop_order')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('order_no', 'in', second.body.data.orderNos)
      .execute();
    await t.app.orderModule.expiry.sweep();
    expect(await used(user, visit)).toBe(false);
    const third = await newOrder(t.app, user, [{ skuId: skuA(), quantity: 1 }]);
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await used(user, visit)).toBe(true);
  });

  it("refuses another user's prescription and an expired one", async () => {
    const owner = await makeShopper(t.app);
    const other = await makeShopper(t.app);
    await prescribe(owner, [{ skuId: skuB(), quantity: 1 }]);
    const theirs = await newOrder(t.app, other, [{ skuId: skuB(), quantity: 1 }]);
    expect(theirs.body.error).toBe('RX_REQUIRED');

    const late = await makeShopper(t.app);
    const visit = await prescribe(late, [{ skuId: skuB(), quantity: 1 }]);
    await t.app.deps.db
      .updateTable('medicine_prescription')
      .set({ valid_until: new Date(Date.now() - 1000) })
      .where('visit_id', '=', visit)
      .execute();
    const expired = await newOrder(t.app, late, [{ skuId: skuB(), quantity: 1 }]);
    expect(expired.body.error).toBe('RX_REQUIRED');
  });
});
