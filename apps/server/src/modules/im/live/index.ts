import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../../deps.ts';
import { connectRedis } from '../../../platform/redis.ts';
import type { ModuleUses } from '../../uses.ts';
import { UserSigs } from '../session/im-sig.ts';
import { liveRoutes } from './live.routes.ts';
import { LiveHub } from './live-hub.ts';
import { type LiveLog, MemoryLiveLog, RedisLiveLog } from './live-log.ts';
import type { LiveRooms, LiveRoomsOptions } from './live-rooms.ts';
import { LiveService } from './live-service.ts';
import { LiveSockets } from './live-ws.ts';
import { LongPollKeys } from './long-poll-key.ts';

export type { LivePost, LiveRooms, LiveRoomsOptions } from './live-rooms.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live chat room (AVChatRoom) fan-out service; see live-rooms.ts. */
    liveRooms: LiveRooms;
  }
}

/**
 * Builds the live-room path: the log (Redis in cluster mode), the hub, the plain-ws endpoint at
 * LIVE_WS_PATH and the `imLive` HTTP family. Call once from the IM module.
 */
export async function registerLiveRooms(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  options: LiveRoomsOptions = {},
): Promise<LiveRooms> {
  const sigs = new UserSigs(deps.secret);
  const checkUserSig =
    options.checkUserSig ??
    (async (userID: string, userSig: string) => {
      const claims = sigs.claims(userSig);
      return claims?.userID === userID ? claims : undefined;
    });
  let log: LiveLog;
  if (deps.config.REDIS_URL) {
    const prefix = deps.config.REDIS_PREFIX;
    const redis = await connectRedis(deps.config.REDIS_URL, 'chaopin-live', prefix);
    const sub = await connectRedis(deps.config.REDIS_URL, 'chaopin-live-sub', prefix);
    log = await RedisLiveLog.create(redis, sub, prefix);
  } else {
    log = new MemoryLiveLog();
  }
  const hub = new LiveHub();
  let sockets: LiveSockets | undefined;
  const live = new LiveService(hub, log, options, (roomId, viewers) =>
    sockets?.dismissed(roomId, viewers),
  );
  sockets = new LiveSockets(
    live,
    async (query) => {
      const token = query.get('token');
      if (token) {
        const user = await uses.users.sessions.resolve(token);
        if (!user) throw new Error('bad token');
        return { userID: String(user.id) };
      }
      const userID = query.get('userID');
      const userSig = query.get('userSig');
      if (userID && userSig) {
        const sig = await checkUserSig(userID, userSig);
        if (!sig) throw new Error('bad userSig');
        return { userID, sig: { issuedMs: sig.issuedMs, expireMs: sig.expireMs } };
      }
      return null;
    },
    deps.log,
  );
  sockets.attach(app.server);
  options.onSigRevoked?.((userID, notBefore) => sockets?.revoked(userID, notBefore));
  app.addHook('preClose', async () => {
    await sockets?.close();
    await live.close();
  });
  app.decorate('liveRooms', live);
  await liveRoutes(app, live, new LongPollKeys(deps.secret));
  return live;
}
