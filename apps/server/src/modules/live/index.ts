import { LIVE_PUSH_TTL_MINUTES } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { lateBound } from '../../platform/late-bound.ts';
import type { ImModule } from '../im/index.ts';
import type { LiveOrderPort } from '../order/index.ts';
import type { ModuleUses } from '../uses.ts';
import { AudienceRepo } from './audience/audience.repo.ts';
import { LiveAudience } from './audience/live-audience.service.ts';
import { GiftsRepo } from './gifts/gifts.repo.ts';
import { LiveGifts } from './gifts/live-gifts.service.ts';
import { HostsRepo } from './hosts/hosts.repo.ts';
import { LiveAdmin } from './hosts/live-admin.service.ts';
import { LiveHosts } from './hosts/live-hosts.service.ts';
import { liveRoutes } from './live.routes.ts';
import { liveAdminRoutes } from './live-admin.routes.ts';
import { liveHostRoutes } from './live-host.routes.ts';
import { createMediaEngine, type MediaEngine, type StreamGate } from './media/index.ts';
import type { LiveRepos } from './repo-base.ts';
import { LiveDiscovery } from './rooms/live-discovery.service.ts';
import { liveOrderPort } from './rooms/live-orders.ts';
import { LiveRoomService } from './rooms/live-room.service.ts';
import { RoomChannel } from './rooms/room-channel.ts';
import { RoomStats } from './rooms/room-stats.ts';
import { RoomsRepo } from './rooms/rooms.repo.ts';
import { ShelfRepo } from './rooms/shelf.repo.ts';
import { relayCuts } from './stream/relay-cuts.ts';
import { LiveStreamGate } from './stream/stream-gate.ts';
import { StreamSigner } from './stream/stream-sign.ts';

export interface LiveModule {
  discovery: LiveDiscovery;
  rooms: LiveRoomService;
  hosts: LiveHosts;
  audience: LiveAudience;
  gifts: LiveGifts;
  admin: LiveAdmin;
  media: MediaEngine;
  gate: LiveStreamGate;
  signer: StreamSigner;
  /** The order module's live port: orders naming a room (late-bound by app.ts). */
  orderPort: LiveOrderPort;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Live selling's services (tests reach the media engine and the gate through it). */
    liveModule: LiveModule;
  }
}

/**
 * Live selling: rooms and their shelf, likes, gifts, follows and 预约, hosts and the operator's
 * tools, on the IM's live chat rooms and the media engine (video in and out, replays).
 */
export async function registerLiveModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  im: ImModule,
): Promise<LiveModule> {
  const repo: LiveRepos = {
    rooms: new RoomsRepo(deps.db),
    shelf: new ShelfRepo(deps.db),
    audience: new AudienceRepo(deps.db),
    hosts: new HostsRepo(deps.db),
    gifts: new GiftsRepo(deps.db),
  };
  const channel = new RoomChannel(app.liveRooms, im.groups, deps.log);
  const profile = async (userId: number) =>
    (await uses.users.users.account(userId)) ?? { nickname: '用户', avatar: '' };
  const nick = async (userId: number) => (await profile(userId)).nickname;
  const signer = new StreamSigner(deps.secret, LIVE_PUSH_TTL_MINUTES);
  // The engine and the gate need each other: the engine calls the gate, the rooms cut streams.
  const lateGate = lateBound<StreamGate>('live media engine ← stream gate');
  const media = await relayCuts(createMediaEngine(app, deps, lateGate.port), deps);
  const { orders } = uses.order;
  const { ledger } = uses.ledger;
  const stats = new RoomStats(orders);
  const hosts = new LiveHosts(repo);
  const rooms = new LiveRoomService(
    repo,
    hosts,
    channel,
    media,
    stats,
    signer,
    ledger,
    deps.config.LIVE_GIFT_HOST_SHARE_PERCENT,
  );
  const gate = new LiveStreamGate(
    repo,
    rooms,
    channel,
    signer,
    deps.rateLimit,
    deps.events,
    deps.log,
    (name) => media.isPublishing(name),
  );
  lateGate.bind(gate);
  const discovery = new LiveDiscovery(repo, channel, media, stats, deps.rateLimit);
  const audience = new LiveAudience(repo, channel, deps.rateLimit, nick);
  const gifts = new LiveGifts(
    repo,
    ledger,
    channel,
    (userId, password) => uses.users.payPassword.verify(userId, password),
    profile,
    deps.config.LIVE_GIFT_HOST_SHARE_PERCENT,
  );
  const admin = new LiveAdmin(repo, rooms);
  const orderPort = liveOrderPort(repo, channel, nick);

  const m: LiveModule = {
    discovery,
    rooms,
    hosts,
    audience,
    gifts,
    admin,
    media,
    gate,
    signer,
    orderPort,
  };
  app.decorate('liveModule', m);
  await liveRoutes(app, { discovery, audience, gifts });
  await liveHostRoutes(app, { hosts, rooms });
  await liveAdminRoutes(app, { hosts, admin });
  app.addHook('onReady', async () => {
    // The shop works without live video: a taken RTMP port is logged, not fatal.
    await media
      .start()
      .catch((err: unknown) => deps.log.error({ err }, 'live video ingest not started'));
  });
  return m;
}
