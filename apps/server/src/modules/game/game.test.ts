import type {
  GameInviteData,
  GameJoinData,
  GameMine,
  GameResultsData,
  GameRoundData,
  GameRoundsPage,
  NewOrderData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_DB, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum, makeAdmin, post } from '../../../test/kits/aftersale-kit.ts';
import { makeTemplate } from '../../../test/kits/coupon-kit.ts';
import {
  type Buyer,
  balanceOf,
  clientKey,
  makeBuyer,
  makeProduct,
  makeShopper,
  topUp,
} from '../../../test/kits/order-kit.ts';
import { seedGame } from '../../seed/seed-game.ts';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  // The tests settle rounds themselves; the background sweep (every 5 s) would race them on a
  // loaded machine (a round closed, then settled by the timer before the test's own sweeps).
  t = await createTestApp({
    AUTH_CACHE_MS: '0',
    GAME_INVITE_MAX: '2',
    GAME_MAX_GUESS: '1000000',
    GAME_SWEEP_MS: '600000',
  });
  admin = await makeAdmin(t.app);
});
afterAll(async () => {
  await t?.close();
});

const HOUR = 3_600_000;

async function givePoints(app: FastifyInstance, userId: number, n: number) {
  await app.deps.db.transaction().execute((trx) =>
    app.pointsModule.points.credit(trx, userId, n, {
      kind: 'test_grant',
      ref: `${userId}:${clientKey()}`,
      memo: '测试积分',
    }),
  );
}

async function player(points = 1_000): Promise<Buyer> {
  const b = await makeShopper(t.app);
  if (points > 0) await givePoints(t.app, b.userId, points);
  return b;
}

