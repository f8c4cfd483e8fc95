import type {
  HelpRedData,
  IdentityData,
  InviteData,
  InviterCardData,
  TeamPage,
} from '@chaopin/contracts';
import { describe, expect, it } from 'vitest';
import { get, post } from '../../../../test/kits/aftersale-kit.ts';
import { makeBuyer } from '../../../../test/kits/order-kit.ts';
import {
  identityOf,
  invitee,
  promoAppPerFile,
  promoter,
} from '../../../../test/kits/promotion-kit.ts';

const kit = promoAppPerFile({ PROMO_BIND_WINDOW_HOURS: '24' });

describe('binding', () => {
  it('binds a new user to the inviter of the code, visible to both, with the counts', async () => {
    const { app, admin } = kit;
    const a = await promoter(app, admin);
    const b = await invitee(app, a);
    const c = await invitee(app, b);
    const mine = await identityOf(app, b);
    expect(mine.parent?.nickname).toBeTruthy();
    expect(mine.canBind).toBe(false);
    const direct = await get<TeamPage>(app, 'promotion/team', a.token, { level: 1 });
    expect(direct.body.data).toMatchObject({ total: 1, directCount: 1, indirectCount: 1 });
    expect(direct.body.data.list[0]?.userId).toBe(b.userId);
    const indirect = await get<TeamPage>(app, 'promotion/team', a.token, { level: 2 });
    expect(indirect.body.data.list.map((m) => m.userId)).toEqual([c.userId]);
    expect(indirect.body.data.list[0]?.phone).toMatch(/^\d{3}\*{4}\d{4}$/);
    const found = await get<TeamPage>(app, 'promotion/team', a.token, {
      level: 2,
      keyword: c.phone.slice(-4),
    });
    expect(found.body.data).toMatchObject({ total: 1 });
    const none = await get<TeamPage>(app, 'promotion/team', a.token, { keyword: '%_\\' });
    expect(none.body.data).toMatchObject({ total: 0, list: [] });
    // B sees only B's own team: C.
    const bTeam = await get<TeamPage>(app, 'promotion/team', b.token, { level: 1 });
    expect(bTeam.body.data.list.map((m) => m.userId)).toEqual([c.userId]);
    expect(
      (await get<TeamPage>(app, 'promotion/team', b.token, { level: 2 })).body.data.total,
    ).toBe(0);
  });

  it('好友助力: lists the friends who helped, newest first, and the red packets they earned me', async () => {
    const { app } = kit;
    const a = await makeBuyer(app);
    const empty = await get<HelpRedData>(app, 'promotion/helpRed', a.token);
    expect(empty.body.data).toMatchObject({ helperCount: 0, earned: 0, helpers: [] });
    const b = await invitee(app, a);
    const c = await invitee(app, a);
    // C's first order is received: my reward for C is given (once).
    for (let i = 0; i < 2; i++) {
      await app.deps.db
        .transaction()
        .execute((trx) => app.promotionModule.identities.onReceived(trx, c.userId));
    }
    const seen = (await get<HelpRedData>(app, 'promotion/helpRed', a.token)).body.data;
    const reward = app.deps.config.INVITER_REWARD;
    expect(seen).toMatchObject({
      rewardPerFriend: reward,
      helperCount: 2,
      rewardedCount: 1,
      earned: reward,
    });
    const nick = async (u: typeof b) =>
      (
        await app.deps.db
          .selectFrom('app_user')
          .select('nickname')
          .where('id', '=', u.userId)
          .executeTakeFirstOrThrow()
      ).nickname;
    expect(seen.helpers.map((h) => [h.nickname, h.reward])).toEqual([
      [await nick(c), reward],
      [await nick(b), null],
    ]);
    expect(Date.parse(seen.helpers[0]?.helpedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    // The landing of my shared link, open to anyone: me, and my helpers with masked names.
    const code = (await identityOf(app, a)).inviteCode;
    const card = await get<InviterCardData>(app, 'promotion/inviterCard', undefined, { code });
    expect(card.body.data).toMatchObject({ nickname: await nick(a), helperCount: 2 });
    expect(card.body.data.helpers).toHaveLength(2);
    for (const h of card.body.data.helpers) {
      expect(h.nickname).toMatch(/\*{4}$/);
      expect(h).not.toHaveProperty('reward');
    }
    const unknown = await get(app, 'promotion/inviterCard', undefined, { code: 'NOSUCH99' });
    expect(unknown.body).toMatchObject({ code: 404, error: 'INVITE_CODE_NOT_FOUND' });
    // Only my own helpers: B has none; the anonymous are refused.
    expect((await get<HelpRedData>(app, 'promotion/helpRed', b.token)).body.data.helpers).toEqual(
      [],
    );
    expect((await get(app, 'promotion/helpRed', undefined)).status).toBe(401);
  });

  it('refuses self-binding, a second binding, loops and unknown codes', async () => {
    const { app } = kit;
    const a = await makeBuyer(app);
    const b = await makeBuyer(app);
    const aCode = (await identityOf(app, a)).inviteCode;
    const bCode = (await identityOf(app, b)).inviteCode;
    const self = await post(app, 'promotion/bind', a.token, { inviteCode: aCode });
    expect(self.body).toMatchObject({ code: 409, error: 'BIND_SELF' });
    expect((await post(app, 'promotion/bind', b.token, { inviteCode: aCode })).status).toBe(200);
    const loop = await post(app, 'promotion/bind', a.token, { inviteCode: bCode });
    expect(loop.body).toMatchObject({ code: 409, error: 'BIND_LOOP', msg: '不能绑定您邀请的好友' });
    const c = await makeBuyer(app);
    const again = await post(app, 'promotion/bind', b.token, {
      inviteCode: (await identityOf(app, c)).inviteCode,
    });
    expect(again.body.error).toBe('BIND_DONE');
    const unknown = await post(app, 'promotion/bind', c.token, { inviteCode: 'ZZZZZZZZ' });
    expect(unknown.body).toMatchObject({ code: 404, error: 'INVITE_CODE_NOT_FOUND' });
    for (const bad of ['', 'a b', '<x>', 'x'.repeat(40)]) {
      const res = await post(app, 'promotion/bind', c.token, { inviteCode: bad });
      expect(res.body).toMatchObject({ code: 400, error: 'INVITE_CODE_INVALID' });
    }
  });

  it('never makes a loop when two users bind each other at once', async () => {
    const { app } = kit;
    for (let round = 0; round < 5; round++) {
      const a = await makeBuyer(app);
      const b = await makeBuyer(app);
      const [aCode, bCode] = [
        (await identityOf(app, a)).inviteCode,
        (await identityOf(app, b)).inviteCode,
      ];
      const results = await Promise.all([
        post(app, 'promotion/bind', a.token, { inviteCode: bCode }),
        post(app, 'promotion/bind', b.token, { inviteCode: aCode }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      const [ia, ib] = [await identityOf(app, a), await identityOf(app, b)];
      expect(Boolean(ia.parent) !== Boolean(ib.parent)).toBe(true);
    }
  });

  it('a bad code at registration still logs the user in, unbound', async () => {
    const { app } = kit;
    const b = await makeBuyer(app, { inviteCode: 'NOSUCH99' });
    const id = await identityOf(app, b);
    expect(id.parent).toBeNull();
    expect(id.tier).toBe('user');
  });

  it('draws the invitation poster once per look and gives the invitee a red packet once', async () => {
    const { app } = kit;
    const a = await makeBuyer(app);
    const first = await get<InviteData>(app, 'promotion/invite', a.token);
    expect(first.status).toBe(200);
    expect(first.body.data.link).toContain(`invite=${first.body.data.inviteCode}`);
    const png = await app.inject({ method: 'GET', url: first.body.data.posterUrl });
    expect(png.statusCode).toBe(200);
    expect(png.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    const second = await get<InviteData>(app, 'promotion/invite', a.token);
    expect(second.body.data.posterUrl).toBe(first.body.data.posterUrl);
    const b = await invitee(app, a);
    const packets = await get<{ list: { title: string; minAmount: number }[] }>(
      app,
      'redPacket/list',
      b.token,
    );
    expect(packets.body.data.list.filter((p) => p.title === '新人邀请红包')).toHaveLength(1);
    expect((await get<InviteData>(app, 'promotion/invite', a.token)).body.data.invitedCount).toBe(
      1,
    );
  });

  it('answers identity only to its owner and refuses the anonymous', async () => {
    const { app } = kit;
    for (const url of [
      'promotion/identity',
      'promotion/center',
      'promotion/team',
      'promotion/income',
      'promotion/invite',
    ]) {
      expect((await get(app, url, undefined)).status).toBe(401);
    }
    const rules = await get<{ l1Bp: number }>(app, 'promotion/rules', undefined);
    expect(rules.body.data.l1Bp).toBe(1000);
    const b = await makeBuyer(app);
    const id = (await get<IdentityData>(app, 'promotion/identity', b.token)).body.data;
    expect(id).toMatchObject({
      tier: 'user',
      tierText: '普通用户',
      isPromoter: false,
      canBind: true,
    });
  });

  it('pages a team by cursor at any depth and finds members by 1-2 characters of their nickname', async () => {
    const { app, admin } = kit;
    const a = await promoter(app, admin);
    const members = [];
    for (let i = 0; i < 23; i++) members.push(await invitee(app, a));
    const { db } = app.deps;
    // Bound in the same microsecond: the cursor's tie-break on user_id must neither skip nor repeat.
    await db
      .updateTable('promo_user')
      .set({ bound_at: new Date('2026-11-20T08:00:00.123Z') })
      .where(
        'user_id',
        'in',
        members.slice(5, 15).map((m) => m.userId),
      )
      .execute();
    const names = ['小雨', '小雨点', '大雨', 'Rain', '雨'];
    for (const [i, nickname] of names.entries())
      await db
        .updateTable('app_user')
        .set({ nickname })
        .where('id', '=', members[i]!.userId)
        .execute();
    const byOffset = [];
    for (let pageNum = 1; pageNum <= 3; pageNum++) {
      const page = await get<TeamPage>(app, 'promotion/team', a.token, { pageNum, pageSize: 10 });
      byOffset.push(...page.body.data.list.map((m) => m.userId));
    }
    const byCursor = [];
    let cursor: string | undefined;
    do {
      const page = await get<TeamPage>(app, 'promotion/team', a.token, {
        pageSize: 10,
        ...(cursor ? { cursor } : {}),
      });
      byCursor.push(...page.body.data.list.map((m) => m.userId));
      cursor = page.body.data.nextCursor || undefined;
    } while (cursor);
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byCursor).size).toBe(23);
    const search = async (keyword: string) =>
      (await get<TeamPage>(app, 'promotion/team', a.token, { keyword, pageSize: 2 })).body.data;
    expect((await search('小雨')).total).toBe(2);
    expect((await search('雨')).total).toBe(4);
    expect((await search('雨点')).list.map((m) => m.userId)).toEqual([members[1]!.userId]);
    expect((await search('rAIN')).total).toBe(1);
    expect((await search('雨')).list).toHaveLength(2);
    expect((await search('雨')).nextCursor).toBe('');
    for (const bad of ['x', '1_', '_1', '1_99999999999', '-1_2', "1_2' or 1=1"]) {
      const res = await get(app, 'promotion/team', a.token, { cursor: bad });
      expect(res.body).toMatchObject({ code: 400, error: 'INVALID_PARAM' });
    }
  });
});
