import {
  formatRedeemCode,
  normalizeRedeemCode,
  type PageOf,
  type RedeemBatch,
  type RedeemExportData,
  type Redemption,
} from '@chaopin/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import { couponState, makeTemplate } from '../../../test/kits/coupon-kit.ts';
import { makeShopper } from '../../../test/kits/order-kit.ts';
import { newCode } from './redeem-codes.ts';

let t: TestApp;
let admin: string;
let ipSeq = 0;
/** Each test its own client address (the per-IP limit is not what most of them test). */
const nextIp = () => `10.9.${Math.floor(++ipSeq / 250)}.${(ipSeq % 250) + 1}`;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0', REDEEM_BATCH_MAX: '500', REDEEM_IP_FAILS: '8' });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const later = () => new Date(Date.now() + 86_400_000).toISOString();

function postAs<T>(url: string, token: string | undefined, payload: object, ip = '10.0.0.1') {
  return call<T>(t.app, {
    method: 'POST',
    url: `${API}/${url}`,
    token,
    payload: payload as Record<string, unknown>,
    remoteAddress: ip,
  });
}

async function batch(body: Record<string, unknown>): Promise<{ id: number; codes: string[] }> {
  const made = await postAs<RedeemBatch>('admin/redeem/batch', admin, {
    name: '测试批次',
    count: 3,
    expiresAt: later(),
    ...body,
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const out = await postAs<RedeemExportData>('admin/redeem/export', admin, {
    batchId: made.body.data.id,
  });
  expect(out.status, JSON.stringify(out.body)).toBe(200);
  return { id: made.body.data.id, codes: out.body.data.codes };
}

describe('redeem codes', () => {
  it('makes 80-bit codes, grouped, normalised from what people type', () => {
    const c = newCode();
    expect(c).toMatch(/^[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(normalizeRedeemCode(` ${formatRedeemCode(c).toLowerCase()} `)).toBe(c);
    expect(normalizeRedeemCode('ABCD-EFGH-IJKL-MNOP')).toBe('ABCDEFGH1JK1MN0P');
    expect(normalizeRedeemCode('ABCD-EFGH-UUUU-MNOP')).toBeNull();
    expect(normalizeRedeemCode('ABC')).toBeNull();
  });

  it('a coupon code: redeemed once, shows in 我的优惠券 and the history; only hashes are kept', async () => {
    const templateId = await makeTemplate(t.app, admin, { claimable: false });
    const { id, codes } = await batch({ kind: 'coupon', couponTemplateId: templateId });
    expect(codes).toHaveLength(3);
    expect(codes[0]).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);
    const stored = await t.app.deps.db
      .selectFrom('redeem_code')
      .select(['code_hash', 'code_tail'])
      .where('batch_id', '=', id)
      .execute();
    const plain = codes.map((c) => c.replace(/-/g, ''));
    expect(stored.every((s) => !plain.includes(s.code_hash) && s.code_hash.length === 64)).toBe(
      true,
    );
    const sealed = await t.app.deps.db
      .selectFrom('redeem_batch')
      .select('sealed_codes')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(sealed.sealed_codes).toBeNull();

    const b = await makeShopper(t.app);
    const ip = nextIp();
    const code = (codes[0] as string).toLowerCase().replace(/-/g, ' ');
    const r = await postAs<Redemption>('redeem/redeem', b.token, { code }, ip);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      kind: 'coupon',
      title: '测试券',
      link: '/pages/userMyCoupon/myCoupon',
    });
    const mine = await get<{ list: { id: number; templateId: number }[] }>(
      t.app,
      'coupon/mine',
      b.token,
      { status: 'unused' },
    );
    const coupon = mine.body.data.list.find((c) => c.templateId === templateId);
    expect(coupon).toBeDefined();
    expect(await couponState(t.app, b, coupon?.id ?? 0)).toBe('unused');
    const again = await postAs('redeem/redeem', b.token, { code: codes[0] }, ip);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('REDEEM_CODE_USED');
    const hist = await get<PageOf<Redemption>>(t.app, 'redeem/history', b.token);
    expect(hist.body.data.total).toBe(1);
    expect(hist.body.data.list[0]?.codeTail).toBe((codes[0] as string).slice(-4));
  });

  it('red packet and points codes give their reward; points reach the bill', async () => {
    const rp = await batch({ kind: 'redpacket', amount: 500 });
    const pts = await batch({ kind: 'points', amount: 120 });
    const b = await makeShopper(t.app);
    const ip = nextIp();
    const r1 = await postAs<Redemption>('redeem/redeem', b.token, { code: rp.codes[0] }, ip);
    expect(r1.body.data).toMatchObject({ kind: 'redpacket', title: '红包 ¥5.00', amount: 500 });
    const packets = await get<{ list: { title: string; maxAmount: number }[] }>(
      t.app,
      'redPacket/list',
      b.token,
    );
    if (packets.status === 200) {
      expect(packets.body.data.list.some((p) => p.maxAmount === 500)).toBe(true);
    } else {
      const row = await t.app.deps.db
        .selectFrom('red_packet')
        .select('max_amount')
        .where('user_id', '=', b.userId)
        .executeTakeFirstOrThrow();
      expect(row.max_amount).toBe(500);
    }
    const r2 = await postAs<Redemption>('redeem/redeem', b.token, { code: pts.codes[0] }, ip);
    expect(r2.body.data).toMatchObject({ kind: 'points', title: '120 积分' });
    const home = await get<{ balance: number }>(t.app, 'points/home', b.token);
    expect(home.body.data.balance).toBe(120);
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('one code tried by 20 users at once: exactly one gets it', async () => {
    const { codes } = await batch({ kind: 'points', amount: 50, count: 1 });
    const users = await Promise.all(Array.from({ length: 20 }, () => makeShopper(t.app)));
    const ip = nextIp();
    const tries = await Promise.all(
      users.map((u) => postAs('redeem/redeem', u.token, { code: codes[0] }, ip)),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.error === 'REDEEM_CODE_USED')).toHaveLength(19);
    const credited = await t.app.deps.db
      .selectFrom('ledger_txn')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('kind', '=', 'redeem')
      .where(
        'ref',
        'in',
        t.app.deps.db
          .selectFrom('redeem_code')
          .select((eb) => eb.cast<string>('id', 'text').as('ref'))
          .where('code_tail', '=', (codes[0] as string).slice(-4)),
      )
      .executeTakeFirstOrThrow();
    expect(Number(credited.n)).toBe(1);
  });

  it('brute force: wrong codes get the user blocked, even a right code then waits', async () => {
    const { codes } = await batch({ kind: 'points', amount: 10, count: 1 });
    const b = await makeShopper(t.app);
    const ip = nextIp();
    const answers: (string | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const r = await postAs('redeem/redeem', b.token, { code: newCode() }, ip);
      answers.push(r.body.error);
    }
    expect(answers.slice(0, 4)).toEqual([
      'REDEEM_CODE_INVALID',
      'REDEEM_CODE_INVALID',
      'REDEEM_CODE_INVALID_LEFT',
      'REDEEM_CODE_INVALID_LEFT',
    ]);
    expect(answers[4]).toBe('REDEEM_TOO_MANY');
    const right = await postAs('redeem/redeem', b.token, { code: codes[0] }, ip);
    expect(right.status).toBe(429);
    expect(right.body.error).toBe('REDEEM_TOO_MANY');
    expect(right.body.msg).toMatch(/分钟后再试/);
    // Another user at another address is not affected.
    const other = await makeShopper(t.app);
    const ok = await postAs('redeem/redeem', other.token, { code: codes[0] }, nextIp());
    expect(ok.status).toBe(200);
  });

  it('from the third wrong code on, the answer says how many tries are left (preview too)', async () => {
    const b = await makeShopper(t.app);
    const ip = nextIp();
    const answers: { error?: string; msg: string }[] = [];
    for (const url of [
      'redeem/preview',
      'redeem/redeem',
      'redeem/preview',
      'redeem/redeem',
      'redeem/redeem',
    ]) {
      const r = await postAs(url, b.token, { code: newCode() }, ip);
      answers.push({ error: r.body.error, msg: r.body.msg });
    }
    expect(answers).toEqual([
      { error: 'REDEEM_CODE_INVALID', msg: '兑换码无效，请核对后重新输入' },
      { error: 'REDEEM_CODE_INVALID', msg: '兑换码无效，请核对后重新输入' },
      { error: 'REDEEM_CODE_INVALID_LEFT', msg: '兑换码无效，还可尝试2次' },
      { error: 'REDEEM_CODE_INVALID_LEFT', msg: '兑换码无效，还可尝试1次' },
      { error: 'REDEEM_TOO_MANY', msg: '兑换码错误次数过多，请15分钟后再试' },
    ]);
  });

  it('brute force from one address across users: the address is blocked', async () => {
    const ip = nextIp();
    let last: string | undefined;
    for (let i = 0; i < 8; i++) {
      const u = await makeShopper(t.app);
      last = (await postAs('redeem/redeem', u.token, { code: 'nonsense' }, ip)).body.error;
    }
    expect(last).toBe('REDEEM_TOO_MANY');
    const fresh = await makeShopper(t.app);
    const r = await postAs('redeem/redeem', fresh.token, { code: newCode() }, ip);
    expect(r.body.error).toBe('REDEEM_TOO_MANY');
  });

  it('exports a batch once; a second export is refused', async () => {
    const made = await postAs<RedeemBatch>('admin/redeem/batch', admin, {
      name: '一次导出',
      kind: 'points',
      amount: 5,
      count: 2,
      expiresAt: later(),
    });
    const batchId = made.body.data.id;
    const exports = await Promise.all(
      [1, 2, 3].map(() => postAs<RedeemExportData>('admin/redeem/export', admin, { batchId })),
    );
    expect(exports.filter((r) => r.status === 200)).toHaveLength(1);
    expect(exports.filter((r) => r.body.error === 'REDEEM_EXPORTED')).toHaveLength(2);
    const list = await get<PageOf<RedeemBatch>>(t.app, 'admin/redeem/batches', admin);
    expect(list.body.data.list.find((b) => b.id === batchId)?.exportedAt).not.toBeNull();
    const missing = await postAs('admin/redeem/export', admin, { batchId: 999_999 });
    expect(missing.body.error).toBe('REDEEM_BATCH_NOT_FOUND');
  });

  it('an expired code is refused and gives nothing', async () => {
    const { id, codes } = await batch({ kind: 'points', amount: 10, count: 1 });
    await t.app.deps.db
      .updateTable('redeem_batch')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    const b = await makeShopper(t.app);
    const r = await postAs('redeem/redeem', b.token, { code: codes[0] }, nextIp());
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('REDEEM_CODE_EXPIRED');
    expect((await get<{ balance: number }>(t.app, 'points/home', b.token)).body.data.balance).toBe(
      0,
    );
  });

  it('a code whose coupon has run out rolls back: the code stays unredeemed', async () => {
    const templateId = await makeTemplate(t.app, admin, { total: 1, perUser: 5 });
    const { codes } = await batch({ kind: 'coupon', couponTemplateId: templateId, count: 2 });
    const b = await makeShopper(t.app);
    const ip = nextIp();
    expect((await postAs('redeem/redeem', b.token, { code: codes[0] }, ip)).status).toBe(200);
    const r = await postAs('redeem/redeem', b.token, { code: codes[1] }, ip);
    expect(r.body.error).toBe('COUPON_SOLD_OUT');
    const row = await t.app.deps.db
      .selectFrom('redeem_code')
      .select('redeemed_by')
      .where('code_tail', '=', (codes[1] as string).slice(-4))
      .execute();
    expect(row.some((x) => x.redeemed_by === null)).toBe(true);
  });

  it('bad input: 4xx with the catalogue error, login and admin required', async () => {
    const b = await makeShopper(t.app);
    const cases: [string, string | undefined, object, string][] = [
      ['redeem/redeem', undefined, { code: 'X' }, 'LOGIN_REQUIRED'],
      ['redeem/redeem', b.token, {}, 'REDEEM_CODE_INVALID'],
      ['redeem/redeem', b.token, { code: 'x'.repeat(41) }, 'REDEEM_CODE_INVALID'],
      ['redeem/redeem', b.token, { code: 12 }, 'REDEEM_CODE_INVALID'],
      [
        'admin/redeem/batch',
        b.token,
        { name: 'x', kind: 'points', amount: 1, count: 1, expiresAt: later() },
        'FORBIDDEN',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'points', count: 1, expiresAt: later() },
        'REDEEM_BATCH_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'coupon', amount: 5, count: 1, expiresAt: later() },
        'REDEEM_BATCH_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'gift', amount: 5, count: 1, expiresAt: later() },
        'REDEEM_BATCH_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'points', amount: 5, count: 1, expiresAt: '2001-01-01T00:00:00Z' },
        'REDEEM_BATCH_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'points', amount: 5, count: 1, expiresAt: 'not a time' },
        'REDEEM_BATCH_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'points', amount: 5, count: 501, expiresAt: later() },
        'REDEEM_COUNT_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'points', amount: 5, count: 0, expiresAt: later() },
        'REDEEM_COUNT_INVALID',
      ],
      [
        'admin/redeem/batch',
        admin,
        { name: 'x', kind: 'coupon', couponTemplateId: 999_999, count: 1, expiresAt: later() },
        'COUPON_NOT_FOUND',
      ],
      ['admin/redeem/export', admin, { batchId: 'a' }, 'REDEEM_BATCH_NOT_FOUND'],
    ];
    for (const [url, token, body, error] of cases) {
      const r = await postAs(url, token, body, nextIp());
      expect(
        [r.status >= 400 && r.status < 500, r.body.error],
        `${url} ${JSON.stringify(body)}`,
      ).toEqual([true, error]);
    }
    const over = await t.app.deps.db
      .selectFrom('redeem_batch')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('name', '=', 'x')
      .executeTakeFirstOrThrow();
    expect(Number(over.n)).toBe(0);
    const h = await get(t.app, 'redeem/history', undefined);
    expect(h.body.error).toBe('LOGIN_REQUIRED');
    const bad = await get(t.app, 'redeem/history', b.token, { pageSize: 0 });
    expect(bad.status).toBe(400);
    expect((await get(t.app, 'admin/redeem/batches', b.token)).body.error).toBe('FORBIDDEN');
  });
});
