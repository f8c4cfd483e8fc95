import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../../test/helpers.ts';
import { narrowDb } from '../../../platform/db.ts';
import { c2cKey } from '../keys.ts';
import { type BuyerMessageItem, BuyerMessageRepo } from './buyer-message.repo.ts';
import { DeskRepo } from './desk.repo.ts';

// The desk's state by message times, whatever order the hooks' statements run in, and a batch
// with several messages of one conversation (one greeting, the earliest time waits).
let t: TestApp;
let desk: DeskRepo;
let buyers: BuyerMessageRepo;
let n = 0;
beforeAll(async () => {
  t = await createTestApp();
  desk = new DeskRepo(t.app.deps.db);
  buyers = new BuyerMessageRepo(narrowDb(t.app.deps.db));
});
afterAll(async () => {
  await t.close();
});

const pair = () => {
  const buyerId = `times_${process.pid}_${++n}`;
  return { storeId: 7, buyerId, convKey: c2cKey(buyerId, 'store_7') };
};
const msg = (p: ReturnType<typeof pair>, t: number, text = `m${t}`): BuyerMessageItem => ({
  ...p,
  t,
  type: 'TIMTextElem',
  text,
  now: t,
});
const row = async (p: ReturnType<typeof pair>) => {
  const r = await desk.byPair(p.storeId, p.buyerId);
  if (!r) throw new Error('no row');
  return r;
};

describe('desk state by message times', () => {
  it('one batch with three messages of a conversation: one greeting (the first), waiting from the earliest', async () => {
    const p = pair();
    const out = await buyers.record([msg(p, 1_000, 'a'), msg(p, 3_000, 'c'), msg(p, 2_000, 'b')]);
    expect(out.map((o) => o.greeted)).toEqual([true, false, false]);
    expect(out.every((o) => o.awayMs === 0)).toBe(true);
    expect(await row(p)).toMatchObject({
      status: 'waiting',
      waiting_since_ms: 1_000,
      last_buyer_ms: 3_000,
      last_buyer_text: 'c',
    });
    // Later batches: no greeting again; the away time is read back.
    await t.app.deps.db
      .updateTable('im_shop_contact')
      .set({ away_ms: 4_000 })
      .where('buyer_id', '=', p.buyerId)
      .execute();
    expect(await buyers.record([msg(p, 5_000)])).toEqual([{ greeted: false, awayMs: 4_000 }]);
  });

  it('an answer clears the wait; a buyer message hooked late (older than the answer) does not bring it back', async () => {
    const p = pair();
    await buyers.record([msg(p, 1_000)]);
    await desk.storeReplied(p.storeId, p.buyerId, 2_000, 2_000);
    expect(await row(p)).toMatchObject({ waiting_since_ms: null, last_reply_ms: 2_000 });
    await buyers.record([msg(p, 1_500, 'late')]);
    expect(await row(p)).toMatchObject({ waiting_since_ms: null, last_buyer_text: 'late' });
    await buyers.record([msg(p, 2_500, 'new')]);
    expect(await row(p)).toMatchObject({ waiting_since_ms: 2_500, last_buyer_text: 'new' });
    // The answer hooked after a newer buyer message: that message still waits.
    await buyers.record([msg(p, 4_000)]);
    await desk.storeReplied(p.storeId, p.buyerId, 3_000, 3_000);
    expect(await row(p)).toMatchObject({ waiting_since_ms: 4_000, last_reply_ms: 3_000 });
  });

  it('closed: a message from before the close leaves it closed, a later one reopens it unassigned', async () => {
    const p = pair();
    await buyers.record([msg(p, 1_000)]);
    const r = await row(p);
    await desk.transaction(async (trx) => {
      await desk.claim(narrowDb(trx), r.id, 42, 1_500);
      const claimed = await desk.byId(r.id, narrowDb(trx));
      if (!claimed) throw new Error('gone');
      await desk.move(narrowDb(trx), claimed, { status: 'closed', agentId: 42 }, 2_000);
    });
    await buyers.record([msg(p, 1_800)]);
    expect(await row(p)).toMatchObject({ status: 'closed', agent_id: 42 });
    await buyers.record([msg(p, 2_100)]);
    expect(await row(p)).toMatchObject({
      status: 'waiting',
      agent_id: null,
      waiting_since_ms: 2_100,
    });
  });
});
