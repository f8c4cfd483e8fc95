import type { LiveFollowedHost, PageOf } from '@chaopin/contracts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { RateLimitStore } from '../../../platform/rate-limit.ts';
import type { LiveRepos } from '../repo-base.ts';
import type { RoomChannel } from '../rooms/room-channel.ts';

/** A like message a second per viewer: taps in between are batched by the client. */
const LIKE_WINDOW_MS = 1000;

/** Viewers' ties to rooms and hosts: follows, 预约 of a 预告, likes. */
export class LiveAudience {
  constructor(
    private readonly repos: LiveRepos,
    private readonly channel: RoomChannel,
    private readonly rateLimit: RateLimitStore,
    private readonly nick: (userId: number) => Promise<string>,
  ) {}

  private async mustHost(hostId: number) {
    const host = await this.repos.hosts.host(hostId);
    if (host?.status !== 'approved') throw new AppError('LIVE_HOST_NOT_FOUND');
  }

  async follow(userId: number, hostId: number, follow: boolean): Promise<void> {
    if (userId === hostId) throw new AppError('LIVE_FOLLOW_SELF');
    await this.mustHost(hostId);
    const changed = await this.repos.rooms.transaction(async (trx) => {
      const done = follow
        ? await this.repos.audience.follow(narrowDb(trx), userId, hostId)
        : await this.repos.audience.unfollow(narrowDb(trx), userId, hostId);
      if (done) {
        await this.repos.audience.bumpFollowers(narrowDb(trx), hostId, follow ? 1 : -1);
        if (follow) await this.repos.audience.bumpNewFollowers(narrowDb(trx), hostId);
      }
      return done;
    });
    if (changed && follow) {
      const live = await this.repos.rooms.openRoomOf(hostId);
      if (live?.state === 'live') {
        await this.channel.emit(live.id, userId, {
          type: 'follow',
          nickname: await this.nick(userId),
        });
      }
    }
  }

  async isFollow(userId: number, hostId: number): Promise<boolean> {
    return this.repos.audience.isFollowing(userId, hostId);
  }

  async follows(
    userId: number,
    pageNum: number,
    pageSize: number,
  ): Promise<PageOf<LiveFollowedHost>> {
    const [rows, count] = await this.repos.audience.followPage(
      userId,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        host: {
          id: r.host_id,
          nickname: r.nickname,
          avatar: r.avatar,
          followers: Number(r.followers),
        },
        liveRoomId: r.live_room_id ?? null,
        followedAt: r.created_at.toISOString(),
      })),
      total: Number(count.n),
      pageNum,
      pageSize,
    };
  }

  /** 预约: only a 预告 that has not started can be subscribed to. */
  async subscribe(userId: number, roomId: number): Promise<void> {
    const r = await this.repos.rooms.room(roomId);
    if (!r) throw new AppError('LIVE_ROOM_NOT_FOUND');
    if (r.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
    if (r.state !== 'notice') throw new AppError('LIVE_NOTICE_CLOSED');
    await this.repos.audience.subscribe(userId, roomId);
  }

  async unsubscribe(userId: number, roomId: number): Promise<void> {
    if (!(await this.repos.rooms.room(roomId))) throw new AppError('LIVE_ROOM_NOT_FOUND');
    await this.repos.audience.unsubscribe(userId, roomId);
  }

  async isNotice(userId: number, roomId: number): Promise<boolean> {
    if (!(await this.repos.rooms.room(roomId))) throw new AppError('LIVE_ROOM_NOT_FOUND');
    return this.repos.audience.isSubscribed(userId, roomId);
  }

  /** Adds a viewer's batched taps: one call (and one room message) a second at most. */
  async like(userId: number, roomId: number, count: number): Promise<{ likes: number }> {
    const r = await this.repos.rooms.room(roomId);
    if (!r) throw new AppError('LIVE_ROOM_NOT_FOUND');
    if (r.state !== 'live')
      throw new AppError(r.state === 'banned' ? 'LIVE_ROOM_BANNED' : 'LIVE_NOT_LIVE');
    const slot = await this.rateLimit.acquire(`live:like:${roomId}:${userId}`, LIKE_WINDOW_MS);
    if (!slot.ok) throw new AppError('LIVE_LIKE_TOO_FAST');
    const row = await this.repos.rooms.addLikes(roomId, count);
    const likes = Number(row?.likes ?? 0);
    await this.channel.emit(roomId, userId, {
      type: 'like',
      userId,
      nickname: await this.nick(userId),
      count,
      likes,
    });
    return { likes };
  }
}
