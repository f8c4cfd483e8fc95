import type {
  CardAdminGiveData,
  CardCampaignView,
  CardExchangeData,
  CardGiveData,
  CardLogRow,
  CardShareData,
  CardsHomeData,
  PageOf,
  SignInData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, orderAt, post } from '../../../test/kits/aftersale-kit.ts';
import { makeTemplate } from '../../../test/kits/coupon-kit.ts';
import { type Buyer, makeBuyer, makeProduct, makeShopper } from '../../../test/kits/order-kit.ts';

let t: TestApp;
let admin: string;
/** A second node on the same database in cluster mode (the same app when embedded). */
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
  admin = await makeAdmin(t.app);
  other = TEST_DB === 'postgres' ? await t.secondNode() : t.app;
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(Date.now() + ms).toISOString();

async function campaign(body: Record<string, unknown> = {}): Promise<CardCampaignView> {
  const res = await post<CardCampaignView>(t.app, 'admin/cards/campaign', admin, {
    title: '集卡测试',
    startAt: iso(-HOUR),
    endAt: iso(48 * HOUR),
    rewardKind: 'points',
    amount: 888,
    ...body,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

async function home(b: Buyer, campaignId: number): Promise<CardsHomeData> {
  const res = await get<CardsHomeData>(t.app, 'cards/home', b.token, { campaignId });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data;
}

const counts = async (b: Buyer, c: CardCampaignView) =>
  (await home(b, c.id)).cards.map((k) => k.count);

async function grant(c: CardCampaignView, b: Buyer, kindIndex: number, count = 1) {
  const res = await post<CardAdminGiveData>(t.app, 'admin/cards/give', admin, {
    campaignId: c.id,
    kindId: c.kinds[kindIndex]?.id,
    userId: b.userId,
    count,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
}

async function fullSets(c: CardCampaignView, b: Buyer, sets: number) {
  for (let i = 0; i < c.kinds.length; i++) await grant(c, b, i, sets);
}

async function points(b: Buyer): Promise<number> {
  return (await get<{ points: number }>(t.app, 'wallet/assets', b.token)).body.data.points;
}

describe('card campaigns (operator)', () => {
  it('creates a campaign with the default kinds (福 rare) and one exchange per user', async () => {
    const c = await campaign();
    expect(c.kinds.map((k) => k.name)).toEqual(['潮', '品', '直', '播', '福']);
    expect(c.kinds.filter((k) => k.rare).map((k) => k.name)).toEqual(['福']);
    expect(c).toMatchObject({ status: 'active', maxExchanges: 1, rewardText: '888 积分' });
  });

  it('refuses bad campaigns, non-operators and unknown coupons with catalogue errors', async () => {
    const base = { title: 'x', startAt: iso(-HOUR), endAt: iso(HOUR), rewardKind: 'points' };
    const bad: Record<string, unknown>[] = [
      { ...base, amount: 10, endAt: iso(-2 * HOUR) },
      { ...base, amount: 10, startAt: 'not a date' },
      { ...base },
      { ...base, amount: 10, couponTemplateId: 1 },
      { ...base, rewardKind: 'coupon', amount: 10 },
      { ...base, rewardKind: 'cash', amount: 10 },
      { ...base, amount: 10, title: '' },
      { ...base, amount: 10, kinds: [{ name: '福', weight: 1 }] },
      {
        ...base,
        amount: 10,
        kinds: [
          { name: '福', weight: 1 },
          { name: '福', weight: 2 },
        ],
      },
      {
        ...base,
        amount: 10,
        kinds: [
          { name: '福', weight: 0 },
          { name: '禄', weight: 2 },
        ],
      },
      { ...base, amount: 0 },
      { ...base, amount: 10, maxExchanges: 0 },
    ];
    for (const body of bad) {
      const res = await post(t.app, 'admin/cards/campaign', admin, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ error: 'CARD_CAMPAIGN_INVALID' });
      expect(res.body.msg).toContain('集卡活动');
    }
    const unknownCoupon = await post(t.app, 'admin/cards/campaign', admin, {
      ...base,
      rewardKind: 'coupon',
      couponTemplateId: 999_999,
    });
    expect(unknownCoupon.body).toMatchObject({ code: 404, error: 'COUPON_NOT_FOUND' });
    const b = await makeShopper(t.app);
    const asUser = await post(t.app, 'admin/cards/campaign', b.token, { ...base, amount: 10 });
    expect(asUser.status).toBe(403);
    expect((await post(t.app, 'admin/cards/campaign', undefined, base)).status).toBe(401);
  });

  it('updates a campaign; the number of kinds is fixed once cards exist', async () => {
    const c = await campaign();
    const b = await makeShopper(t.app);
    const kinds = c.kinds.map((k, i) => ({ name: `${k.name}${i}`, weight: 10 }));
    const upd = await post<CardCampaignView>(t.app, 'admin/cards/campaign/update', admin, {
      id: c.id,
      title: '改名了',
      startAt: c.startAt,
      endAt: c.endAt,
      rewardKind: 'redpacket',
      amount: 520,
      maxExchanges: 2,
      kinds,
    });
    expect(upd.status, JSON.stringify(upd.body)).toBe(200);
    expect(upd.body.data).toMatchObject({
      title: '改名了',
      rewardText: '红包 ¥5.20',
      maxExchanges: 2,
    });
    expect(upd.body.data.kinds.map((k) => k.id)).toEqual(c.kinds.map((k) => k.id));
    expect(upd.body.data.kinds.every((k) => !k.rare)).toBe(true);
    await grant(c, b, 0);
    const fewer = await post(t.app, 'admin/cards/campaign/update', admin, {
      id: c.id,
      title: '少一种',
      startAt: c.startAt,
      endAt: c.endAt,
      rewardKind: 'points',
      amount: 1,
      kinds: kinds.slice(0, 3),
    });
    expect(fewer.body).toMatchObject({ code: 409, error: 'CARD_KINDS_LOCKED' });
    const missing = await post(t.app, 'admin/cards/campaign/update', admin, {
      id: 999_999,
      title: 'x',
      startAt: c.startAt,
      endAt: c.endAt,
      rewardKind: 'points',
      amount: 1,
    });
    expect(missing.body).toMatchObject({ code: 404, error: 'CARD_CAMPAIGN_NOT_FOUND' });
  });

  it('gives cards to a user; refuses unknown users, foreign kinds and bad counts', async () => {
    const c = await campaign();
    const d = await campaign();
    const b = await makeShopper(t.app);
    await grant(c, b, 4, 3);
    expect(await counts(b, c)).toEqual([0, 0, 0, 0, 3]);
    const cases: [Record<string, unknown>, number, string][] = [
      [{ campaignId: c.id, kindId: d.kinds[0]?.id, userId: b.userId }, 404, 'CARD_KIND_NOT_FOUND'],
      [{ campaignId: c.id, kindId: c.kinds[0]?.id, userId: 999_999 }, 404, 'CARD_FRIEND_NOT_FOUND'],
      [
        { campaignId: 999_999, kindId: c.kinds[0]?.id, userId: b.userId },
        404,
        'CARD_CAMPAIGN_NOT_FOUND',
      ],
      [
        { campaignId: c.id, kindId: c.kinds[0]?.id, userId: b.userId, count: 0 },
        400,
        'CARD_COUNT_INVALID',
      ],
      [
        { campaignId: c.id, kindId: c.kinds[0]?.id, userId: b.userId, count: 101 },
        400,
        'CARD_COUNT_INVALID',
      ],
      [{ campaignId: c.id, kindId: 'x', userId: b.userId }, 404, 'CARD_KIND_NOT_FOUND'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(t.app, 'admin/cards/give', admin, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: status, error });
    }
  });
});

describe('earning cards', () => {
  it('the daily sign-in gives one card, once, whatever the taps', async () => {
    const c = await campaign();
    const b = await makeBuyer(t.app);
    const taps = await Promise.all(
      [t.app, other, t.app, other].map((app) =>
        post<SignInData>(app, 'points/signIn', b.token, {}),
      ),
    );
    expect(taps.every((r) => r.status === 200)).toBe(true);
    const h = await home(b, c.id);
    expect(h.cards.reduce((s, k) => s + k.count, 0)).toBe(1);
    expect(h.earnedToday).toEqual({ signin: true, order: false, share: false });
    const log = await get<PageOf<CardLogRow>>(t.app, 'cards/log', b.token, { campaignId: c.id });
    expect(log.body.data.list.map((r) => [r.source, r.delta, r.title])).toEqual([
      ['signin', 1, '每日签到'],
    ]);
    // Another day's sign-in earns again.
    await t.app.pointsModule.points.signIn(b.userId, new Date(Date.now() - 3 * 24 * HOUR));
    expect((await counts(b, c)).reduce((s, n) => s + n, 0)).toBe(2);
  });

  it('a paid order gives one card a day; the share gives one a day', async () => {
    const c = await campaign();
    const b = await makeBuyer(t.app);
    const shop = await makeProduct(t.app, { price: 3_000 });
    const sku = shop.skuIds[0] as number;
    await orderAt(t.app, b, admin, [{ skuId: sku, quantity: 1 }], 'paid');
    await orderAt(t.app, b, admin, [{ skuId: sku, quantity: 1 }], 'paid');
    expect((await counts(b, c)).reduce((s, n) => s + n, 0)).toBe(1);
    const shares = await Promise.all(
      [t.app, other, t.app].map((app) =>
        post<CardShareData>(app, 'cards/share', b.token, { campaignId: c.id }),
      ),
    );
    expect(shares.every((r) => r.status === 200)).toBe(true);
    const fresh = shares.filter((r) => r.body.data.fresh);
    expect(fresh).toHaveLength(1);
    expect(fresh[0]?.body.data.card?.count).toBeGreaterThanOrEqual(1);
    const h = await home(b, c.id);
    expect(h.cards.reduce((s, k) => s + k.count, 0)).toBe(2);
    expect(h.earnedToday).toEqual({ signin: false, order: true, share: true });
  });

  it('draws kinds by weight', async () => {
    const c = await campaign({
      kinds: [
        { name: '常', weight: 1_000_000 },
        { name: '稀', weight: 1 },
      ],
    });
    const svc = t.app.cardsModule.cards;
    const b = await makeShopper(t.app);
    const day = (i: number) => `2020-01-${String(i + 1).padStart(2, '0')}`;
    for (let i = 0; i < 20; i++) {
      await t.app.deps.db.transaction().execute((trx) => svc.earn(trx, b.userId, 'share', day(i)));
    }
    expect(await counts(b, c)).toEqual([20, 0]);
    expect(c.kinds.map((k) => k.rare)).toEqual([false, true]);
  });

  it('refuses share for unknown and ended campaigns, and the anonymous', async () => {
    const b = await makeShopper(t.app);
    const ended = await campaign({ startAt: iso(-48 * HOUR), endAt: iso(-HOUR) });
    const soon = await campaign({ startAt: iso(HOUR), endAt: iso(48 * HOUR) });
    expect(
      (await post(t.app, 'cards/share', b.token, { campaignId: ended.id })).body,
    ).toMatchObject({
      code: 409,
      error: 'CARD_CAMPAIGN_ENDED',
    });
    expect((await post(t.app, 'cards/share', b.token, { campaignId: soon.id })).body).toMatchObject(
      {
        code: 409,
        error: 'CARD_CAMPAIGN_NOT_STARTED',
      },
    );
    expect((await post(t.app, 'cards/share', b.token, { campaignId: 999_999 })).body).toMatchObject(
      {
        code: 404,
        error: 'CARD_CAMPAIGN_NOT_FOUND',
      },
    );
    expect((await post(t.app, 'cards/share', b.token, {})).status).toBe(404);
    expect((await post(t.app, 'cards/share', undefined, { campaignId: ended.id })).status).toBe(
      401,
    );
    expect((await get(t.app, 'cards/home', undefined)).status).toBe(401);
    expect((await get(t.app, 'cards/home', b.token, { campaignId: 999_999 })).body).toMatchObject({
      error: 'CARD_CAMPAIGN_NOT_FOUND',
    });
    expect((await get(t.app, 'cards/log', b.token, { campaignId: 999_999 })).status).toBe(404);
    expect((await get(t.app, 'cards/log', b.token, {})).status).toBe(404);
    const h = (await get<CardsHomeData>(t.app, 'cards/home', b.token)).body.data;
    expect(h.campaign.status).toBe('active');
  });
});

describe('gifts', () => {
  it('moves exactly one card to a friend by phone, logs both sides and tells the friend', async () => {
    const c = await campaign();
    const a = await makeShopper(t.app);
    const f = await makeShopper(t.app);
    await grant(c, a, 2, 2);
    const res = await post<CardGiveData>(t.app, 'cards/give', a.token, {
      campaignId: c.id,
      kindId: c.kinds[2]?.id,
      phone: f.phone,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: '直', count: 1 });
    expect(res.body.data.to).toBe(`${f.phone.slice(0, 3)}****${f.phone.slice(-4)}`);
    expect(await counts(a, c)).toEqual([0, 0, 1, 0, 0]);
    expect(await counts(f, c)).toEqual([0, 0, 1, 0, 0]);
    const byId = await post<CardGiveData>(t.app, 'cards/give', a.token, {
      campaignId: c.id,
      kindId: c.kinds[2]?.id,
      userId: f.userId,
    });
    expect(byId.body.data.count).toBe(0);
    expect(await counts(f, c)).toEqual([0, 0, 2, 0, 0]);
    const log = (await get<PageOf<CardLogRow>>(t.app, 'cards/log', f.token, { campaignId: c.id }))
      .body.data;
    expect(log.total).toBe(2);
    expect(log.list[0]).toMatchObject({ source: 'gift_in', delta: 1, name: '直' });
    expect(log.list[0]?.title).toContain('好友赠送');
    const mine = (
      await get<PageOf<CardLogRow>>(t.app, 'cards/log', a.token, {
        campaignId: c.id,
        pageSize: 1,
      })
    ).body.data;
    expect(mine).toMatchObject({ total: 3, pageSize: 1 });
    expect(mine.list[0]).toMatchObject({ source: 'gift_out', delta: -1 });
    const notices = await t.app.deps.db
      .selectFrom('system_notice')
      .select(['title', 'link'])
      .where('user_id', '=', f.userId)
      .execute();
    expect(notices).toHaveLength(2);
    expect(notices[0]).toMatchObject({
      title: '收到好友赠送的卡片',
      link: `/rootPages/integral/cards?campaignId=${c.id}`,
    });
  });

  it('refuses self, strangers, foreign kinds, no card and bad input', async () => {
    const c = await campaign();
    const d = await campaign();
    const a = await makeShopper(t.app);
    const f = await makeShopper(t.app);
    await grant(c, a, 0);
    const k = c.kinds[0]?.id;
    const cases: [Record<string, unknown>, number, string][] = [
      [{ campaignId: c.id, kindId: k, phone: a.phone }, 400, 'CARD_SELF_GIFT'],
      [{ campaignId: c.id, kindId: k, userId: a.userId }, 400, 'CARD_SELF_GIFT'],
      [{ campaignId: c.id, kindId: k, phone: '13800000009' }, 404, 'CARD_FRIEND_NOT_FOUND'],
      [{ campaignId: c.id, kindId: k, userId: 999_999 }, 404, 'CARD_FRIEND_NOT_FOUND'],
      [{ campaignId: c.id, kindId: k, phone: '12345' }, 404, 'CARD_FRIEND_NOT_FOUND'],
      [{ campaignId: c.id, kindId: k }, 400, 'CARD_FRIEND_REQUIRED'],
      [
        { campaignId: c.id, kindId: k, phone: f.phone, userId: f.userId },
        400,
        'CARD_FRIEND_REQUIRED',
      ],
      [{ campaignId: c.id, kindId: d.kinds[0]?.id, phone: f.phone }, 404, 'CARD_KIND_NOT_FOUND'],
      [{ campaignId: d.id, kindId: k, phone: f.phone }, 404, 'CARD_KIND_NOT_FOUND'],
      [{ campaignId: c.id, kindId: c.kinds[1]?.id, phone: f.phone }, 409, 'CARD_NOT_ENOUGH'],
      [{ campaignId: 999_999, kindId: k, phone: f.phone }, 404, 'CARD_CAMPAIGN_NOT_FOUND'],
    ];
    for (const [body, status, error] of cases) {
      const res = await post(t.app, 'cards/give', a.token, body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ code: status, error });
    }
    const notEnough = await post(t.app, 'cards/give', a.token, {
      campaignId: c.id,
      kindId: c.kinds[1]?.id,
      phone: f.phone,
    });
    expect(notEnough.body.msg).toBe('卡片不足');
    expect(await counts(a, c)).toEqual([1, 0, 0, 0, 0]);
    expect(await counts(f, c)).toEqual([0, 0, 0, 0, 0]);
  });

  it('of concurrent gifts of the last card exactly one succeeds', async () => {
    const c = await campaign();
    const a = await makeShopper(t.app);
    const friends = await Promise.all([1, 2, 3, 4, 5].map(() => makeShopper(t.app)));
    await grant(c, a, 4);
    const k = c.kinds[4]?.id;
    const tries = await Promise.all(
      friends.map((f, i) =>
        post(i % 2 ? other : t.app, 'cards/give', a.token, {
          campaignId: c.id,
          kindId: k,
          phone: f.phone,
        }),
      ),
    );
    expect(tries.filter((r) => r.status === 200)).toHaveLength(1);
    expect(tries.filter((r) => r.body.error === 'CARD_NOT_ENOUGH')).toHaveLength(4);
    const got = await Promise.all(friends.map((f) => counts(f, c)));
    expect(got.reduce((sum, x) => sum + (x[4] ?? 0), 0)).toBe(1);
    expect((await counts(a, c))[4]).toBe(0);
  });

  it('crossing gifts between two users (both ways at once) do not deadlock and conserve cards', async () => {
    const c = await campaign();
    const a = await makeShopper(t.app);
    const f = await makeShopper(t.app);
    await grant(c, a, 1, 5);
    await grant(c, f, 1, 5);
    const k = c.kinds[1]?.id;
    const tries = await Promise.all(
      [0, 1, 2, 3, 4, 5].map((i) =>
        post(i % 2 ? other : t.app, 'cards/give', (i % 2 ? a : f).token, {
          campaignId: c.id,
          kindId: k,
          userId: (i % 2 ? f : a).userId,
        }),
      ),
    );
    expect(tries.every((r) => r.status === 200)).toBe(true);
    expect((await counts(a, c))[1]).toBe(5);
    expect((await counts(f, c))[1]).toBe(5);
  });
});

describe('exchanging a full set', () => {
  it('refuses an incomplete set', async () => {
    const c = await campaign();
    const b = await makeShopper(t.app);
    for (let i = 0; i < 4; i++) await grant(c, b, i, 2);
    const res = await post(t.app, 'cards/exchange', b.token, { campaignId: c.id });
    expect(res.body).toMatchObject({
      code: 409,
      error: 'CARD_SET_INCOMPLETE',
      msg: '还未集齐全部卡片',
    });
    const h = await home(b, c.id);
    expect(h).toMatchObject({ complete: false, canExchange: false, exchanges: 0 });
    expect(h.cards.map((k) => k.count)).toEqual([2, 2, 2, 2, 0]);
  });

  it('of concurrent taps exactly one exchanges and one reward is given (limit 1)', async () => {
    const c = await campaign({ amount: 888 });
    const b = await makeShopper(t.app);
    await fullSets(c, b, 2);
    expect(await home(b, c.id)).toMatchObject({ complete: true, canExchange: true });
    const before = await points(b);
    const taps = await Promise.all(
      [t.app, other, t.app, other, t.app].map((app) =>
        post<CardExchangeData>(app, 'cards/exchange', b.token, { campaignId: c.id }),
      ),
    );
    const won = taps.filter((r) => r.status === 200);
    expect(won).toHaveLength(1);
    expect(won[0]?.body.data).toMatchObject({
      seq: 1,
      exchanges: 1,
      rewardText: '888 积分',
      canExchange: false,
      link: '/rootPages/integral/MyBill',
    });
    expect(taps.filter((r) => r.body.error === 'CARD_EXCHANGED')).toHaveLength(4);
    expect(await points(b)).toBe(before + 888);
    expect(await counts(b, c)).toEqual([1, 1, 1, 1, 1]);
    const h = await home(b, c.id);
    expect(h).toMatchObject({ complete: true, canExchange: false, exchanges: 1 });
    const again = await post(t.app, 'cards/exchange', b.token, { campaignId: c.id });
    expect(again.body).toMatchObject({ error: 'CARD_EXCHANGED', msg: '已兑换过奖励' });
    expect(await ledgerSum(t.app)).toBe(0);
    const log = (
      await get<PageOf<CardLogRow>>(t.app, 'cards/log', b.token, {
        campaignId: c.id,
        pageSize: 50,
      })
    ).body.data;
    expect(log.list.filter((r) => r.source === 'exchange')).toHaveLength(5);
  });

  it('a red packet reward, exchanged up to the per-user limit', async () => {
    const c = await campaign({ rewardKind: 'redpacket', amount: 666, maxExchanges: 2 });
    const b = await makeShopper(t.app);
    await fullSets(c, b, 3);
    for (const seq of [1, 2]) {
      const res = await post<CardExchangeData>(t.app, 'cards/exchange', b.token, {
        campaignId: c.id,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ seq, rewardText: '红包 ¥6.66' });
    }
    expect((await post(t.app, 'cards/exchange', b.token, { campaignId: c.id })).body.error).toBe(
      'CARD_EXCHANGED',
    );
    const packets = await t.app.deps.db
      .selectFrom('red_packet')
      .select(['min_amount', 'title'])
      .where('user_id', '=', b.userId)
      .execute();
    expect(packets.filter((p) => p.min_amount === 666)).toHaveLength(2);
    expect(await counts(b, c)).toEqual([1, 1, 1, 1, 1]);
  });

  it('a coupon reward lands in 我的优惠券; ended campaigns and foreign ids are refused', async () => {
    const templateId = await makeTemplate(t.app, admin, { claimable: false, name: '集卡券' });
    const c = await campaign({
      rewardKind: 'coupon',
      couponTemplateId: templateId,
      amount: undefined,
    });
    expect(c.rewardText).toBe('优惠券「集卡券」');
    const b = await makeShopper(t.app);
    await fullSets(c, b, 1);
    const res = await post<CardExchangeData>(t.app, 'cards/exchange', b.token, {
      campaignId: c.id,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const coupons = await t.app.deps.db
      .selectFrom('user_coupon')
      .select(['template_id', 'source'])
      .where('user_id', '=', b.userId)
      .execute();
    expect(coupons).toEqual([{ template_id: templateId, source: 'cards' }]);
    const ended = await campaign({ startAt: iso(-48 * HOUR), endAt: iso(-HOUR) });
    await fullSets(ended, b, 1);
    expect(
      (await post(t.app, 'cards/exchange', b.token, { campaignId: ended.id })).body,
    ).toMatchObject({
      error: 'CARD_CAMPAIGN_ENDED',
    });
    expect((await home(b, ended.id)).canExchange).toBe(false);
    expect((await post(t.app, 'cards/exchange', b.token, { campaignId: 999_999 })).status).toBe(
      404,
    );
    expect((await post(t.app, 'cards/exchange', b.token, { campaignId: 'x' })).status).toBe(404);
    expect((await post(t.app, 'cards/exchange', undefined, { campaignId: c.id })).status).toBe(401);
  });
});
