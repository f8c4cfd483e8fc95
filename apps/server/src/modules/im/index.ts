import { randomInt } from 'node:crypto';
import { storeIdOfChatUser } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { withMultipart } from '../../platform/http-plugins.ts';
import { lateBound } from '../../platform/late-bound.ts';
import type { ModuleUses } from '../uses.ts';
import { type DeskFlow, registerDesk } from './desk/index.ts';
import { ImGateway } from './gateway.ts';
import { groupCommands } from './groups/group.commands.ts';
import { GroupRepo } from './groups/group.repo.ts';
import { GroupService } from './groups/group.service.ts';
import { imRoutes } from './im.routes.ts';
import { registerLiveRooms } from './live/index.ts';
import { messageCommands } from './messages/commands.ts';
import { MessageRepo } from './messages/message.repo.ts';
import { type C2cSent, type GroupAccess, MessageService } from './messages/message.service.ts';
import { SendBatchRepo } from './messages/send-batch.repo.ts';
import { ForceLogout } from './rest/force-logout.ts';
import { restFileRoutes, restRoutes } from './rest/rest.routes.ts';
import { RestFileRepo } from './rest/rest-file.repo.ts';
import { RestFileService } from './rest/rest-file.service.ts';
import { UserSigs } from './session/im-sig.ts';
import { KickRepo } from './session/kick.repo.ts';
import { SigGate } from './session/sig-gate.ts';
import { ShopReplyRepo } from './shop/shop-reply.repo.ts';
import { shopReplyRoutes } from './shop/shop-reply.routes.ts';
import { ShopReplies } from './shop/shop-reply.service.ts';
import { SocialRepo } from './social/social.repo.ts';
import { SocialService } from './social/social.service.ts';
import { imUploadRoutes } from './upload/upload.routes.ts';
import { ImUploadService } from './upload/upload.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Shop chat (客服) auto replies; see shop/shop-reply.service.ts. */
    shopReplies: ShopReplies;
    /** The 客服 desk's state, following the chat; see desk/desk-flow.ts. */
    deskFlow: DeskFlow;
  }
}

export type { GroupService } from './groups/group.service.ts';
export type { LiveRooms } from './live/index.ts';

export interface ImModule {
  sigs: UserSigs;
  social: SocialService;
  messages: MessageService;
  groups: GroupService;
  gateway: ImGateway;
  shopReplies: ShopReplies;
}

/** The messaging service (IM): Socket.IO transport, profiles, friends, groups, messages. */
export async function registerImModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<ImModule> {
  const sigs = new UserSigs(deps.secret, deps.config.IM_SIG_TTL_SECONDS);
  // A 客服 desk credential holds while its agent may answer that store (the access model, read fresh).
  const gate = new SigGate(
    sigs,
    new KickRepo(narrowDb(deps.db)),
    undefined,
    async (agentId, userID) => {
      const storeId = storeIdOfChatUser(userID);
      return storeId !== undefined && uses.access.staff.mayAnswer(agentId, storeId);
    },
  );
  const gateway = await ImGateway.create(app, deps, gate);
  await uses.access.onChange((userId) => {
    gateway
      .recheckAgent(userId)
      .catch((err: unknown) => deps.log.error({ err, userId }, 'im desk recheck failed'));
  });
  const social = new SocialService(new SocialRepo(narrowDb(deps.db)), gateway, async (userID) =>
    uses.users.users.account(Number(userID)),
  );
  const messageRepo = new MessageRepo(deps.db);
  // The group service and the shop replies are built on the messages, which call them: a cycle
  // inside the module, broken as app.ts breaks those between modules (platform/late-bound.ts).
  const lateGroups = lateBound<GroupAccess>('im messages ← groups');
  const lateC2c = lateBound<C2cSent>('im messages ← shop replies and the 客服 desk');
  const messages = new MessageService(
    messageRepo,
    social,
    gateway,
    lateGroups.port,
    lateC2c.port,
    new SendBatchRepo(narrowDb(deps.db)),
    deps.config.DATABASE_URL ? 4 : 1,
  );
  const groups = new GroupService(
    new GroupRepo(narrowDb(deps.db)),
    messageRepo,
    messages,
    social,
    gateway,
  );
  lateGroups.bind(groups);
  gateway.register(messageCommands(messages, social));
  gateway.register(groupCommands(groups));
  await imRoutes(app, sigs, social, uses.users, deps, uses.catalogue);
  const { flow: deskFlow } = await registerDesk(app, deps, uses, { sigs, social });
  const shopReplies = new ShopReplies(
    new ShopReplyRepo(deps.db),
    {
      storeName: async (storeId) => (await uses.catalogue.goods.store(storeId, undefined)).name,
      online: (userIDs) => gateway.online(userIDs),
      sendText: async (from, to, text) => {
        await messages.send(
          { userID: from, socketId: '', automatic: true },
          {
            conversationType: 'C2C',
            to,
            type: 'TIMTextElem',
            payload: { text },
            random: randomInt(2 ** 32),
          },
        );
      },
      audit: uses.access.audit,
      recordBuyerMessage: (storeId, buyer, message, now) =>
        deskFlow.buyerWrote(storeId, buyer, message, now),
    },
    deps.config.IM_SHOP_AWAY_SECONDS * 1000,
    deps.log,
  );
  lateC2c.bind((from, to, message, caller) => {
    shopReplies.onMessage(from, to, message);
    deskFlow.onMessage(from, to, message, caller.automatic === true);
  });
  app.decorate('shopReplies', shopReplies);
  app.decorate('deskFlow', deskFlow);
  app.addHook('preClose', () => Promise.all([shopReplies.idle(), deskFlow.idle()]).then(() => {}));
  await shopReplyRoutes(app, shopReplies);
  const uploads = new ImUploadService(deps.blobs);
  const restFiles = new RestFileService(new RestFileRepo(narrowDb(deps.db)));
  await withMultipart(app, async (scope) => {
    await imUploadRoutes(scope, gate, uploads);
    await restFileRoutes(scope, { files: restFiles, gate });
  });
  await restRoutes(app, {
    sigs,
    gate,
    logout: new ForceLogout(social, gateway),
    files: restFiles,
    social,
    groups,
  });
  groups.live = await registerLiveRooms(app, deps, uses, {
    // An AVChatRoom created before a restart (or on another node) is found in the group store.
    resolveRoom: async (roomId) => {
      const g = await groups.repo.group(roomId);
      return g?.type === 'AVChatRoom' ? { ownerId: g.owner_id } : null;
    },
    checkUserSig: (userID, userSig) => gate.check(userID, userSig),
    onSigRevoked: (listener) => gate.onRevoke(listener),
  });
  return { sigs, social, messages, groups, gateway, shopReplies };
}
