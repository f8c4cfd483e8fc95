import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API, call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { apply, ledgerSum, makeAdmin } from '../../../test/kits/aftersale-kit.ts';
import {
  goLive,
  liveGet,
  livePost,
  makeHost,
  makeRoom,
  signedArgs,
  verifyRealName,
} from '../../../test/kits/live-kit.ts';
import {
  type Buyer,
  balanceOf,
  clientKey,
  makeBuyer,
  makeProduct,
  newOrder,
  topUp,
} from '../../../test/kits/order-kit.ts';
import { streamName } from './stream/stream-sign.ts';

let t: TestApp;
let admin: string;
let host: Buyer;
let viewer: Buyer;
beforeAll(async () => {
  t = await createTestApp({ MAX_QUEUE: '5000' });
  admin = await makeAdmin(t.app);
  host = await makeHost(t.app, admin);
  viewer = await makeBuyer(t.app);
});
afterAll(async () => {
  await t.close();
});

const err = (res: { body: { error?: string } }) => res.body.error;

describe('hosts', () => {
  it('needs real-name verification, then waits for the operator, who approves or rejects with a reason', async () => {
    const u = await makeBuyer(t.app);
    const apply = () => livePost(t.app, 'host/apply', u.token, { intro: '分享农产品', sortId: 7 });
    expect(err(await apply())).toBe('LIVE_REAL_NAME_REQUIRED');
    await verifyRealName(t.app, u.userId);
    expect(err(await livePost(t.app, 'host/apply', u.token, { intro: '  ', sortId: 1 }))).toBe(
      'LIVE_INTRO_INVALID',
    );
    expect(err(await livePost(t.app, 'host/apply', u.token, { intro: 'x', sortId: 999 }))).toBe(
      'LIVE_SORT_INVALID',
    );
    const first = await apply();
    expect(first.status).toBe(200);
    expect((first.body.data as { status: string }).status).toBe('pending');
    expect(err(await apply())).toBe('LIVE_HOST_PENDING');
    // A user cannot open a room before approval, nor review anything.
    expect(
      err(
        await livePost(t.app, 'upInfo', u.token, {
          title: 't',
          cover: '/uploads/c.png',
          sortId: 1,
        }),
      ),
    ).toBe('LIVE_NOT_HOST');
    const review = (payload: Record<string, unknown>, token = admin) =>
      call(t.app, { method: 'POST', url: `${API}/admin/live/host/review`, token, payload });
    expect(err(await review({ userId: u.userId, approve: false }, u.token))).toBe('FORBIDDEN');
    expect(err(await review({ userId: u.userId, approve: false }))).toBe('LIVE_REASON_INVALID');
    expect((await review({ userId: u.userId, approve: false, reason: '简介不完整' })).status).toBe(
      200,
    );
    const status = await liveGet<{ status: string; reason: string }>(t.app, 'host/status', u.token);
    expect(status.body.data).toMatchObject({ status: 'rejected', reason: '简介不完整' });
    expect(err(await review({ userId: u.userId, approve: true }))).toBe('LIVE_HOST_NOT_PENDING');
    expect((await apply()).status).toBe(200);
    expect((await review({ userId: u.userId, approve: true })).status).toBe(200);
    expect(err(await apply())).toBe('LIVE_HOST_APPROVED');
    const list = await call<{ list: { userId: number }[] }>(t.app, {
      method: 'GET',
      url: `${API}/admin/live/hosts?status=approved`,
      token: admin,
    });
    expect(list.body.data.list.some((a) => a.userId === u.userId)).toBe(true);
  });
});

