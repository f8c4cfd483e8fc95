import type { FastifyInstance } from 'fastify';

const DAY = 86_400_000;

/** Demo players of the guessing game (their guesses show, masked, in the settled round). */
const PLAYERS = [
  { phone: '19900002001', nickname: '竞猜达人小王' },
  { phone: '19900002002', nickname: '爱逛街的李姐' },
  { phone: '19900002003', nickname: '数码控阿杰' },
  { phone: '19900002004', nickname: '省钱小能手' },
] as const;

/**
 * The guessing game's demo: one open round (players joined, guesses sealed) and one settled
 * round whose guesses and winner are public. Once per install.
 */
export async function seedGame(app: FastifyInstance, now = Date.now()): Promise<number> {
  const db = app.deps.db;
  const claimed = await db
    .insertInto('app_meta')
    .values({ key: 'demo_game', value: '1' })
    .onConflict((oc) => oc.column('key').doNothing())
    .returning('key')
    .executeTakeFirst();
  if (!claimed) return 0;
  const skus = await db
    .selectFrom('sku as s')
    .innerJoin('product as p', 'p.id', 's.product_id')
    .select(['s.id', 's.price'])
    .where('p.status', '=', 1)
    .where('s.price', '>', 0)
    .where('s.stock', '>', 0)
    .orderBy('p.sales', 'desc')
    .orderBy('s.id')
    .limit(2)
    .execute();
  const [openSku, settledSku] = skus;
  if (!openSku || !settledSku) return 0;
  const { game, sweeper } = app.gameModule;
  const players: number[] = [];
  for (const p of PLAYERS) {
    const user = await db
      .insertInto('app_user')
      .values({ phone: p.phone, nickname: p.nickname, avatar: '' })
      .onConflict((oc) => oc.column('phone').doUpdateSet({ nickname: p.nickname }))
      .returning('id')
      .executeTakeFirstOrThrow();
    await db.transaction().execute((trx) =>
      app.pointsModule.points.credit(trx, user.id, 500, {
        kind: 'seed_game',
        ref: String(user.id),
        memo: '竞猜体验积分',
      }),
    );
    players.push(user.id);
  }

  const settled = await game.createRound(
    {
      skuId: settledSku.id,
      entryPoints: 50,
      guessesPerEntry: 2,
      closeAt: new Date(now + DAY).toISOString(),
      consolation: 'points',
    },
    new Date(now),
  );
  const open = await game.createRound(
    {
      skuId: openSku.id,
      entryPoints: 20,
      guessesPerEntry: 3,
      closeAt: new Date(now + 3 * DAY).toISOString(),
      consolation: 'points',
    },
    new Date(now),
  );
  const offsets = [-0.3, 0.12, -0.05, 0.2];
  for (const [i, userId] of players.entries()) {
    for (const round of [settled, open]) {
      await game.join(userId, { roundId: round, clientKey: `seedgame${round}u${userId}` });
    }
    const price = settledSku.price;
    await game.guess(userId, {
      roundId: settled,
      price: Math.max(1, Math.round(price * (1 + (offsets[i] ?? 0)))),
    });
    if (i < 2) {
      await game.guess(userId, {
        roundId: open,
        price: Math.max(1, Math.round(openSku.price * (1 + (offsets[i] ?? 0)))),
      });
    }
  }
  // The settled round closed yesterday: its settlement is the job's, as any round's.
  await db
    .updateTable('game_round')
    .set({ close_at: new Date(now - DAY) })
    .where('id', '=', settled)
    .execute();
  await sweeper.settleDue(new Date(now));
  return 2;
}
