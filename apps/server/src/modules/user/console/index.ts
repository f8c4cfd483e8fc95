import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { UserModule } from '../index.ts';
import { PiiBox } from '../pii-box.ts';
import { UserConsoleRepo } from './user-console.repo.ts';
import { userConsoleRoutes } from './user-console.routes.ts';
import { type UserConsolePorts, UserConsoleService } from './user-console.service.ts';

export type { UserAudit, UserConsolePorts } from './user-console.service.ts';

/** The console's 用户 routes: the user module's own, on the ports app.ts hands over. */
export async function registerUserConsole(
  app: FastifyInstance,
  deps: Deps,
  users: UserModule,
  given: Pick<UserConsolePorts, 'audit' | 'orders'> & { ledger: Ledger },
): Promise<UserConsoleService> {
  const { ledger } = given;
  const service = new UserConsoleService(
    deps.db,
    new UserConsoleRepo(narrowDb(deps.db)),
    new PiiBox(deps.secret),
    {
      audit: given.audit,
      orders: given.orders,
      balances: async (id) => ({
        wallet: await ledger.balanceOf(id),
        redPacket: await ledger.redPacketBalanceOf(id),
        points: await ledger.pointsOf(id),
        commission: await ledger.commissionOf(id),
      }),
      endSessions: (id) => users.sessions.closeAllOf(id),
      evictProfile: users.evictProfile,
    },
  );
  await userConsoleRoutes(app, service);
  return service;
}