describe('rooms and the shelf', () => {
  it('lets a host keep one open room, edit it, and refuses other users', async () => {
    const h = await makeHost(t.app, admin);
    const soon = new Date(Date.now() + 3_600_000).toISOString();
    const id = await makeRoom(t.app, h, { noticeAt: soon });
    expect(
      err(
        await livePost(t.app, 'upInfo', h.token, {
          title: '再开一个',
          cover: '/uploads/c.png',
          sortId: 1,
        }),
      ),
    ).toBe('LIVE_ROOM_OPEN_EXISTS');
    const past = new Date(Date.now() - 1000).toISOString();
    expect(
      err(
        await livePost(t.app, 'upInfo', h.token, {
          roomId: id,
          title: 't',
          cover: '/uploads/c.png',
          sortId: 1,
          noticeAt: past,
        }),
      ),
    ).toBe('LIVE_NOTICE_TIME_INVALID');
    expect(
      err(
        await livePost(t.app, 'upInfo', h.token, {
          roomId: id,
          title: '',
          cover: '/uploads/c.png',
          sortId: 1,
        }),
      ),
    ).toBe('LIVE_TITLE_INVALID');
    const other = await makeHost(t.app, admin);
    expect(
      err(
        await livePost(t.app, 'upInfo', other.token, {
          roomId: id,
          title: '抢',
          cover: '/uploads/c.png',
          sortId: 1,
        }),
      ),
    ).toBe('LIVE_ROOM_FORBIDDEN');
    expect(err(await livePost(t.app, 'upShop', other.token, { roomId: id, items: [] }))).toBe(
      'LIVE_ROOM_FORBIDDEN',
    );
    expect(err(await liveGet(t.app, 'livePlay', viewer.token, { roomId: id }))).toBe(
      'LIVE_ROOM_FORBIDDEN',
    );
    expect(err(await livePost(t.app, 'end', h.token, { roomId: id }))).toBe('LIVE_NOT_LIVE');
    expect(err(await liveGet(t.app, 'getRoomInfo', undefined, { roomId: 99_999_999 }))).toBe(
      'LIVE_ROOM_NOT_FOUND',
    );
    expect(err(await liveGet(t.app, 'getRoomInfo', undefined, { roomId: 'x' }))).toBe(
      'LIVE_ROOM_NOT_FOUND',
    );
    for (const cover of ['javascript:alert(1)', '//evil.example/x.png', 'data:text/html,x', '']) {
      const bad = await livePost(t.app, 'upInfo', h.token, {
        roomId: id,
        title: 't',
        cover,
        sortId: 1,
      });
      expect(err(bad)).toBe('LIVE_COVER_INVALID');
    }
    const ok = await livePost(t.app, 'upInfo', h.token, {
      roomId: id,
      title: '改个标题',
      cover: '/uploads/c2.png',
      sortId: 3,
    });
    expect(ok.status).toBe(200);
    const notices = await liveGet<{ list: { id: number; title: string; stateLabel: string }[] }>(
      t.app,
      'notice/list',
      undefined,
      { pageSize: 50 },
    );
    expect(notices.body.data.list.find((r) => r.id === id)).toMatchObject({
      title: '改个标题',
      stateLabel: '预告',
    });
  });

  it('keeps the shelf in order, pins only shown products and refuses bad ones without a partial write', async () => {
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h);
    const a = await makeProduct(t.app, { price: 1000, stock: 10 });
    const b = await makeProduct(t.app, { price: 2000, stock: 10 });
    const shelf = await livePost<{ productId: number; status: string }[]>(
      t.app,
      'upShop',
      h.token,
      {
        roomId: id,
        items: [
          { productId: b.productId, status: 'onSale' },
          { productId: a.productId, status: 'shown' },
        ],
      },
    );
    expect(shelf.body.data.map((s) => s.productId)).toEqual([b.productId, a.productId]);
    const dup = await livePost(t.app, 'upShop', h.token, {
      roomId: id,
      items: [
        { productId: a.productId, status: 'onSale' },
        { productId: a.productId, status: 'onSale' },
      ],
    });
    expect(err(dup)).toBe('LIVE_SHELF_INVALID');
    expect(
      err(
        await livePost(t.app, 'upShop', h.token, {
          roomId: id,
          items: [{ productId: 99_999_999, status: 'onSale' }],
        }),
      ),
    ).toBe('PRODUCT_NOT_FOUND');
    expect(
      err(
        await livePost(t.app, 'upShop', h.token, {
          roomId: id,
          items: [{ productId: a.productId, status: 'sold' }],
        }),
      ),
    ).toBe('LIVE_SHELF_STATUS_INVALID');
    expect(
      (await liveGet<unknown[]>(t.app, 'shelf', undefined, { roomId: id })).body.data,
    ).toHaveLength(2);

    const other = await makeProduct(t.app, { price: 100, stock: 1 });
    expect(
      err(await livePost(t.app, 'pin', h.token, { roomId: id, productId: other.productId })),
    ).toBe('LIVE_SHELF_NOT_ON');
    const pinned = await livePost<{ productId: number; pinned: boolean }[]>(t.app, 'pin', h.token, {
      roomId: id,
      productId: a.productId,
    });
    expect(pinned.body.data.find((s) => s.pinned)?.productId).toBe(a.productId);
    // Hiding the pinned product unpins it; viewers no longer see it.
    await livePost(t.app, 'shelf/status', h.token, {
      roomId: id,
      productId: a.productId,
      status: 'hidden',
    });
    const seen = await liveGet<{ productId: number }[]>(t.app, 'shelf', undefined, { roomId: id });
    expect(seen.body.data.map((s) => s.productId)).toEqual([b.productId]);
    const info = await liveGet<{ pinned: unknown }>(t.app, 'getRoomInfo', undefined, {
      roomId: id,
    });
    expect(info.body.data.pinned).toBeNull();
    expect(
      err(
        await livePost(t.app, 'shelf/status', h.token, {
          roomId: id,
          productId: other.productId,
          status: 'onSale',
        }),
      ),
    ).toBe('LIVE_SHELF_NOT_ON');
  });
});

