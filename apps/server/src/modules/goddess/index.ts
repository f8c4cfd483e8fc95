import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { inviteCodes } from '../promotion/index.ts';
import type { ModuleUses } from '../uses.ts';
import { GoddessRepo } from './goddess.repo.ts';
import { goddessRoutes } from './goddess.routes.ts';
import { GoddessService, type InviteCodes } from './goddess.service.ts';

export interface GoddessModule {
  goddess: GoddessService;
}

/**
 * The goddess gang (女神帮): joining once (optionally through a member's invitation), the
 * inviter's 抵扣金 into the red-packet balance, and each member's own lists.
 */
export async function registerGoddessModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<GoddessModule> {
  const { config, db } = deps;
  // The promotion module's invite codes (the same code a user shares there).
  const codes: InviteCodes = inviteCodes(db);
  const goddess = new GoddessService(db, new GoddessRepo(narrowDb(db)), uses.ledger.ledger, codes, {
    inviteReward: config.GODDESS_INVITE_REWARD,
    dailyMax: config.GODDESS_INVITE_DAILY_MAX,
  });
  await goddessRoutes(app, goddess);
  return { goddess };
}
