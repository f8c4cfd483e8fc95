import { DESK_SIG_TTL_SECONDS } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { narrowDb } from '../../../platform/db.ts';
import { orderReads } from '../../order/index.ts';
import type { ModuleUses } from '../../uses.ts';
import type { UserSigs } from '../session/im-sig.ts';
import type { SocialService } from '../social/social.service.ts';
import { BuyerMessageRepo } from './buyer-message.repo.ts';
import { DeskRepo } from './desk.repo.ts';
import { deskRoutes } from './desk.routes.ts';
import { DeskService } from './desk.service.ts';
import { DeskFlow } from './desk-flow.ts';
import { QuickReplyRepo } from './quick-reply.repo.ts';
import { QuickReplies } from './quick-reply.service.ts';

export type { DeskService } from './desk.service.ts';
export type { DeskFlow } from './desk-flow.ts';

/** Buyer orders shown beside a chat. */
const RECENT_ORDERS = 10;

/**
 * The 客服 desk (issue 26): the store side of the shop chat. Agents sign in to the IM as the
 * store's account; the queue follows the chat through the returned `flow` (the message service's
 * C2C hook calls it).
 */
export async function registerDesk(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  im: { sigs: UserSigs; social: SocialService },
): Promise<{ desk: DeskService; flow: DeskFlow }> {
  const repo = new DeskRepo(deps.db);
  const desk = new DeskService(repo, {
    store: async (storeId) => {
      const s = await uses.catalogue.goods.store(storeId, undefined);
      return { name: s.name, logo: s.logo };
    },
    ensureProfile: (userID, nick, avatar) => im.social.ensure(userID, nick, avatar),
    issueSig: (userID, agentId) => im.sigs.issue(userID, Date.now(), DESK_SIG_TTL_SECONDS, agentId),
    agents: (storeId) => uses.access.staff.holdersOf(storeId, 'chat.write'),
    recentOrders: (userId, storeId) =>
      orderReads.recentOfBuyerInStore(deps.db, userId, storeId, RECENT_ORDERS),
    audit: uses.access.audit,
  });
  const quick = new QuickReplies(
    new QuickReplyRepo(narrowDb(deps.db)),
    uses.access.audit,
    async (id) => {
      await uses.catalogue.goods.store(id, undefined);
    },
  );
  const flow = new DeskFlow(
    repo,
    new BuyerMessageRepo(narrowDb(deps.db)),
    deps.log,
    deps.config.DATABASE_URL ? 4 : 1,
  );
  await deskRoutes(app, desk, quick);
  return { desk, flow };
}
