import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { withMultipart } from '../../platform/http-plugins.ts';
import type { ModuleUses } from '../uses.ts';
import { messageCommands } from './commands.ts';
import { ForceLogout } from './force-logout.ts';
import { ImGateway } from './gateway.ts';
import { groupCommands } from './group.commands.ts';
import { GroupRepo } from './group.repo.ts';
import { GroupService } from './group.service.ts';
import { imRoutes } from './im.routes.ts';
import { UserSigs } from './im-sig.ts';
import { KickRepo } from './kick.repo.ts';
import { registerLiveRooms } from './live/index.ts';
import { MessageRepo } from './message.repo.ts';
import { MessageService } from './message.service.ts';
import { restFileRoutes, restRoutes } from './rest.routes.ts';
import { RestFileRepo } from './rest-file.repo.ts';
import { RestFileService } from './rest-file.service.ts';
import { SendBatchRepo } from './send-batch.repo.ts';
import { SigGate } from './sig-gate.ts';
import { SocialRepo } from './social.repo.ts';
import { SocialService } from './social.service.ts';
import { imUploadRoutes } from './upload.routes.ts';
import { ImUploadService } from './upload.service.ts';

export interface ImModule {
  sigs: UserSigs;
  social: SocialService;
  messages: MessageService;
  groups: GroupService;
  gateway: ImGateway;
}

/** The messaging service (IM): Socket.IO transport, profiles, friends, groups, messages. */
export async function registerImModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<ImModule> {
  const sigs = new UserSigs(deps.secret, deps.config.IM_SIG_TTL_SECONDS);
  const gate = new SigGate(sigs, new KickRepo(deps.db));
  const gateway = await ImGateway.create(app, deps, gate);
  const social = new SocialService(new SocialRepo(deps.db), gateway);
  const messageRepo = new MessageRepo(deps.db);
  const messages = new MessageService(
    messageRepo,
    social,
    gateway,
    new SendBatchRepo(deps.db),
    deps.config.DATABASE_URL ? 4 : 1,
  );
  const groups = new GroupService(new GroupRepo(deps.db), messageRepo, messages, social, gateway);
  messages.groups = groups;
  gateway.register(messageCommands(messages, social));
  gateway.register(groupCommands(groups));
  await imRoutes(app, sigs, social, uses.users, deps, uses.catalogue);
  const uploads = new ImUploadService(deps.blobs);
  const restFiles = new RestFileService(new RestFileRepo(deps.db));
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
  return { sigs, social, messages, groups, gateway };
}