async function makeRound(over: Record<string, unknown> = {}) {
  const shop = await makeProduct(t.app, { price: 12_345, stock: 5 });
  const skuId = shop.skuIds[0] as number;
  const res = await post<{ id: number }>(t.app, 'admin/game/round', admin, {
    skuId,
    entryPoints: 100,
    guessesPerEntry: 2,
    closeAt: new Date(Date.now() + HOUR).toISOString(),
    consolation: 'points',
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { id: res.body.data.id, skuId };
}

const join = (b: Buyer, roundId: number, key = clientKey(), extra: Record<string, unknown> = {}) =>
  post<GameJoinData>(t.app, 'game/join', b.token, { roundId, clientKey: key, ...extra });
const guess = (b: Buyer, roundId: number, price: number) =>
  post<GameMine>(t.app, 'game/guess', b.token, { roundId, price });
const round = (roundId: number, token?: string) =>
  get<GameRoundData>(t.app, 'game/round', token, { id: roundId });
const results = (roundId: number, token?: string) =>
  get<GameResultsData>(t.app, 'game/results', token, { id: roundId });
const pointsOf = (b: Buyer) => t.app.pointsModule.points.balance(b.userId);
const closeRound = (id: number) => post(t.app, 'admin/game/close', admin, { id });

async function entryRows(roundId: number) {
  return t.app.deps.db
    .selectFrom('game_entry')
    .selectAll()
    .where('round_id', '=', roundId)
    .orderBy('id')
    .execute();
}

describe('the guessing game', () => {
  it('joins once (idempotent on the key), pays the fee in points, and refuses without points', async () => {
    const { id } = await makeRound();
    const a = await player(150);
    const key = clientKey();
    const [one, two] = await Promise.all([join(a, id, key), join(a, id, key)]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect([one.body.data.fresh, two.body.data.fresh].sort()).toEqual([false, true]);
    expect(one.body.data).toMatchObject({ paidPoints: 100, balance: 50 });
    expect(one.body.data.mine).toMatchObject({ joined: true, allowance: 2, used: 0 });
    const again = await join(a, id);
    expect(again.body).toMatchObject({ code: 409, error: 'GAME_ALREADY_JOINED' });
    expect(await pointsOf(a)).toBe(50);

    // Not enough points: nothing written.
    const poor = await player(99);
    const refused = await join(poor, id);
    expect(refused.body).toMatchObject({ code: 409, error: 'POINTS_NOT_ENOUGH' });
    expect(await pointsOf(poor)).toBe(99);
    expect((await entryRows(id)).map((e) => e.user_id)).toEqual([a.userId]);
    expect(await ledgerSum(t.app)).toBe(0);

    // Many keys at once from one player: one entry, one payment.
    const b = await player(1_000);
    const burst = await Promise.all([1, 2, 3, 4, 5].map(() => join(b, id)));
    expect(burst.filter((r) => r.status === 200)).toHaveLength(1);
    expect(burst.filter((r) => r.body.error === 'GAME_ALREADY_JOINED')).toHaveLength(4);
    expect(await pointsOf(b)).toBe(900);
  });

  it('refuses bad input: unknown rounds, bad guesses, too many guesses, not joined, anonymous', async () => {
    const { id } = await makeRound({ guessesPerEntry: 1 });
    const a = await player();
    expect((await join(a, 999_999)).body).toMatchObject({
      code: 404,
      error: 'GAME_ROUND_NOT_FOUND',
    });
    expect((await guess(a, id, 5_000)).body).toMatchObject({ code: 409, error: 'GAME_NOT_JOINED' });
    await join(a, id);
    for (const price of [0, -5, 1.5]) {
      expect((await guess(a, id, price)).body).toMatchObject({
        code: 400,
        error: 'GAME_GUESS_INVALID',
      });
    }
    expect((await guess(a, id, 99_999_999_999)).body).toMatchObject({
      code: 400,
      error: 'GAME_GUESS_INVALID',
    });
    const high = await guess(a, id, 1_000_001);
    expect(high.body).toMatchObject({ code: 400, error: 'GAME_GUESS_TOO_HIGH' });
    expect(high.body.msg).toContain('10000.00');
    // Concurrent taps: one guess allowed, one taken.
    const taps = await Promise.all([1, 2, 3].map((n) => guess(a, id, 10_000 + n)));
    expect(taps.filter((r) => r.status === 200)).toHaveLength(1);
    expect(taps.filter((r) => r.body.error === 'GAME_GUESSES_USED')).toHaveLength(2);
    const guesses = await t.app.deps.db
      .selectFrom('game_guess')
      .select('id')
      .where('round_id', '=', id)
      .execute();
    expect(guesses).toHaveLength(1);
    expect((await get(t.app, 'game/round', a.token, { id: 0 })).body).toMatchObject({
      code: 404,
      error: 'GAME_ROUND_NOT_FOUND',
    });
    expect((await get(t.app, 'game/results', undefined, { id: 999_999 })).status).toBe(404);
    expect(
      (await post(t.app, 'game/join', undefined, { roundId: id, clientKey: clientKey() })).status,
    ).toBe(401);
    expect((await join(a, id, 'bad key!')).body.error).toBe('CLIENT_KEY_INVALID');
    // The operator's routes.
    expect((await post(t.app, 'admin/game/round', a.token, {})).status).toBe(403);
    const past = await post(t.app, 'admin/game/round', admin, {
      skuId: 1,
      entryPoints: 1,
      guessesPerEntry: 1,
      closeAt: new Date(Date.now() - HOUR).toISOString(),
      consolation: 'none',
    });
    expect(past.body.error).toBe('GAME_ROUND_INVALID');
    const noSku = await post(t.app, 'admin/game/round', admin, {
      skuId: 999_999,
      entryPoints: 1,
      guessesPerEntry: 1,
      closeAt: new Date(Date.now() + HOUR).toISOString(),
      consolation: 'none',
    });
    expect(noSku.body.error).toBe('SKU_NOT_FOUND');
    const shop = await makeProduct(t.app);
    const noCoupon = await post(t.app, 'admin/game/round', admin, {
      skuId: shop.skuIds[0],
      entryPoints: 1,
      guessesPerEntry: 1,
      closeAt: new Date(Date.now() + HOUR).toISOString(),
      consolation: 'coupon',
    });
    expect(noCoupon.body.error).toBe('GAME_ROUND_INVALID');
    expect((await post(t.app, 'admin/game/close', admin, { id: 999_999 })).status).toBe(404);
  });

  it('keeps guesses sealed until settled, then publishes every guess; the nearest wins once', async () => {
    const { id } = await makeRound({ realPrice: 10_000, guessesPerEntry: 2 });
    const [a, b, c] = [await player(), await player(), await player()];
    for (const p of [a, b, c]) expect((await join(p, id)).status).toBe(200);
    // b guesses 10_317 first; a guesses 9_683 later (the same distance): b wins the tie.
    expect((await guess(b, id, 10_317)).status).toBe(200);
    expect((await guess(a, id, 9_683)).status).toBe(200);
    expect((await guess(a, id, 20_011)).status).toBe(200);
    expect((await guess(c, id, 5_017)).status).toBe(200);

    // Sealed: others see no guess, the player only their own; results refuse everyone.
    const seenByB = (await round(id, b.token)).body.data;
    expect(seenByB.round).toMatchObject({ status: 'open', players: 3, realPrice: null });
    expect(seenByB.mine?.guesses.map((g) => g.price)).toEqual([10_317]);
    expect(JSON.stringify(seenByB)).not.toMatch(/9683|20011|5017/);
    const anon = (await round(id)).body.data;
    expect(anon.mine).toBeNull();
    expect(JSON.stringify(anon)).not.toMatch(/10317|9683|20011|5017/);
    for (const token of [a.token, b.token, undefined]) {
      expect((await results(id, token)).body).toMatchObject({ code: 409, error: 'GAME_SEALED' });
    }
    const list = (await get<GameRoundsPage>(t.app, 'game/rounds', undefined)).body.data;
    expect(JSON.stringify(list)).not.toMatch(/10317|9683|20011|5017/);

    // Closed: no more guesses or joins; still sealed until the job settles it.
    expect((await closeRound(id)).status).toBe(200);
    expect((await closeRound(id)).body.error).toBe('GAME_CLOSED');
    expect((await guess(c, id, 10_000)).body).toMatchObject({ code: 409, error: 'GAME_CLOSED' });
    expect((await join(await player(), id)).body.error).toBe('GAME_CLOSED');
    expect((await round(id, a.token)).body.data.round.status).toBe('closed');
    expect((await results(id)).body.error).toBe('GAME_SEALED');

    // Two sweeps and the admin route at once: one settlement.
    const sweeps = await Promise.all([
      t.app.gameModule.sweeper.settleDue(),
      t.app.gameModule.sweeper.settleDue(),
      post<{ settled: number }>(t.app, 'admin/game/settle', admin, {}).then(
        (r) => r.body.data.settled,
      ),
    ]);
    expect(sweeps.reduce((s, n) => s + n, 0)).toBe(1);
    expect(await t.app.gameModule.sweeper.settleDue()).toBe(0);

    const pub = (await results(id)).body.data;
    expect(pub.realPrice).toBe(10_000);
    expect(pub.guesses).toHaveLength(4);
    expect(pub.winner).toMatchObject({ price: 10_317, diff: 317, winner: true });
    expect(pub.guesses.filter((g) => g.winner)).toHaveLength(1);
    expect(pub.guesses.every((g) => g.name.endsWith('****'))).toBe(true);
    expect(pub.round).toMatchObject({ status: 'settled', realPrice: 10_000 });

    // Consolation once: the losers got their 100 points back, the winner did not.
    expect(await pointsOf(a)).toBe(1_000);
    expect(await pointsOf(c)).toBe(1_000);
    expect(await pointsOf(b)).toBe(900);
    const refunds = await t.app.deps.db
      .selectFrom('ledger_txn')
      .select('ref')
      .where('kind', '=', 'game_refund')
      .where('ref', 'like', `${id}:%`)
      .execute();
    expect(refunds).toHaveLength(2);
    const mineB = (await round(id, b.token)).body.data.mine;
    expect(mineB).toMatchObject({ isWinner: true, prizeOrderNo: null });
    const mineA = (await round(id, a.token)).body.data.mine;
    expect(mineA).toMatchObject({ isWinner: false, consolationText: '已返还100积分' });
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('gives the winner a ¥0 prize order once; others may not claim it', async () => {
    const { id, skuId } = await makeRound({ realPrice: 8_000 });
    const [w, l] = [await player(), await player()];
    await join(w, id);
    await join(l, id);
    await guess(w, id, 8_100);
    await guess(l, id, 1_000);
    const early = await post(t.app, 'game/prize', w.token, {
      roundId: id,
      addressId: w.addressId,
      clientKey: clientKey(),
    });
    expect(early.body.error).toBe('GAME_SEALED');
    await closeRound(id);
    await t.app.gameModule.sweeper.settleDue();

    const claim = (b: Buyer, key = clientKey(), addressId = b.addressId) =>
      post<NewOrderData>(t.app, 'game/prize', b.token, { roundId: id, addressId, clientKey: key });
    expect((await claim(l)).body).toMatchObject({ code: 403, error: 'GAME_NOT_WINNER' });
    expect((await claim(w, clientKey(), l.addressId)).body.error).toBe('ADDRESS_REQUIRED');
    const key = clientKey();
    const [first, same] = await Promise.all([claim(w, key), claim(w, key)]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(same.body.data.orderNos).toEqual(first.body.data.orderNos);
    expect((await claim(w)).body.error).toBe('GAME_PRIZE_CLAIMED');
    const orderNo = first.body.data.orderNos[0] as string;
    const item = await t.app.deps.db
      .selectFrom('shop_order as o')
      .innerJoin('order_item as i', 'i.order_id', 'o.id')
      .select(['o.goods_amount', 'o.user_id', 'i.price', 'i.sku_id'])
      .where('o.order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
    expect(item).toMatchObject({ goods_amount: 0, price: 0, sku_id: skuId, user_id: w.userId });
    expect((await round(id, w.token)).body.data.mine?.prizeOrderNo).toBe(orderNo);
  });

  it('invites: each friend who joins through my link gives me one more guess, up to the max', async () => {
    const { id } = await makeRound({ guessesPerEntry: 1 });
    const host = await player();
    const notJoined = await player();
    expect(
      (await get<GameInviteData>(t.app, 'game/invite', host.token, { id })).body.data,
    ).toMatchObject({ joined: false, bonusGuesses: 0, inviteMax: 2 });
    await join(host, id);
    // An inviter who has not joined, or oneself, earns nothing.
    await join(await player(), id, clientKey(), { inviterId: notJoined.userId });
    await join(host, id, clientKey(), { inviterId: host.userId }).catch(() => undefined);
    for (let i = 0; i < 3; i++) {
      expect((await join(await player(), id, clientKey(), { inviterId: host.userId })).status).toBe(
        200,
      );
    }
    const inv = (await get<GameInviteData>(t.app, 'game/invite', host.token, { id })).body.data;
    expect(inv).toMatchObject({ joined: true, bonusGuesses: 2, invited: 3, inviteMax: 2 });
    expect((await round(id, host.token)).body.data.mine).toMatchObject({ allowance: 3 });
    for (const p of [1, 2, 3]) expect((await guess(host, id, p * 1_000)).status).toBe(200);
    expect((await guess(host, id, 4_000)).body.error).toBe('GAME_GUESSES_USED');
    expect((await join(await player(), id, clientKey(), { inviterId: 0 })).body.error).toBe(
      'GAME_INVITER_INVALID',
    );
  });

  it('gives a coupon consolation once each while the template lasts; a round with no guess settles', async () => {
    const templateId = await makeTemplate(t.app, admin, { total: 1, perUser: 1 });
    const { id } = await makeRound({ consolation: 'coupon', couponTemplateId: templateId });
    const [a, b, c] = [await player(), await player(), await player()];
    for (const p of [a, b, c]) await join(p, id);
    await guess(a, id, 12_345);
    await guess(b, id, 1);
    await guess(c, id, 2);
    // The clock set forward: the round is due without closing it by hand.
    expect(
      await t.app.gameModule.sweeper.settleDue(new Date(Date.now() + 2 * HOUR)),
    ).toBeGreaterThan(0);
    const entries = await entryRows(id);
    expect(entries.map((e) => e.consolation)).toEqual(['prize', 'coupon', 'none']);
    const coupons = await t.app.deps.db
      .selectFrom('user_coupon')
      .select('user_id')
      .where('template_id', '=', templateId)
      .execute();
    expect(coupons.map((x) => x.user_id)).toEqual([b.userId]);
    expect(await pointsOf(b)).toBe(900);

    const empty = await makeRound();
    const lone = await player();
    await join(lone, empty.id);
    expect(await t.app.gameModule.sweeper.settleDue(new Date(Date.now() + 2 * HOUR))).toBe(1);
    const pub = (await results(empty.id)).body.data;
    expect(pub).toMatchObject({ winner: null, guesses: [] });
    expect(await pointsOf(lone)).toBe(1_000);
  });

  it('a cash fee is paid from the wallet with the pay password, once, and given back to those who lose', async () => {
    const { id } = await makeRound({ entryPoints: 0, entryCash: 500, consolation: 'points' });
    expect((await round(id)).body.data.round).toMatchObject({
      entryCash: 500,
      consolationText: '未中奖返还全部报名费',
    });
    const a = await makeBuyer(t.app);
    const b = await makeBuyer(t.app);
    const key = clientKey();
    expect((await join(a, id, key)).body).toMatchObject({ error: 'GAME_PAY_PASSWORD_REQUIRED' });
    expect((await join(a, id, key, { payPassword: '12' })).body).toMatchObject({
      error: 'PAY_PASSWORD_FORMAT',
    });
    expect((await join(a, id, key, { payPassword: '111111' })).body).toMatchObject({
      error: 'PAY_PASSWORD_WRONG',
    });
    // No money: refused, and nothing is written.
    expect((await join(a, id, key, { payPassword: '135790' })).body).toMatchObject({
      error: 'BALANCE_NOT_ENOUGH',
    });
    expect(await entryRows(id)).toHaveLength(0);
    await topUp(t.app, a.token, 800);
    await topUp(t.app, b.token, 500);
    const taps = await Promise.all(
      [1, 2, 3].map(() => join(a, id, key, { payPassword: '135790' })),
    );
    expect(taps.every((r) => r.status === 200)).toBe(true);
    expect(taps.filter((r) => r.body.data.fresh)).toHaveLength(1);
    expect(taps[0]?.body.data.paidCash).toBe(500);
    expect(await balanceOf(t.app, a.token)).toBe(300);
    expect((await join(b, id, clientKey(), { payPassword: '135790' })).status).toBe(200);
    expect((await guess(a, id, 12_000)).status).toBe(200);
    expect((await guess(b, id, 1_000)).status).toBe(200);
    await closeRound(id);
    await t.app.gameModule.sweeper.settleDue();
    await t.app.gameModule.sweeper.settleDue();
    // a is nearest: the prize; b gets the ¥5 fee back, once.
    expect(await balanceOf(t.app, a.token)).toBe(300);
    expect(await balanceOf(t.app, b.token)).toBe(500);
    const mine = (await round(id, b.token)).body.data.mine;
    expect(mine?.consolationText).toBe('已返还¥5.00');
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('no answer carries the price, the SKU name or the product before settlement; afterwards they show', async () => {
    // Prices no other round of this file uses, so a match is this round's.
    const shop = await makeProduct(t.app, { price: 34_567, stock: 5 });
    const skuId = shop.skuIds[0] as number;
    await t.app.deps.db
      .updateTable('sku')
      .set({ name: '竞猜秘藏款' })
      .where('id', '=', skuId)
      .execute();
    const created = await post<{ id: number }>(t.app, 'admin/game/round', admin, {
      skuId,
      entryPoints: 10,
      guessesPerEntry: 2,
      closeAt: new Date(Date.now() + HOUR).toISOString(),
      consolation: 'points',
      realPrice: 45_678,
    });
    const id = created.body.data.id;
    const [a, friend] = [await player(), await player()];
    const secrets = [34_567, 69_134, 45_678];
    /** Every leaf of an answer that gives the price (fen or yuan) or the product away. */
    const leaks = (answer: unknown): string[] => {
      const found: string[] = [];
      const walk = (v: unknown, path: string) => {
        if (Array.isArray(v)) for (const [i, x] of v.entries()) walk(x, `${path}[${i}]`);
        else if (v && typeof v === 'object')
          for (const [k, x] of Object.entries(v)) walk(x, `${path}.${k}`);
        else if (typeof v === 'number') {
          if (secrets.some((fen) => v === fen || v === fen / 100)) found.push(`${path}=${v}`);
          if ((v === shop.productId || v === skuId) && /product|sku/i.test(path))
            found.push(`${path}=${v}`);
        } else if (typeof v === 'string') {
          const forms = secrets.flatMap((fen) => [String(fen), (fen / 100).toFixed(2)]);
          if (forms.some((f) => v.includes(f)) || v.includes('竞猜秘藏款'))
            found.push(`${path}=${v}`);
        }
      };
      walk(answer, '');
      return found;
    };
    const mineOf = (r: GameRoundsPage) => r.list.filter((x) => x.id === id);
    const answers = async () => [
      (await round(id)).body,
      (await round(id, a.token)).body,
      mineOf(
        (await get<GameRoundsPage>(t.app, 'game/rounds', a.token, { pageSize: 50 })).body.data,
      ),
      (await results(id, a.token)).body,
      (await get(t.app, 'game/invite', a.token, { id })).body,
    ];
    expect(leaks(await answers())).toEqual([]);
    expect(leaks((await join(a, id)).body)).toEqual([]);
    expect(leaks((await join(friend, id, clientKey(), { inviterId: a.userId })).body)).toEqual([]);
    expect(leaks((await guess(a, id, 40_001)).body)).toEqual([]);
    expect(leaks(await answers())).toEqual([]);
    expect((await closeRound(id)).status).toBe(200);
    expect(leaks(await answers())).toEqual([]);

    // Settled (GAME_SHOW_PRICE is false here): the price and the product are public.
    await t.app.gameModule.sweeper.settleDue();
    const settled = (await round(id, a.token)).body.data.round;
    expect(settled).toMatchObject({
      status: 'settled',
      realPrice: 45_678,
      skuId,
      productId: shop.productId,
      skuName: '竞猜秘藏款',
    });
    expect((await results(id)).body.data.realPrice).toBe(45_678);
  });

  it('lists rounds open first, with the real price hidden until settled', async () => {
    await makeRound();
    const page = (await get<GameRoundsPage>(t.app, 'game/rounds', undefined, { pageSize: 50 })).body
      .data;
    expect(page.total).toBeGreaterThan(0);
    const firstSettled = page.list.findIndex((r) => r.status === 'settled');
    expect(firstSettled).toBeGreaterThan(0);
    expect(page.list.slice(firstSettled).every((r) => r.status === 'settled')).toBe(true);
    for (const r of page.list) {
      if (r.status === 'settled') expect(r.realPrice).not.toBeNull();
      else expect(r.realPrice).toBeNull();
    }
  });
});

describe('the demo seed', () => {
  it('seeds an open round and a settled one with public results, once', async () => {
    await makeProduct(t.app, { price: 9_900 });
    expect(await seedGame(t.app)).toBe(2);
    expect(await seedGame(t.app)).toBe(0);
    const rows = await t.app.deps.db
      .selectFrom('game_round')
      .select(['id', 'status'])
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    expect(rows.map((r) => r.status)).toEqual(['open', 'settled']);
    const pub = (await results(rows[1]?.id ?? 0)).body.data;
    expect(pub.guesses).toHaveLength(4);
    expect(pub.winner).not.toBeNull();
    expect((await results(rows[0]?.id ?? 0)).body.error).toBe('GAME_SEALED');
  });
});

/** Two server nodes on one PostgreSQL and Redis: both settle at once, the round once. */
describe.skipIf(TEST_DB !== 'postgres')('the guessing game on two nodes', () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await t.secondNode();
  });

  it('settles each round once with both nodes sweeping', async () => {
    const rounds: number[] = [];
    const players: Buyer[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await makeRound({ realPrice: 5_000 });
      rounds.push(id);
      for (let j = 0; j < 3; j++) {
        const p = await player(100);
        players.push(p);
        await join(p, id);
        await guess(p, id, 4_000 + j * 700);
      }
    }
    const later = new Date(Date.now() + 2 * HOUR);
    const due = await t.app.deps.db
      .selectFrom('game_round')
      .select('id')
      .where('status', '=', 'open')
      .where('close_at', '<=', later)
      .execute();
    const settled = await Promise.all([
      t.app.gameModule.sweeper.settleDue(later),
      other.gameModule.sweeper.settleDue(later),
      t.app.gameModule.sweeper.settleDue(later),
      other.gameModule.sweeper.settleDue(later),
    ]);
    expect(settled.reduce((s, n) => s + n, 0)).toBe(due.length);
    const rows = await t.app.deps.db
      .selectFrom('game_round')
      .select(['status', 'winner_user_id'])
      .where('id', 'in', rounds)
      .execute();
    expect(rows.every((r) => r.status === 'settled' && r.winner_user_id !== null)).toBe(true);
    const refunds = await t.app.deps.db
      .selectFrom('ledger_txn')
      .select('ref')
      .where('kind', '=', 'game_refund')
      .where(
        'ref',
        'in',
        players.map((p, n) => `${rounds[Math.floor(n / 3)]}:${p.userId}`),
      )
      .execute();
    expect(refunds).toHaveLength(6);
    expect(await ledgerSum(t.app)).toBe(0);
  });
});