describe('the stream gate', () => {
  it('refuses unsigned, forged, expired, foreign and reused publishes without touching the room', async () => {
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h);
    const gate = t.app.liveModule.gate;
    const name = streamName(id);
    expect(await gate.publish(name, {}, 'x')).toBeNull();
    const args = signedArgs(t.app, id, h.userId);
    expect(await gate.publish(name, { ...args, sign: '0'.repeat(32) }, 'x')).toBeNull();
    expect(
      await gate.publish(name, { ...args, exp: String(Number(args.exp) + 60) }, 'x'),
    ).toBeNull();
    expect(
      await gate.publish(name, signedArgs(t.app, id, h.userId, Date.now() - 3 * 3_600_000), 'x'),
    ).toBeNull();
    expect(await gate.publish(streamName(id + 1), args, 'x')).toBeNull();
    // Signed for another host's stream name: refused.
    const other = await makeHost(t.app, admin);
    expect(await gate.publish(name, signedArgs(t.app, id, other.userId), 'x')).toBeNull();
    const room = await liveGet<{ room: { state: string } }>(t.app, 'getRoomInfo', undefined, {
      roomId: id,
    });
    expect(room.body.data.room.state).toBe('notice');

    expect(await gate.publish(name, args, 'x')).toEqual({ roomId: id, sessionId: id });
    expect(await gate.publish(name, args, 'x')).toBeNull();
    const live = await liveGet<{ room: { state: string }; chatRoomId: string }>(
      t.app,
      'getRoomInfo',
      undefined,
      {
        roomId: id,
      },
    );
    expect(live.body.data.room.state).toBe('live');
    expect(live.body.data.chatRoomId).toBe(`live_${id}`);

    // The stream's end ends the room once; its recording becomes the replay.
    await gate.publishDone(name, {
      file: `${name}-1.mp4`,
      format: 'mp4',
      bytes: 10,
      durationMs: 4000,
    });
    await gate.publishDone(name, null);
    const replay = await liveGet<{ url: string; durationMs: number }>(
      t.app,
      'getRecordInfo',
      undefined,
      { roomId: id },
    );
    expect(replay.body.data.durationMs).toBe(4000);
    expect(replay.body.data.url).toContain(`${name}-1.mp4`);
    expect(await gate.publish(name, signedArgs(t.app, id, h.userId), 'x')).toBeNull();
  });

  it('tells subscribers of the 预告 and followers once when the host goes live', async () => {
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h, { noticeAt: new Date(Date.now() + 600_000).toISOString() });
    const fan = await makeBuyer(t.app);
    const sub = await makeBuyer(t.app);
    expect(
      (await livePost(t.app, 'userFollow', fan.token, { hostId: h.userId, follow: true })).status,
    ).toBe(200);
    expect(
      (await livePost(t.app, 'userFollow', fan.token, { hostId: h.userId, follow: true })).status,
    ).toBe(200);
    expect(
      err(await livePost(t.app, 'userFollow', h.token, { hostId: h.userId, follow: true })),
    ).toBe('LIVE_FOLLOW_SELF');
    expect(
      err(await livePost(t.app, 'userFollow', fan.token, { hostId: viewer.userId, follow: true })),
    ).toBe('LIVE_HOST_NOT_FOUND');
    expect((await livePost(t.app, 'userNotice/insertUser', sub.token, { roomId: id })).status).toBe(
      200,
    );
    expect((await liveGet(t.app, 'userNotice/isNotice', sub.token, { roomId: id })).body.data).toBe(
      true,
    );
    expect((await liveGet(t.app, 'isFollow', fan.token, { hostId: h.userId })).body.data).toBe(
      true,
    );
    const info = await liveGet<{ room: { host: { followers: number } } }>(
      t.app,
      'getRoomInfo',
      undefined,
      { roomId: id },
    );
    expect(info.body.data.room.host.followers).toBe(1);

    await goLive(t.app, id, h.userId);
    await t.app.liveModule.gate.publishDone(streamName(id), null);
    const notices = (u: Buyer) =>
      t.app.deps.db
        .selectFrom('system_notice')
        .select(['title', 'link'])
        .where('user_id', '=', u.userId)
        .where('title', '=', '开播提醒')
        .execute();
    for (const u of [fan, sub]) {
      const mine = await notices(u);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.link).toBe(`/rootPages/livePlay/play?id=${id}`);
    }
    expect(await notices(viewer)).toHaveLength(0);
    expect(err(await livePost(t.app, 'userNotice/insertUser', sub.token, { roomId: id }))).toBe(
      'LIVE_NOTICE_CLOSED',
    );
    const follows = await liveGet<{ list: { host: { id: number } }[] }>(
      t.app,
      'follow/list',
      fan.token,
    );
    expect(follows.body.data.list.map((f) => f.host.id)).toContain(h.userId);
    await livePost(t.app, 'userFollow', fan.token, { hostId: h.userId, follow: false });
    expect((await liveGet(t.app, 'isFollow', fan.token, { hostId: h.userId })).body.data).toBe(
      false,
    );
  });
});

