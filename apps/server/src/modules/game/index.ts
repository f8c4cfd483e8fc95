import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import type { PointsModule } from '../points/index.ts';
import type { NamedDealPort, RewardsService } from '../rewards/index.ts';
import type { ModuleUses } from '../uses.ts';
import { GameRepo } from './game.repo.ts';
import { gameRoutes } from './game.routes.ts';
import { GAME_DEAL_PORT, GameService } from './game.service.ts';
import { GameSweeper } from './game-sweeper.ts';

export interface GameModule {
  game: GameService;
  sweeper: GameSweeper;
  /** The prize's order: the placer's deal port (gathered by app.ts). */
  deal: NamedDealPort;
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
  more: { points: PointsModule; rewards: RewardsService },
): Promise<GameModule> {
  const { config } = deps;
  const repo = new GameRepo(narrowDb(deps.db));
  // Consolation coupons and the prize's order are granted through the kernel's rewards.
  const game = new GameService(
    deps.db,
    repo,
    more.points.points,
    more.rewards,
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
  const deal: NamedDealPort = {
    name: GAME_DEAL_PORT,
    port: {
      check: (trx, deals) => game.checkDeals(trx, deals),
      record: (trx, rows) => game.recordDeals(trx, rows),
    },
  };
  const sweeper = new GameSweeper(deps.db, repo, game, deps.log, config.GAME_SWEEP_MS);
  const m: GameModule = { game, sweeper, deal };
  app.decorate('gameModule', m);
  await gameRoutes(app, game, sweeper);
  app.addHook('onReady', async () => sweeper.start());
  app.addHook('preClose', async () => sweeper.stop());
  return m;
}
