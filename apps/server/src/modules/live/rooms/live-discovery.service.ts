import type {
  LiveIndexData,
  LiveListQuery,
  LiveOverData,
  LiveReplay,
  LiveRoomCard,
  LiveRoomInfo,
  LiveShelfItem,
  PageOf,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { RateLimitStore } from '../../../platform/rate-limit.ts';
import type { MediaEngine } from '../media/media-port.ts';
import type { LiveRepos } from '../repo-base.ts';
import { streamName } from '../stream/stream-sign.ts';
import { hostOf, rankRecommend, toCard, toShelf } from './live-view.ts';
import type { RoomChannel } from './room-channel.ts';
import { chatRoomOf } from './room-channel.ts';
import type { RoomStats } from './room-stats.ts';
import type { RoomListFilter, RoomRow } from './rooms.repo.ts';

const RECOMMEND_MAX = 10;
/** A viewer is counted once a day per room. */
const VIEWER_TTL_MS = 86_400_000;

/** What viewers read: the 直播 tab, search, a room, its shelf, its replay and its summary. */
export class LiveDiscovery {
  constructor(
    private readonly repos: LiveRepos,
    private readonly channel: RoomChannel,
    private readonly media: MediaEngine,
    private readonly stats: RoomStats,
    private readonly rateLimit: RateLimitStore,
  ) {}

  private async cards(rows: RoomRow[]): Promise<LiveRoomCard[]> {
    const online = await Promise.all(
      rows.map((r) => (r.state === 'live' ? this.channel.online(r.id) : Promise.resolve(0))),
    );
    return rows.map((r, i) => toCard(r, online[i]));
  }

  async index(): Promise<LiveIndexData> {
    const [ads, sorts, recommend] = await Promise.all([
      this.repos.rooms.ads(),
      this.repos.rooms.sorts(),
      this.recommend(),
    ]);
    return { ads, sorts, recommend };
  }

  ads() {
    return this.repos.rooms.ads();
  }

  sorts() {
    return this.repos.rooms.sorts();
  }

  /** Live rooms first, then by online count and followers; then the soonest 预告s. */
  async recommend(): Promise<LiveRoomCard[]> {
    const rows = await this.repos.rooms.recommendCandidates(RECOMMEND_MAX * 3);
    const cards = await this.cards(rows);
    return rankRecommend(cards.map((c) => ({ ...c, followers: c.host.followers })))
      .slice(0, RECOMMEND_MAX)
      .map(({ followers: _, ...c }) => c);
  }

  async page(f: RoomListFilter, pageNum: number, pageSize: number): Promise<PageOf<LiveRoomCard>> {
    const { rows, total } = await this.repos.rooms.page(f, pageSize, (pageNum - 1) * pageSize);
    return { list: await this.cards(rows), total, pageNum, pageSize };
  }

  /** 我的提醒's live part: the 预告s (and rooms now live) the user 预约'd, soonest first. */
  reservations(userId: number, pageNum: number, pageSize: number) {
    return this.page({ subscriber: userId }, pageNum, pageSize);
  }

  list(q: LiveListQuery) {
    return this.page(
      { sortId: q.sortId || undefined, state: q.state as RoomListFilter['state'] },
      q.pageNum ?? 1,
      q.pageSize ?? 10,
    );
  }

  async mustRoom(roomId: number): Promise<RoomRow> {
    const r = await this.repos.rooms.room(roomId);
    if (!r) throw new AppError('LIVE_ROOM_NOT_FOUND');
    return r;
  }

  async roomInfo(userId: number | null, roomId: number, viewerKey: string): Promise<LiveRoomInfo> {
    const r = await this.mustRoom(roomId);
    const isHost = userId === r.host_id;
    const [online, shelf, isFollow, isNotice] = await Promise.all([
      r.state === 'live' ? this.channel.online(r.id) : Promise.resolve(0),
      this.repos.shelf.shelf(r.id),
      userId && !isHost
        ? this.repos.audience.isFollowing(userId, r.host_id)
        : Promise.resolve(false),
      userId ? this.repos.audience.isSubscribed(userId, r.id) : Promise.resolve(false),
    ]);
    if (r.state === 'live' && !isHost) await this.countViewer(r.id, viewerKey, online);
    const visible = toShelf(shelf, r.pinned_product_id);
    return {
      room: toCard(r, online),
      chatRoomId: chatRoomOf(r.id),
      play: r.state === 'live' ? this.media.playUrls(streamName(r.id)) : null,
      pinned: visible.find((s) => s.pinned) ?? null,
      shelfCount: visible.length,
      isFollow,
      isNotice,
      isHost,
      now: new Date().toISOString(),
    };
  }

  private async countViewer(roomId: number, viewerKey: string, online: number) {
    const first = await this.rateLimit.acquire(`live:viewer:${roomId}:${viewerKey}`, VIEWER_TTL_MS);
    if (first.ok) await this.repos.rooms.addViewer(roomId);
    if (online > 0) await this.repos.rooms.raisePeak(roomId, online);
  }

  async playVideo(roomId: number) {
    const r = await this.mustRoom(roomId);
    if (r.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
    if (r.state !== 'live') throw new AppError('LIVE_NOT_LIVE');
    return this.media.playUrls(streamName(r.id));
  }

  async replay(roomId: number): Promise<LiveReplay> {
    const r = await this.mustRoom(roomId);
    if (r.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
    if (!r.record_file || !r.record_format) throw new AppError('LIVE_NO_REPLAY');
    return {
      roomId: r.id,
      url: this.media.recordUrl(r.record_file),
      format: r.record_format,
      durationMs: Number(r.record_duration_ms),
      title: r.title,
      cover: r.cover,
      host: hostOf(r),
      startedAt: r.started_at?.toISOString() ?? null,
      endedAt: r.ended_at?.toISOString() ?? null,
    };
  }

  async shelf(roomId: number): Promise<LiveShelfItem[]> {
    const r = await this.mustRoom(roomId);
    return toShelf(await this.repos.shelf.shelf(r.id), r.pinned_product_id);
  }

  async over(userId: number | null, roomId: number): Promise<LiveOverData> {
    const r = await this.mustRoom(roomId);
    const isHost = userId === r.host_id;
    const [online, isFollow] = await Promise.all([
      r.state === 'live' ? this.channel.online(r.id) : Promise.resolve(0),
      userId && !isHost
        ? this.repos.audience.isFollowing(userId, r.host_id)
        : Promise.resolve(false),
    ]);
    const stats = await this.stats.of(r, online);
    // Sales figures are the host's business: a viewer sees the public ones only.
    const shown = isHost ? stats : { ...stats, orders: 0, gmv: 0, giftAmount: 0, newFollowers: 0 };
    return { room: toCard(r, online), stats: shown, isHost, isFollow };
  }
}
