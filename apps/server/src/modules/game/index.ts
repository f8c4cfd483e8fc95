import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { CouponRepo } from '../coupon/coupon.repo.ts';
import type { PointsModule } from '../points/index.ts';
import type { ModuleUses } from '../uses.ts';
import { GameRepo } from './game.repo.ts';
import { gameRoutes } from './game.routes.ts';
import { GAME_DEAL_PORT, GameService } from './game.service.ts';
import { GameSweeper } from './game-sweeper.ts';

export interface GameModule {
  game: GameService;
  sweeper: GameSweeper;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The guessing game (tests and the seed drive its settlement through it). */
    gameModule: GameModule;
  }
}

/** The prize-guessing game (竞猜): rounds, sealed guesses, the settlement job and the prize. */
export async function registerGameModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  points: PointsModule,
): Promise<GameModule> {
  const { config } = deps;
  const repo = new GameRepo(deps.db);
  // Consolation coupons are written in the settlement's transaction: the coupon repository's
  // statements are used directly (as the redeem module does).
  const game = new GameService(
    deps.db,
    repo,
    points.points,
    uses.order.orders,
    new CouponRepo(deps.db),
    {
      maxGuess: config.GAME_MAX_GUESS,
      inviteMax: config.GAME_INVITE_MAX,
      showPrice: config.GAME_SHOW_PRICE,
    },
    {
      ledger: uses.order.ledger,
      verifyPayPassword: (userId, password) => uses.users.payPassword.verify(userId, password),
    },
  );
  uses.order.placer.useDeal(GAME_DEAL_PORT, {
    check: (trx, deals) => game.checkDeals(trx, deals),
    record: (trx, rows) => game.recordDeals(trx, rows),
  });
  const sweeper = new GameSweeper(deps.db, repo, game, deps.log, config.GAME_SWEEP_MS);
  const m: GameModule = { game, sweeper };
  app.decorate('gameModule', m);
  await gameRoutes(app, game, sweeper);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
