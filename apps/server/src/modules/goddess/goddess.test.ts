import type {
  GoddessDeductionPage,
  GoddessFriendPage,
  GoddessHome,
  GoddessMyInviter,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  API,
  call,
  createTestApp,
  form,
  login,
  TEST_DB,
  type TestApp,
} from '../../../test/helpers.ts';
import { get, ledgerSum, post } from '../../../test/kits/aftersale-kit.ts';
import { GODDESS_REWARD_KIND } from './goddess.service.ts';

const REWARD = 300;
const DAILY_MAX = 20;

let t: TestApp;
let other: FastifyInstance;

beforeAll(async () => {
  t = await createTestApp({
    AUTH_CACHE_MS: '0',
    GODDESS_INVITE_REWARD: String(REWARD),
    GODDESS_INVITE_DAILY_MAX: String(DAILY_MAX),
  });
  // In cluster mode concurrent joins arrive at two nodes (one database), as behind a balancer.
  other = TEST_DB === 'postgres' ? await t.secondNode() : t.app;
});
afterAll(async () => {
  await t?.close();
});

interface U {
  token: string;
  id: number;
}

async function user(): Promise<U> {
  const { token, phone } = await login(t.app);
  const row = await t.app.deps.db
    .selectFrom('app_user')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return { token, id: row.id };
}

const home = (u: U, q: Record<string, string | number> = {}) =>
  get<GoddessHome>(t.app, 'goddess/home', u.token, q);
const join = (u: U, body: Record<string, unknown> = {}, app = t.app) =>
  post<GoddessHome>(app, 'goddess/join', u.token, body);

async function member(): Promise<U> {
  const u = await user();
  const r = await join(u);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return u;
}