describe('selling in the room', () => {
  it('records the room on its orders; GMV is paid orders net of refunds, to the fen', async () => {
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h);
    const p = await makeProduct(t.app, { price: 1234, stock: 50 });
    const hidden = await makeProduct(t.app, { price: 500, stock: 5 });
    const soon = await makeProduct(t.app, { price: 500, stock: 5 });
    await livePost(t.app, 'upShop', h.token, {
      roomId: id,
      items: [
        { productId: p.productId, status: 'onSale' },
        { productId: hidden.productId, status: 'hidden' },
        { productId: soon.productId, status: 'shown' },
      ],
    });
    await goLive(t.app, id, h.userId);
    const sku = p.skuIds[0] as number;
    const b = await makeBuyer(t.app);
    await topUp(t.app, b.token, 100_000);
    const off = await makeProduct(t.app, { price: 100, stock: 5 });
    expect(
      err(
        await newOrder(t.app, b, [{ skuId: off.skuIds[0] as number, quantity: 1 }], {
          liveRoomId: id,
        }),
      ),
    ).toBe('LIVE_SHELF_NOT_ON');
    expect(
      err(
        await newOrder(t.app, b, [{ skuId: hidden.skuIds[0] as number, quantity: 1 }], {
          liveRoomId: id,
        }),
      ),
    ).toBe('LIVE_SHELF_NOT_ON');
    expect(
      err(
        await newOrder(t.app, b, [{ skuId: soon.skuIds[0] as number, quantity: 1 }], {
          liveRoomId: id,
        }),
      ),
    ).toBe('LIVE_SHELF_NOT_BUYABLE');
    expect(
      err(await newOrder(t.app, b, [{ skuId: sku, quantity: 1 }], { liveRoomId: 99_999_999 })),
    ).toBe('LIVE_ROOM_NOT_FOUND');
    const paid: string[] = [];
    for (const quantity of [1, 2, 3]) {
      const o = await newOrder(t.app, b, [{ skuId: sku, quantity }], { liveRoomId: id });
      expect(o.status).toBe(200);
      if (quantity < 3) {
        const pay = await call(t.app, {
          method: 'POST',
          url: `${API}/order/newBalancePay`,
          token: b.token,
          payload: { orderNo: o.body.data.payNo, payPassword: '135790' },
        });
        expect(pay.status).toBe(200);
        paid.push(o.body.data.payNo);
      }
    }
    const stats = await liveGet<{ orders: number; gmv: number }>(t.app, 'stats', h.token, {
      roomId: id,
    });
    // Two paid orders (1 and 2 units at 12.34 plus shipping); the unpaid one does not count.
    const orders = await t.app.deps.db
      .selectFrom('shop_order')
      .select(['pay_amount', 'paid_at'])
      .where('live_room_id', '=', id)
      .execute();
    const want = orders.filter((o) => o.paid_at).reduce((s, o) => s + o.pay_amount, 0);
    expect(stats.body.data).toMatchObject({ orders: 2, gmv: want });

    // Refunded (in full, as before shipping), an order leaves the GMV, to the fen.
    const refundOf = paid[1] as string;
    const detail = await t.app.deps.db
      .selectFrom('shop_order')
      .select(['order_no', 'pay_amount'])
      .innerJoin('order_group', 'order_group.id', 'shop_order.group_id')
      .where('order_group.group_no', '=', refundOf)
      .executeTakeFirstOrThrow();
    const refund = await apply(t.app, b, {
      orderNo: detail.order_no,
      skuId: sku,
      amount: detail.pay_amount,
    });
    expect(refund.status).toBe(200);
    const approve = await call(t.app, {
      method: 'POST',
      url: `${API}/admin/refund/approve`,
      token: admin,
      payload: { refundNo: refund.body.data.refundNo },
    });
    expect(approve.status).toBe(200);
    const after = await liveGet<{ orders: number; gmv: number }>(t.app, 'stats', h.token, {
      roomId: id,
    });
    expect(after.body.data).toMatchObject({ orders: 1, gmv: want - detail.pay_amount });
    expect(err(await liveGet(t.app, 'stats', viewer.token, { roomId: id }))).toBe(
      'LIVE_ROOM_FORBIDDEN',
    );
  });
});

