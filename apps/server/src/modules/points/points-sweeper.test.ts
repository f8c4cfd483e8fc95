import type { PointsBillPage } from '@chaopin/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { get, ledgerSum } from '../../../test/kits/aftersale-kit.ts';
import { type Buyer, makeBuyer } from '../../../test/kits/order-kit.ts';
import { expiryYears } from './points-sweeper.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ AUTH_CACHE_MS: '0' });
});
afterAll(async () => {
  await t?.close();
});

/** A posting of points on a past day (the ledger stamps now(); the test moves it back). */
async function move(b: Buyer, points: number, at: string): Promise<void> {
  const ref = `test:${b.userId}:${at}:${points}`;
  const svc = t.app.pointsModule.points;
  await t.app.deps.db.transaction().execute(async (trx) => {
    if (points > 0) await svc.credit(trx, b.userId, points, { kind: 'redeem', ref, memo: '测试' });
    else await svc.spend(trx, b.userId, -points, { kind: 'exchange', ref, memo: '测试' });
  });
  const when = new Date(`${at}T12:00:00+08:00`);
  await sql`update ledger_entry set created_at = ${when}
    where txn_id = (select id from ledger_txn where ref = ${ref})`.execute(t.app.deps.db);
}

const noticesOf = (b: Buyer) =>
  t.app.deps.db
    .selectFrom('system_notice')
    .select(['title', 'content'])
    .where('user_id', '=', b.userId)
    .where('title', '=', '积分过期提醒')
    .execute();

describe('points expiry (end of the next year, a notice 30 days before)', () => {
  it('knows which year expires and which is told', () => {
    expect(expiryYears(new Date('2026-01-01T00:00:01+08:00'), 1)).toEqual({
      expired: 2024,
      expiring: 2025,
    });
    // 23:59 on 31 Dec in China is still the old year.
    expect(expiryYears(new Date('2025-12-31T23:59:00+08:00'), 1).expired).toBe(2023);
  });

  it('tells once, then takes back what is left of the old lots, oldest spent first, once', async () => {
    const b = await makeBuyer(t.app);
    await move(b, 1_000, '2024-06-01');
    await move(b, -300, '2025-02-01');
    await move(b, 500, '2025-03-01');
    const expiry = t.app.pointsModule.expiry;
    expect(await t.app.pointsModule.points.balance(b.userId)).toBe(1_200);

    // November: too early to tell.
    await expiry.notice(new Date('2025-11-20T10:00:00+08:00'));
    expect(await noticesOf(b)).toHaveLength(0);
    // From 1 December: 700 of the 2024 points expire at the end of 2025; told once, even twice at once.
    const dec = new Date('2025-12-05T10:00:00+08:00');
    await Promise.all([expiry.notice(dec), expiry.notice(dec)]);
    const notices = await noticesOf(b);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.content).toContain('您有 700 积分将于 2025-12-31 24:00 过期');

    const jan = new Date('2026-01-01T00:00:30+08:00');
    await Promise.all([expiry.expire(jan), expiry.expire(jan)]);
    await expiry.expire(jan);
    expect(await t.app.pointsModule.points.balance(b.userId)).toBe(500);
    const bill = (await get<PointsBillPage>(t.app, 'points/bill', b.token)).body.data;
    expect(bill.list.filter((r) => r.kind === 'points_expire').map((r) => r.amount)).toEqual([
      -700,
    ]);
    expect(bill.list[0]).toMatchObject({ title: '积分过期' });
    expect(await ledgerSum(t.app)).toBe(0);
  });

  it('a spend of more than the old lots leaves nothing to expire', async () => {
    const b = await makeBuyer(t.app);
    await move(b, 400, '2023-03-01');
    await move(b, 600, '2024-01-10');
    await move(b, -500, '2024-05-01');
    expect(await t.app.pointsModule.expiry.expire(new Date('2025-01-02T08:00:00+08:00'))).toBe(0);
    expect(await t.app.pointsModule.points.balance(b.userId)).toBe(500);
  });
});
