import type {
  AdminPharmacist,
  PageOf,
  Pharmacist,
  Visit,
  VisitBody,
  VisitDetail,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import {
  type Buyer,
  type Catalogue,
  clientKey,
  makeProduct,
  makeShopper,
} from '../../../test/kits/order-kit.ts';
import { seedMedicine } from '../../seed/seed-medicine.ts';

let t: TestApp;
let admin: string;
let pharmacist: AdminPharmacist;
let doctorUser: Buyer;
/** The medicine prescribed: one product with two SKUs. */
let drug: Catalogue;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0', MEDICINE_OPEN_MAX: '3' });
  admin = await makeAdmin(t.app);
  drug = await makeProduct(t.app, { skus: 2 });
  doctorUser = await makeShopper(t.app);
  const made = await post<AdminPharmacist>(t.app, 'admin/medicine/pharmacist/create', admin, {
    userId: doctorUser.userId,
    name: '李静',
    title: '主管药师',
    hospital: '浙江省人民医院',
    speciality: '慢病用药',
    rating: 4.9,
    consultCount: 100,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  pharmacist = made.body.data;
}, 60_000);
afterAll(async () => {
  await t?.close();
});

const visitBody = (over: Partial<VisitBody> = {}): Record<string, unknown> => ({
  clientKey: clientKey(),
  pharmacistId: pharmacist.id,
  patientName: '张三',
  gender: 'male',
  age: 45,
  phone: '13812345678',
  diagnosis: '原发性高血压',
  drugs: '苯磺酸氨氯地平片 5mg×28片',
  description: '长期服用，血压控制平稳',
  images: [],
  confirmed: true,
  ...over,
});

async function submit(token: string, over: Partial<VisitBody> = {}) {
  return post<VisitDetail>(t.app, 'medicine/visit/submit', token, visitBody(over));
}

describe('medicine: pharmacists', () => {
  it('lists enabled pharmacists to anyone; the operator sees all and edits them', async () => {
    const list = await get<PageOf<Pharmacist>>(t.app, 'medicine/pharmacists', undefined);
    expect(list.status).toBe(200);
    const mine = list.body.data.list.find((p) => p.id === pharmacist.id);
    expect(mine).toMatchObject({
      name: '李静',
      rating: 4.9,
      consultCount: 100,
      online: true,
      chatUserId: String(doctorUser.userId),
    });
    expect(mine).not.toHaveProperty('userId');

    const hidden = await post<AdminPharmacist>(t.app, 'admin/medicine/pharmacist/create', admin, {
      userId: (await makeShopper(t.app)).userId,
      name: '下架药师',
      title: '执业药师',
      hospital: '某药房',
      enabled: false,
    });
    expect(hidden.status).toBe(200);
    const again = await get<PageOf<Pharmacist>>(t.app, 'medicine/pharmacists', undefined);
    expect(again.body.data.list.some((p) => p.id === hidden.body.data.id)).toBe(false);
    const all = await get<PageOf<AdminPharmacist>>(t.app, 'admin/medicine/pharmacists', admin);
    expect(all.body.data.list.some((p) => p.id === hidden.body.data.id)).toBe(true);

    const upd = await post<AdminPharmacist>(t.app, 'admin/medicine/pharmacist/update', admin, {
      id: hidden.body.data.id,
      online: false,
      intro: '简介',
    });
    expect(upd.body.data).toMatchObject({ online: false, intro: '简介', enabled: false });

    // A hidden (not enabled) pharmacist takes no request.
    const user = await makeShopper(t.app);
    const refused = await submit(user.token, { pharmacistId: hidden.body.data.id });
    expect(refused.status).toBe(404);
    expect(refused.body.error).toBe('MEDICINE_PHARMACIST_NOT_FOUND');
  });

  it('refuses bad operator input with catalogue errors', async () => {
    const cases: [string, Record<string, unknown>, string, number][] = [
      [
        'admin/medicine/pharmacist/create',
        { userId: 99_999_999, name: 'a', title: 'b', hospital: 'c' },
        'MEDICINE_PHARMACIST_USER_NOT_FOUND',
        404,
      ],
      [
        'admin/medicine/pharmacist/create',
        { userId: doctorUser.userId, name: '重复', title: 'b', hospital: 'c' },
        'MEDICINE_PHARMACIST_USER_TAKEN',
        409,
      ],
      [
        'admin/medicine/pharmacist/create',
        { userId: doctorUser.userId, name: '  ', title: 'b', hospital: 'c' },
        'MEDICINE_PHARMACIST_INVALID',
        400,
      ],
      [
        'admin/medicine/pharmacist/update',
        { id: pharmacist.id, rating: 6 },
        'MEDICINE_PHARMACIST_INVALID',
        400,
      ],
      [
        'admin/medicine/pharmacist/update',
        { id: 99_999_999, online: true },
        'MEDICINE_PHARMACIST_NOT_FOUND',
        404,
      ],
    ];
    for (const [url, body, error, status] of cases) {
      const res = await post(t.app, url, admin, body);
      expect([url, res.status, res.body.error]).toEqual([url, status, error]);
    }
    const user = await makeShopper(t.app);
    const notAdmin = await post(t.app, 'admin/medicine/pharmacist/create', user.token, {
      userId: user.userId,
      name: 'a',
      title: 'b',
      hospital: 'c',
    });
    expect(notAdmin.status).toBe(403);
    const anon = await post(t.app, 'medicine/visit/submit', undefined, visitBody());
    expect(anon.status).toBe(401);
  });
});

describe('medicine: follow-up requests', () => {
  it('refuses bad requests with the catalogue error', async () => {
    const user = await makeShopper(t.app);
    const cases: [Partial<VisitBody> | Record<string, unknown>, string][] = [
      [{ patientName: '张' }, 'MEDICINE_PATIENT_NAME_INVALID'],
      [{ patientName: ' 张 ' }, 'MEDICINE_PATIENT_NAME_INVALID'],
      [{ patientName: '张'.repeat(21) }, 'MEDICINE_PATIENT_NAME_INVALID'],
      [{ gender: 'other' }, 'MEDICINE_GENDER_INVALID'],
      [{ age: 0 }, 'MEDICINE_AGE_INVALID'],
      [{ age: 121 }, 'MEDICINE_AGE_INVALID'],
      [{ phone: '12345678901' }, 'PHONE_INVALID'],
      [{ diagnosis: '' }, 'MEDICINE_DIAGNOSIS_INVALID'],
      [{ diagnosis: '   ' }, 'MEDICINE_DIAGNOSIS_INVALID'],
      [{ diagnosis: '病'.repeat(201) }, 'MEDICINE_DIAGNOSIS_INVALID'],
      [{ drugs: '药'.repeat(501) }, 'MEDICINE_DRUGS_INVALID'],
      [{ description: '述'.repeat(1001) }, 'MEDICINE_DESCRIPTION_INVALID'],
      [{ images: Array(7).fill('/uploads/image/a.png') }, 'MEDICINE_IMAGES_INVALID'],
      [{ images: ['https://evil.example/x.png'] }, 'MEDICINE_IMAGES_INVALID'],
      [{ images: ['/uploads/image/../private/x'] }, 'MEDICINE_IMAGES_INVALID'],
      [{ confirmed: false as unknown as true }, 'MEDICINE_CONSENT_REQUIRED'],
      [{ clientKey: 'x' }, 'CLIENT_KEY_INVALID'],
      [{ pharmacistId: 99_999_999 }, 'MEDICINE_PHARMACIST_NOT_FOUND'],
    ];
    for (const [over, error] of cases) {
      const res = await submit(user.token, over as Partial<VisitBody>);
      expect(res.status, JSON.stringify(over)).toBeGreaterThanOrEqual(400);
      expect(res.status, JSON.stringify(over)).toBeLessThan(500);
      expect(res.body.error, JSON.stringify(over)).toBe(error);
    }
    const { confirmed: _c, ...noConsent } = visitBody();
    const missing = await post(t.app, 'medicine/visit/submit', user.token, noConsent);
    expect(missing.body.error).toBe('MEDICINE_CONSENT_REQUIRED');
    const mine = await get<PageOf<Visit>>(t.app, 'medicine/visits', user.token);
    expect(mine.body.data.total).toBe(0);
  });

  it('submits once per client key, lists, reads and cancels; another user sees nothing', async () => {
    const user = await makeShopper(t.app);
    const key = clientKey();
    const images = ['/uploads/image/2026/rx-1.png'];
    const [a, b] = await Promise.all([
      submit(user.token, { clientKey: key, images }),
      submit(user.token, { clientKey: key, images }),
    ]);
    expect(a.status, JSON.stringify(a.body)).toBe(200);
    expect(b.status).toBe(200);
    expect(b.body.data.id).toBe(a.body.data.id);
    const v = a.body.data;
    expect(v).toMatchObject({
      status: 'submitted',
      statusText: '待接诊',
      patientName: '张三',
      images,
      prescription: null,
      pharmacist: { id: pharmacist.id, name: '李静', chatUserId: String(doctorUser.userId) },
    });
    expect(v.visitNo).toMatch(/^FZ\d{16}$/);
    const again = await submit(user.token, { clientKey: key });
    expect(again.body.data.id).toBe(v.id);

    const list = await get<PageOf<Visit>>(t.app, 'medicine/visits', user.token);
    expect(list.body.data.list.map((x) => x.id)).toEqual([v.id]);
    const filtered = await get<PageOf<Visit>>(t.app, 'medicine/visits', user.token, {
      status: 'prescribed',
    });
    expect(filtered.body.data.total).toBe(0);
    const one = await get<VisitDetail>(t.app, 'medicine/visit', user.token, { id: v.id });
    expect(one.body.data.id).toBe(v.id);

    const other = await makeShopper(t.app);
    const peek = await get(t.app, 'medicine/visit', other.token, { id: v.id });
    expect([peek.status, peek.body.error]).toEqual([404, 'MEDICINE_VISIT_NOT_FOUND']);
    const theirs = await get<PageOf<Visit>>(t.app, 'medicine/visits', other.token);
    expect(theirs.body.data.total).toBe(0);
    const steal = await post(t.app, 'medicine/visit/cancel', other.token, { id: v.id });
    expect([steal.status, steal.body.error]).toEqual([404, 'MEDICINE_VISIT_NOT_FOUND']);

    const cancelled = await post<VisitDetail>(t.app, 'medicine/visit/cancel', user.token, {
      id: v.id,
    });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', statusText: '已取消' });
    expect(cancelled.body.data.closedAt).not.toBeNull();
    const twice = await post(t.app, 'medicine/visit/cancel', user.token, { id: v.id });
    expect([twice.status, twice.body.error]).toEqual([409, 'MEDICINE_VISIT_STATE']);
    const none = await post(t.app, 'medicine/visit/cancel', user.token, { id: 99_999_999 });
    expect(none.status).toBe(404);
    const bad = await get(t.app, 'medicine/visit', user.token, { id: 'abc' });
    expect([bad.status, bad.body.error]).toEqual([404, 'MEDICINE_VISIT_NOT_FOUND']);
  });

  it('allows at most MEDICINE_OPEN_MAX waiting requests, even submitted at once', async () => {
    const user = await makeShopper(t.app);
    const results = await Promise.all(Array.from({ length: 6 }, () => submit(user.token)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(3);
    const refused = results.filter((r) => r.status !== 200);
    expect(refused.every((r) => r.status === 409 && r.body.error === 'MEDICINE_OPEN_LIMIT')).toBe(
      true,
    );
    expect(refused[0]?.body.msg).toContain('3');
    // Cancelling one frees a place.
    const first = results.find((r) => r.status === 200);
    await post(t.app, 'medicine/visit/cancel', user.token, { id: first?.body.data.id ?? 0 });
    expect((await submit(user.token)).status).toBe(200);
    expect((await submit(user.token)).status).toBe(409);
  });

  it('prescribe: the owner sees the prescription; reject needs a reason; handled ones are final', async () => {
    const user = await makeShopper(t.app);
    const v = (await submit(user.token)).body.data;
    const bad: [Record<string, unknown>, string][] = [
      [{ visitId: v.id, drugs: [] }, 'MEDICINE_PRESCRIPTION_INVALID'],
      [
        { visitId: v.id, drugs: [{ skuId: drug.skuIds[0], quantity: 0, usage: '口服' }] },
        'MEDICINE_PRESCRIPTION_INVALID',
      ],
      [
        { visitId: v.id, drugs: [{ skuId: 99_999_999, quantity: 1, usage: '口服' }] },
        'MEDICINE_PRESCRIPTION_INVALID',
      ],
      [
        { visitId: v.id, drugs: [{ skuId: drug.skuIds[0], quantity: 1, usage: ' ' }] },
        'MEDICINE_PRESCRIPTION_INVALID',
      ],
      [
        {
          visitId: v.id,
          drugs: [
            { skuId: drug.skuIds[0], quantity: 1, usage: '口服' },
            { skuId: drug.skuIds[0], quantity: 2, usage: '口服' },
          ],
        },
        'MEDICINE_PRESCRIPTION_INVALID',
      ],
      [
        { visitId: 99_999_999, drugs: [{ skuId: drug.skuIds[0], quantity: 1, usage: '口服' }] },
        'MEDICINE_VISIT_NOT_FOUND',
      ],
    ];
    for (const [body, error] of bad) {
      const res = await post(t.app, 'admin/medicine/prescribe', admin, body);
      expect(res.body.error, JSON.stringify(body)).toBe(error);
      expect(res.status).toBeLessThan(500);
    }
    const asUser = await post(t.app, 'admin/medicine/prescribe', user.token, {
      visitId: v.id,
      drugs: [{ skuId: drug.skuIds[0], quantity: 1, usage: '口服' }],
    });
    expect(asUser.status).toBe(403);

    const drugs = [{ skuId: drug.skuIds[1], quantity: 2, usage: '口服，一次1片，一日1次' }];
    const rx = await post<VisitDetail>(t.app, 'admin/medicine/prescribe', admin, {
      visitId: v.id,
      drugs,
      advice: '低盐饮食，定期监测血压',
    });
    expect(rx.status, JSON.stringify(rx.body)).toBe(200);
    const seen = await get<VisitDetail>(t.app, 'medicine/visit', user.token, { id: v.id });
    expect(seen.body.data).toMatchObject({ status: 'prescribed', statusText: '已开方' });
    const p = seen.body.data.prescription;
    // Name and spec come from the SKU, kept as the display copy; the lines link the SKUs.
    expect(p).toMatchObject({
      drugs: [{ ...drugs[0], name: expect.stringMatching(/^测试商品/), spec: '规格1' }],
      advice: '低盐饮食，定期监测血压',
      pharmacistName: '李静',
      pharmacistTitle: '主管药师',
      expired: false,
    });
    expect(p?.rxNo).toMatch(/^RX\d{16}$/);
    const lines = await t.app.deps.db
      .selectFrom('medicine_prescription_line as l')
      .innerJoin('medicine_prescription as p', 'p.id', 'l.prescription_id')
      .select(['l.sku_id', 'l.quantity'])
      .where('p.rx_no', '=', p?.rxNo ?? '')
      .execute();
    expect(lines).toEqual([{ sku_id: drug.skuIds[1], quantity: 2 }]);
    const days = (Date.parse(p?.validUntil ?? '') - Date.parse(p?.issuedAt ?? '')) / 86_400_000;
    expect(days).toBe(3);
    const other = await makeShopper(t.app);
    expect((await get(t.app, 'medicine/visit', other.token, { id: v.id })).status).toBe(404);
    const byOp = await get<VisitDetail>(t.app, 'admin/medicine/visit', admin, { id: v.id });
    expect(byOp.body.data.prescription?.rxNo).toBe(p?.rxNo);

    const twice = await post(t.app, 'admin/medicine/prescribe', admin, { visitId: v.id, drugs });
    expect([twice.status, twice.body.error]).toEqual([409, 'MEDICINE_VISIT_STATE']);
    const cancel = await post(t.app, 'medicine/visit/cancel', user.token, { id: v.id });
    expect(cancel.body.error).toBe('MEDICINE_VISIT_STATE');
    const counted = await get<PageOf<Pharmacist>>(t.app, 'medicine/pharmacists', undefined);
    expect(counted.body.data.list.find((x) => x.id === pharmacist.id)?.consultCount).toBe(101);

    const w = (await submit(user.token)).body.data;
    const noReason = await post(t.app, 'admin/medicine/reject', admin, {
      visitId: w.id,
      reason: ' ',
    });
    expect([noReason.status, noReason.body.error]).toEqual([400, 'MEDICINE_REJECT_REASON_INVALID']);
    const rejected = await post<VisitDetail>(t.app, 'admin/medicine/reject', admin, {
      visitId: w.id,
      reason: '请上传线下医院的诊断证明',
    });
    expect(rejected.body.data).toMatchObject({
      status: 'rejected',
      statusText: '已驳回',
      rejectReason: '请上传线下医院的诊断证明',
      prescription: null,
    });
    const late = await post(t.app, 'admin/medicine/prescribe', admin, { visitId: w.id, drugs });
    expect(late.body.error).toBe('MEDICINE_VISIT_STATE');
    const missing = await post(t.app, 'admin/medicine/reject', admin, {
      visitId: 99_999_999,
      reason: 'x',
    });
    expect(missing.status).toBe(404);

    const ops = await get<PageOf<Visit>>(t.app, 'admin/medicine/visits', admin, {
      status: 'rejected',
      pharmacistId: pharmacist.id,
    });
    expect(ops.body.data.list.map((x) => x.id)).toContain(w.id);
    expect(ops.body.data.list.every((x) => x.status === 'rejected')).toBe(true);
    const badFilter = await get(t.app, 'admin/medicine/visits', admin, { status: 'nope' });
    expect(badFilter.status).toBe(400);
  });

  it('notices: the pharmacist hears of a waiting request, the patient of the prescription or the refusal', async () => {
    type Notices = PageOf<{ title: string; content: string; link: string }>;
    const TITLES = ['新的复诊申请', '处方已开具', '复诊申请未通过'];
    const notices = async (token: string) =>
      (
        await get<Notices>(t.app, 'message/listByType', token, { type: 'system', pageSize: 50 })
      ).body.data.list.filter((n) => TITLES.includes(n.title));
    const user = await makeShopper(t.app);
    const v = (await submit(user.token)).body.data;
    const w = (await submit(user.token)).body.data;
    const toDoctor = (await notices(doctorUser.token)).filter((n) => n.title === '新的复诊申请');
    for (const visit of [v, w]) {
      expect(toDoctor.some((n) => n.content.includes(visit.visitNo))).toBe(true);
    }
    expect(toDoctor[0]?.link).toBe('/rootPages/tim/pharmacistDesk');
    expect(await notices(user.token)).toEqual([]);
    // 药师工作台: the pharmacist's waiting requests with the patient's chat, never the phone.
    type Desk = { pharmacist: boolean; list: Record<string, unknown>[] };
    const desk = async (token: string) =>
      (await get<Desk>(t.app, 'medicine/desk', token, { pageSize: 50 })).body.data;
    const waiting = await desk(doctorUser.token);
    expect(waiting.pharmacist).toBe(true);
    for (const visit of [v, w]) {
      const row = waiting.list.find((x) => x.id === visit.id);
      expect(row).toMatchObject({ status: 'submitted', chatUserId: String(user.userId) });
      expect(row).not.toHaveProperty('phone');
    }
    expect(await desk(user.token)).toEqual({ pharmacist: false, list: [], total: 0 });

    const drugs = [{ skuId: drug.skuIds[0], quantity: 1, usage: '口服' }];
    expect(
      (await post(t.app, 'admin/medicine/prescribe', admin, { visitId: v.id, drugs })).status,
    ).toBe(200);
    expect(
      (await post(t.app, 'admin/medicine/reject', admin, { visitId: w.id, reason: '资料不全' }))
        .status,
    ).toBe(200);
    // A second try changes nothing and writes no second notice.
    await post(t.app, 'admin/medicine/prescribe', admin, { visitId: v.id, drugs });
    await post(t.app, 'admin/medicine/reject', admin, { visitId: w.id, reason: '资料不全' });
    const handled = (await desk(doctorUser.token)).list.map((x) => x.id);
    expect(handled).not.toContain(v.id);
    expect(handled).not.toContain(w.id);
    const mine = await notices(user.token);
    expect(mine.map((n) => [n.title, n.link]).sort()).toEqual([
      ['处方已开具', `/rootPages/tim/preInfo?id=${v.id}`],
      ['复诊申请未通过', `/rootPages/tim/preInfo?id=${w.id}`],
    ]);
    expect(mine.find((n) => n.title === '复诊申请未通过')?.content).toContain('资料不全');
    expect(mine.find((n) => n.title === '处方已开具')?.content).toMatch(
      /\d{4}-\d{2}-\d{2} 24:00 前购药/,
    );
  });

  it('a concurrent prescribe and cancel: exactly one wins', async () => {
    const user = await makeShopper(t.app);
    const v = (await submit(user.token)).body.data;
    const drugs = [{ skuId: drug.skuIds[0], quantity: 1, usage: '口服' }];
    const [rx, cancel] = await Promise.all([
      post(t.app, 'admin/medicine/prescribe', admin, { visitId: v.id, drugs }),
      post(t.app, 'medicine/visit/cancel', user.token, { id: v.id }),
    ]);
    expect([rx.status, cancel.status].sort()).toEqual([200, 409]);
    const rows = await t.app.deps.db
      .selectFrom('medicine_prescription')
      .select('id')
      .where('visit_id', '=', v.id)
      .execute();
    expect(rows).toHaveLength(rx.status === 200 ? 1 : 0);
  });
});

describe('medicine: demo seed', () => {
  it('adds four pharmacists once', async () => {
    expect(await seedMedicine(t.app)).toBe(4);
    expect(await seedMedicine(t.app)).toBe(0);
    const list = await get<PageOf<Pharmacist>>(t.app, 'medicine/pharmacists', undefined, {
      pageSize: 50,
    });
    expect(list.body.data.list.filter((p) => p.title.includes('药师')).length).toBeGreaterThan(4);
  });
});