describe('likes and gifts', () => {
  let room = 0;
  beforeAll(async () => {
    room = await makeRoom(t.app, host);
    await goLive(t.app, room, host.userId);
  });

  it('takes one like call a second per viewer, and none for a room that is not live', async () => {
    const u = await makeBuyer(t.app);
    const first = await livePost<{ likes: number }>(t.app, 'like', u.token, {
      roomId: room,
      count: 7,
    });
    expect(first.body.data.likes).toBe(7);
    expect(err(await livePost(t.app, 'like', u.token, { roomId: room, count: 1 }))).toBe(
      'LIVE_LIKE_TOO_FAST',
    );
    expect(err(await livePost(t.app, 'like', u.token, { roomId: room, count: 100 }))).toBe(
      'LIVE_LIKE_INVALID',
    );
    expect(err(await livePost(t.app, 'like', undefined, { roomId: room, count: 1 }))).toBe(
      'LOGIN_REQUIRED',
    );
  });

  it('pays a gift through the ledger once per key, credits the host and ranks the sender', async () => {
    const fan = await makeBuyer(t.app);
    await topUp(t.app, fan.token, 2000);
    const before = await ledgerSum(t.app);
    const gifts = await liveGet<{ id: number; price: number }[]>(t.app, 'gifts', undefined);
    const rose = gifts.body.data.find((g) => g.price === 520);
    if (!rose) throw new Error('seeded gift missing');
    const body = {
      roomId: room,
      giftId: rose.id,
      count: 2,
      clientKey: clientKey(),
      payPassword: '135790',
    };
    type Centre = { earnings: number; giftAmount: number; giftSharePercent: number };
    const centreBefore = (await liveGet<Centre>(t.app, 'centre', host.token)).body.data;
    expect(err(await livePost(t.app, 'gift', fan.token, { ...body, payPassword: '000000' }))).toBe(
      'PAY_PASSWORD_WRONG',
    );
    expect(
      err(await livePost(t.app, 'gift', fan.token, { ...body, count: 10, clientKey: clientKey() })),
    ).toBe('BALANCE_NOT_ENOUGH');
    expect(err(await livePost(t.app, 'gift', fan.token, { ...body, giftId: 99_999 }))).toBe(
      'LIVE_GIFT_NOT_FOUND',
    );
    expect(err(await livePost(t.app, 'gift', host.token, body))).toBe('LIVE_GIFT_SELF');
    // The same key sent at once from two taps: one gift.
    const [a, b] = await Promise.all([
      livePost(t.app, 'gift', fan.token, body),
      livePost(t.app, 'gift', fan.token, body),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    expect((a.body.data as { id: number }).id).toBe((b.body.data as { id: number }).id);
    expect(await balanceOf(t.app, fan.token)).toBe(2000 - 1040);
    expect(await ledgerSum(t.app)).toBe(before);
    const centre = (await liveGet<Centre>(t.app, 'centre', host.token)).body.data;
    expect(centre.earnings - centreBefore.earnings).toBe(520);
    // The centre says the split: the gifts' value and the configured share behind the earning.
    expect(centre.giftAmount - centreBefore.giftAmount).toBe(1040);
    expect(centre.giftSharePercent).toBe(50);
    const rank = await liveGet<{
      list: { userId: number; amount: number }[];
      mine: { rank: number } | null;
    }>(t.app, 'rewardRanking', fan.token, { roomId: room, period: 'day' });
    expect(rank.body.data.list[0]).toMatchObject({ userId: fan.userId, amount: 1040 });
    expect(rank.body.data.mine?.rank).toBe(1);
    const all = await liveGet<{ list: { userId: number }[] }>(t.app, 'rewardRanking', undefined, {
      period: 'week',
    });
    expect(all.body.data.list.some((r) => r.userId === fan.userId)).toBe(true);
    expect(err(await liveGet(t.app, 'rewardRanking', undefined, { period: 'year' }))).toBe(
      'LIVE_PERIOD_INVALID',
    );
  });

  it('never lets concurrent gifts take more than the balance', async () => {
    const fan = await makeBuyer(t.app);
    await topUp(t.app, fan.token, 1000);
    const gifts = await liveGet<{ id: number; price: number }[]>(t.app, 'gifts', undefined);
    const candy = gifts.body.data.find((g) => g.price === 100);
    if (!candy) throw new Error('seeded gift missing');
    const before = await ledgerSum(t.app);
    const sends = await Promise.all(
      Array.from({ length: 20 }, () =>
        livePost(t.app, 'gift', fan.token, {
          roomId: room,
          giftId: candy.id,
          count: 1,
          clientKey: clientKey(),
          payPassword: '135790',
        }),
      ),
    );
    expect(sends.filter((r) => r.status === 200)).toHaveLength(10);
    expect(
      sends.filter((r) => r.status !== 200).every((r) => err(r) === 'BALANCE_NOT_ENOUGH'),
    ).toBe(true);
    expect(await balanceOf(t.app, fan.token)).toBe(0);
    expect(await ledgerSum(t.app)).toBe(before);
    const rank = await liveGet<{ mine: { amount: number } | null }>(
      t.app,
      'rewardRanking',
      fan.token,
      {
        roomId: room,
      },
    );
    expect(rank.body.data.mine?.amount).toBe(1000);
  });

  it('bans a room: it closes at once and refuses gifts and likes', async () => {
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h);
    await goLive(t.app, id, h.userId);
    const ban = (token: string) =>
      call(t.app, {
        method: 'POST',
        url: `${API}/admin/live/room/ban`,
        token,
        payload: { roomId: id, reason: '违规' },
      });
    expect(err(await ban(h.token))).toBe('FORBIDDEN');
    expect((await ban(admin)).status).toBe(200);
    expect(err(await ban(admin))).toBe('LIVE_ROOM_BANNED');
    const u = await makeBuyer(t.app);
    expect(err(await livePost(t.app, 'like', u.token, { roomId: id, count: 1 }))).toBe(
      'LIVE_ROOM_BANNED',
    );
    expect(err(await liveGet(t.app, 'getPlayVideo', undefined, { roomId: id }))).toBe(
      'LIVE_ROOM_BANNED',
    );
    const list = await liveGet<{ list: { id: number }[] }>(t.app, 'list', undefined, {
      pageSize: 50,
    });
    expect(list.body.data.list.some((r) => r.id === id)).toBe(false);
  });
});

describe('discovery', () => {
  it('lists live rooms first, finds rooms by title or host, and answers the index in one call', async () => {
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h, { title: '独一无二的茶叶专场' });
    await goLive(t.app, id, h.userId);
    const index = await liveGet<{
      ads: unknown[];
      sorts: unknown[];
      recommend: { id: number; state: string }[];
    }>(t.app, 'querIndex', undefined);
    expect(index.body.data.sorts.length).toBeGreaterThan(0);
    expect(index.body.data.ads.length).toBeGreaterThan(0);
    expect(index.body.data.recommend[0]?.state).toBe('live');
    const found = await liveGet<{ list: { id: number }[]; total: number }>(
      t.app,
      'search',
      undefined,
      {
        keyword: '独一无二',
      },
    );
    expect(found.body.data.list.map((r) => r.id)).toEqual([id]);
    expect(err(await liveGet(t.app, 'search', undefined, { keyword: '' }))).toBe('KEYWORD_INVALID');
    const live = await liveGet<{ list: { state: string }[] }>(t.app, 'list', undefined, {
      state: 'live',
      pageSize: 50,
    });
    expect(live.body.data.list.every((r) => r.state === 'live')).toBe(true);
    expect(err(await liveGet(t.app, 'list', undefined, { state: 'soon' }))).toBe(
      'LIVE_STATE_INVALID',
    );
    const over = await liveGet<{ isHost: boolean; stats: { gmv: number } }>(
      t.app,
      'liveOver',
      h.token,
      { roomId: id },
    );
    expect(over.body.data.isHost).toBe(true);
    const ended = await livePost<{ durationMs: number }>(t.app, 'end', h.token, { roomId: id });
    expect(ended.status).toBe(200);
    expect(err(await liveGet(t.app, 'getRecordInfo', undefined, { roomId: id }))).toBe(
      'LIVE_NO_REPLAY',
    );
    const history = await liveGet<{ list: { room: { id: number } }[] }>(t.app, 'history', h.token);
    expect(history.body.data.list[0]?.room.id).toBe(id);
  });
});