async function redPacketBalance(userId: number): Promise<number> {
  const row = await t.app.deps.db
    .selectFrom('ledger_account')
    .select('balance')
    .where('code', '=', `redpacket:${userId}`)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

async function rewardPostings(refs: number[]): Promise<number> {
  if (!refs.length) return 0;
  const rows = await t.app.deps.db
    .selectFrom('ledger_txn')
    .select('id')
    .where('kind', '=', GODDESS_REWARD_KIND)
    .where(
      'ref',
      'in',
      refs.map((r) => String(r)),
    )
    .execute();
  return rows.length;
}

describe('goddess gang', () => {
  it('every route answers a non-member sensibly, and needs a login', async () => {
    const u = await user();
    const h = await home(u);
    expect(h.status).toBe(200);
    expect(h.body.data).toMatchObject({ joined: false, mine: null, inviter: null, userId: u.id });
    expect(h.body.data.rules).toMatchObject({ inviteReward: REWARD, dailyMax: DAILY_MAX });
    expect(h.body.data.rules.lines.length).toBeGreaterThan(0);
    const inv = await get<GoddessMyInviter>(t.app, 'goddess/inviter', u.token);
    expect(inv.body.data).toEqual({ joined: false, inviter: null, joinedAt: null });
    const fr = await get<GoddessFriendPage>(t.app, 'goddess/friends', u.token);
    expect(fr.body.data).toMatchObject({ list: [], total: 0, joined: false });
    const de = await get<GoddessDeductionPage>(t.app, 'goddess/deductions', u.token);
    expect(de.body.data).toMatchObject({ list: [], total: 0, joined: false, earned: 0 });
    for (const url of [
      'goddess/home',
      'goddess/inviter',
      'goddess/friends',
      'goddess/deductions',
    ]) {
      expect((await get(t.app, url, undefined)).status).toBe(401);
    }
    expect((await post(t.app, 'goddess/join', undefined, {})).status).toBe(401);
  });

  it('joins once, on their own; a second join is refused', async () => {
    const u = await user();
    const before = (await home(u)).body.data.memberCount;
    const r = await join(u);
    expect(r.status).toBe(200);
    expect(r.body.data.joined).toBe(true);
    expect(r.body.data.memberCount).toBeGreaterThanOrEqual(before + 1);
    expect(r.body.data.mine).toMatchObject({ invitedCount: 0, earned: 0, rewardedToday: 0 });
    expect(r.body.data.mine?.inviteCode).toMatch(/^[A-Z0-9]{8}$/);
    const again = await join(u);
    expect(again.status).toBe(409);
    expect(again.body.error).toBe('GODDESS_JOINED');
    const inv = await get<GoddessMyInviter>(t.app, 'goddess/inviter', u.token);
    expect(inv.body.data).toMatchObject({ joined: true, inviter: null });
  });

  it('bad input answers the catalogue error', async () => {
    const u = await user();
    for (const body of [
      { inviter: 0 },
      { inviter: 'abc' },
      { inviter: -3 },
      { inviteCode: '!!' },
      { inviteCode: 'x'.repeat(40) },
    ]) {
      const r = await join(u, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toBe('GODDESS_INVITER_INVALID');
    }
    expect((await home(u, { inviter: 'x' })).body.error).toBe('GODDESS_INVITER_INVALID');
    const page = await get(t.app, 'goddess/friends', u.token, { pageNum: 0 });
    expect(page.status).toBe(400);
    expect(page.body.error).toBe('PAGE_INVALID');
    // Both an id and a code at once is not a link the app makes.
    const m = await member();
    const both = await join(u, { inviter: m.id, inviteCode: 'ABCDEFGH' });
    expect(both.body.error).toBe('GODDESS_INVITER_INVALID');
    const unknown = await join(u, { inviteCode: 'ZZZZ9999' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('GODDESS_INVITER_NOT_FOUND');
    const noUser = await join(u, { inviter: 2_000_000_000 });
    expect(noUser.body.error).toBe('GODDESS_INVITER_NOT_FOUND');
    expect((await home(u)).body.data.joined).toBe(false);
  });

  it('cannot invite oneself, nor be invited by a non-member', async () => {
    const u = await user();
    const self = await join(u, { inviter: u.id });
    expect(self.status).toBe(400);
    expect(self.body.error).toBe('GODDESS_INVITE_SELF');
    const outsider = await user();
    const r = await join(u, { inviter: outsider.id });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('GODDESS_INVITER_NOT_MEMBER');
    // The page opened through such a link shows no inviter (never an error).
    const h = await home(u, { inviter: outsider.id });
    expect(h.status).toBe(200);
    expect(h.body.data.inviter).toBeNull();
    expect((await home(u, { inviter: u.id })).body.data.inviter).toBeNull();
    expect((await home(u)).body.data.joined).toBe(false);
  });

  it('a join through an invitation (by id or by promotion code) rewards the inviter once', async () => {
    const a = await member();
    const b = await user();
    const sum0 = await ledgerSum(t.app);
    const shown = await home(b, { inviter: a.id });
    expect(shown.body.data.inviter?.userId).toBe(a.id);
    const r = await join(b, { inviter: a.id });
    expect(r.status).toBe(200);
    expect(r.body.data.inviter?.userId).toBe(a.id);
    expect(await redPacketBalance(a.id)).toBe(REWARD);

    // The promotion module's invite code resolves the same way.
    const code = (await home(a)).body.data.mine?.inviteCode ?? '';
    const c = await user();
    expect((await home(c, { inviteCode: code.toLowerCase() })).body.data.inviter?.userId).toBe(
      a.id,
    );
    expect((await join(c, { inviteCode: code.toLowerCase() })).status).toBe(200);
    expect(await redPacketBalance(a.id)).toBe(2 * REWARD);
    expect(await ledgerSum(t.app)).toBe(sum0);
    expect(await rewardPostings([b.id, c.id])).toBe(2);

    const mine = (await home(a)).body.data.mine;
    expect(mine).toMatchObject({ invitedCount: 2, rewardedCount: 2, earned: 2 * REWARD });
    const fr = await get<GoddessFriendPage>(t.app, 'goddess/friends', a.token);
    expect(fr.body.data.total).toBe(2);
    expect(fr.body.data.list.map((f) => f.userId)).toEqual([c.id, b.id]);
    expect(fr.body.data.list.every((f) => f.rewarded && f.reward === REWARD)).toBe(true);
    const de = await get<GoddessDeductionPage>(t.app, 'goddess/deductions', a.token, {
      pageSize: 1,
    });
    expect(de.body.data).toMatchObject({ total: 2, earned: 2 * REWARD, joined: true });
    expect(de.body.data.list).toHaveLength(1);
    expect(de.body.data.list[0]).toMatchObject({ friendId: c.id, amount: REWARD });
    const inv = await get<GoddessMyInviter>(t.app, 'goddess/inviter', b.token);
    expect(inv.body.data.inviter?.userId).toBe(a.id);
    expect(inv.body.data.joinedAt).toBeTruthy();
  });

  it('30 concurrent joins through one inviter with a daily max of 20: exactly 20 rewards', async () => {
    const a = await member();
    const friends = await Promise.all(Array.from({ length: 30 }, () => user()));
    const sum0 = await ledgerSum(t.app);
    const answers = await Promise.all(
      friends.map((f, i) => join(f, { inviter: a.id }, i % 2 ? other : t.app)),
    );
    expect(answers.map((r) => r.status)).toEqual(friends.map(() => 200));
    expect(await redPacketBalance(a.id)).toBe(DAILY_MAX * REWARD);
    expect(await ledgerSum(t.app)).toBe(sum0);
    expect(await rewardPostings(friends.map((f) => f.id))).toBe(DAILY_MAX);
    const mine = (await home(a)).body.data.mine;
    expect(mine).toMatchObject({
      invitedCount: 30,
      rewardedCount: DAILY_MAX,
      earned: DAILY_MAX * REWARD,
      rewardedToday: DAILY_MAX,
    });
    const fr = await get<GoddessFriendPage>(t.app, 'goddess/friends', a.token, { pageSize: 50 });
    expect(fr.body.data.total).toBe(30);
    expect(fr.body.data.list.filter((f) => !f.rewarded && f.reward === 0)).toHaveLength(10);
    const de = await get<GoddessDeductionPage>(t.app, 'goddess/deductions', a.token, {
      pageSize: 50,
    });
    expect(de.body.data.total).toBe(DAILY_MAX);
    expect(de.body.data.earned).toBe(DAILY_MAX * REWARD);
  });

  it('the same user joining twice at once: one membership, at most one reward', async () => {
    const a = await member();
    const b = await user();
    const answers = await Promise.all([
      join(b, { inviter: a.id }),
      join(b, { inviter: a.id }, other),
      join(b, { inviter: a.id }),
      join(b, { inviter: a.id }, other),
    ]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    expect(
      answers.filter((r) => r.status === 409).every((r) => r.body.error === 'GODDESS_JOINED'),
    ).toBe(true);
    const rows = await t.app.deps.db
      .selectFrom('goddess_member')
      .select('user_id')
      .where('user_id', '=', b.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(await rewardPostings([b.id])).toBe(1);
    expect(await redPacketBalance(a.id)).toBe(REWARD);
  });

  it('each user sees only their own lists', async () => {
    const a = await member();
    const b = await user();
    // As the app posts it: form-encoded.
    const joined = await call<GoddessHome>(t.app, {
      method: 'POST',
      url: `${API}/goddess/join`,
      token: b.token,
      ...form({ inviter: a.id }),
    });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body.data.inviter?.userId).toBe(a.id);
    const stranger = await member();
    const fr = await get<GoddessFriendPage>(t.app, 'goddess/friends', stranger.token);
    expect(fr.body.data).toMatchObject({ total: 0, list: [], joined: true });
    const de = await get<GoddessDeductionPage>(t.app, 'goddess/deductions', stranger.token);
    expect(de.body.data).toMatchObject({ total: 0, list: [], earned: 0 });
    const inv = await get<GoddessMyInviter>(t.app, 'goddess/inviter', stranger.token);
    expect(inv.body.data.inviter).toBeNull();
    // Query parameters naming someone else change nothing: the lists are the caller's.
    const sneaky = await get<GoddessFriendPage>(t.app, 'goddess/friends', stranger.token, {
      inviter: a.id,
    });
    expect(sneaky.status === 400 || sneaky.body.data.total === 0).toBe(true);
    const bFriends = await get<GoddessFriendPage>(t.app, 'goddess/friends', b.token);
    expect(bFriends.body.data.total).toBe(0);
    const aFriends = await get<GoddessFriendPage>(t.app, 'goddess/friends', a.token);
    expect(aFriends.body.data.list.map((f) => f.userId)).toEqual([b.id]);
  });
});
