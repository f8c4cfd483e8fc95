import type { FastifyInstance } from 'fastify';

const DAY = 86_400_000;

/** The card-collecting demo: one campaign running for 30 days (default kinds, a ¥8.88 red packet). Once per install. */
export async function seedCards(app: FastifyInstance, now = Date.now()): Promise<number> {
  const claimed = await app.deps.db
    .insertInto('app_meta')
    .values({ key: 'demo_cards', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const c = await app.cardsModule.cards.createCampaign({
    title: '集卡有礼·集齐潮品直播福',
    startAt: new Date(now - 60_000).toISOString(),
    endAt: new Date(now + 30 * DAY).toISOString(),
    rewardKind: 'redpacket',
    amount: 888,
  });
  return c.id;
}