describe('the operator and the remaining reads', () => {
  it('edits the gift catalogue and the ads, and refuses users and bad values', async () => {
    const post = (url: string, payload: Record<string, unknown>, token = admin) =>
      call<{ id: number }>(t.app, {
        method: 'POST',
        url: `${API}/admin/live/${url}`,
        token,
        payload,
      });
    const gift = {
      name: '金话筒',
      icon: '/assets/live/gift-rose.svg',
      price: 1888,
      tier: 2,
      enabled: true,
    };
    expect(err(await post('gift', gift, viewer.token))).toBe('FORBIDDEN');
    expect(err(await post('gift', { ...gift, price: 0 }))).toBe('LIVE_GIFT_INVALID');
    expect(err(await post('gift', { ...gift, tier: 9 }))).toBe('LIVE_GIFT_INVALID');
    expect(err(await post('gift', { ...gift, id: 99_999 }))).toBe('LIVE_GIFT_NOT_FOUND');
    const made = await post('gift', gift);
    const id = made.body.data.id;
    expect(
      (await liveGet<{ id: number }[]>(t.app, 'gifts', undefined)).body.data.some(
        (g) => g.id === id,
      ),
    ).toBe(true);
    await post('gift', { ...gift, id, enabled: false });
    expect(
      (await liveGet<{ id: number }[]>(t.app, 'gifts', undefined)).body.data.some(
        (g) => g.id === id,
      ),
    ).toBe(false);

    const ad = {
      title: '双十二直播',
      image: '/assets/live/ad-festival.svg',
      link: '/pages/live/live',
      enabled: true,
    };
    expect(err(await post('ad', { ...ad, title: '' }))).toBe('LIVE_AD_INVALID');
    const adId = (await post('ad', ad)).body.data.id;
    const ads = await liveGet<{ id: number; title: string }[]>(t.app, 'ads', undefined);
    expect(ads.body.data.find((a) => a.id === adId)?.title).toBe('双十二直播');
    await post('ad', { ...ad, id: adId, enabled: false });
    expect(
      (await liveGet<{ id: number }[]>(t.app, 'ads', undefined)).body.data.some(
        (a) => a.id === adId,
      ),
    ).toBe(false);
  });

  it('answers sorts, recommendations, play URLs, 预约 cancel and the centre; anonymous callers get 请先登录', async () => {
    const sorts = await liveGet<{ id: number; name: string }[]>(t.app, 'getLiveSort', undefined);
    expect(sorts.body.data.map((s) => s.name)).toContain('美妆');
    expect((await liveGet<unknown[]>(t.app, 'roomRecommend', undefined)).status).toBe(200);
    const h = await makeHost(t.app, admin);
    const id = await makeRoom(t.app, h, { noticeAt: new Date(Date.now() + 600_000).toISOString() });
    expect(err(await liveGet(t.app, 'getPlayVideo', undefined, { roomId: id }))).toBe(
      'LIVE_NOT_LIVE',
    );
    expect(err(await liveGet(t.app, 'livePlay', h.token, { roomId: id }))).toBe('LIVE_VIDEO_OFF');
    const u = await makeBuyer(t.app);
    await livePost(t.app, 'userNotice/insertUser', u.token, { roomId: id });
    await livePost(t.app, 'userNotice/delete', u.token, { roomId: id });
    expect((await liveGet(t.app, 'userNotice/isNotice', u.token, { roomId: id })).body.data).toBe(
      false,
    );
    expect(
      err(await livePost(t.app, 'userNotice/insertUser', u.token, { roomId: 99_999_999 })),
    ).toBe('LIVE_ROOM_NOT_FOUND');
    for (const [method, url] of [
      ['GET', 'centre'],
      ['GET', 'follow/list'],
      ['GET', 'host/status'],
      ['POST', 'userFollow'],
      ['POST', 'gift'],
    ] as const) {
      const res = await call(t.app, {
        method,
        url: `${API}/live/${url}`,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      expect(res.body.error).toBe('LOGIN_REQUIRED');
    }
    const centre = await liveGet<{ current: { id: number } | null; status: { status: string } }>(
      t.app,
      'centre',
      h.token,
    );
    expect(centre.body.data.current?.id).toBe(id);
    expect(centre.body.data.status.status).toBe('approved');
    const none = await liveGet<{ current: unknown; status: { status: string } }>(
      t.app,
      'centre',
      u.token,
    );
    expect(none.body.data).toMatchObject({ current: null, status: { status: 'none' } });
    expect(err(await liveGet(t.app, 'host/shelf', u.token, { roomId: id }))).toBe(
      'LIVE_ROOM_FORBIDDEN',
    );
  });
});

describe('我的提醒 (live 预约s)', () => {
  type Row = {
    id: number;
    title: string;
    state: string;
    noticeAt: string | null;
    host: { id: number; nickname: string };
  };
  const mine = async (token: string | undefined) =>
    liveGet<{ list: Row[]; total: number }>(t.app, 'userNotice/list', token, {
      pageNum: 1,
      pageSize: 10,
    });

  it('lists the user’s own 预约s, soonest first, while upcoming or live; cancel and the end remove them', async () => {
    const [h1, h2] = [await makeHost(t.app, admin), await makeHost(t.app, admin)];
    const later = await makeRoom(t.app, h1, {
      title: '后天的新品',
      noticeAt: new Date(Date.now() + 2 * 86_400_000).toISOString(),
    });
    const sooner = await makeRoom(t.app, h2, {
      title: '一小时后开播',
      noticeAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const u = await makeBuyer(t.app);
    const other = await makeBuyer(t.app);
    for (const roomId of [later, sooner])
      expect((await livePost(t.app, 'userNotice/insertUser', u.token, { roomId })).status).toBe(
        200,
      );
    await livePost(t.app, 'userNotice/insertUser', other.token, { roomId: later });

    const list = (await mine(u.token)).body.data;
    expect(list.total).toBe(2);
    expect(list.list.map((r) => r.id)).toEqual([sooner, later]);
    expect(list.list[0]).toMatchObject({
      title: '一小时后开播',
      state: 'notice',
      host: { id: h2.userId },
    });
    expect(list.list[0]?.noticeAt).toBeTruthy();
    expect((await mine(other.token)).body.data.list.map((r) => r.id)).toEqual([later]);
    expect(err(await mine(undefined))).toBe('LOGIN_REQUIRED');

    // Live now: still there (live first); cancelled or ended: gone.
    await goLive(t.app, later, h1.userId);
    expect((await mine(u.token)).body.data.list.map((r) => [r.id, r.state])).toEqual([
      [later, 'live'],
      [sooner, 'notice'],
    ]);
    await livePost(t.app, 'userNotice/delete', u.token, { roomId: sooner });
    await livePost(t.app, 'end', h1.token, { roomId: later });
    expect((await mine(u.token)).body.data).toMatchObject({ list: [], total: 0 });
  });
});
