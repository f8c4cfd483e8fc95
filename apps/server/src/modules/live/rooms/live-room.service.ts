import {
  LIVE_NOTICE_MAX_DAYS,
  type LiveCentreData,
  type LiveHistoryRow,
  type LivePushData,
  type LiveShelfItem,
  type LiveStats,
  type LiveUpInfoBody,
  type LiveUpShopBody,
  type PageOf,
} from '@chaopin/contracts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { LiveHosts } from '../hosts/live-hosts.service.ts';
import type { MediaEngine } from '../media/media-port.ts';
import type { LiveRepos } from '../repo-base.ts';
import { type StreamSigner, streamName } from '../stream/stream-sign.ts';
import { hostOf, toCard, toShelf } from './live-view.ts';
import { chatRoomOf, type RoomChannel } from './room-channel.ts';
import type { RoomStats } from './room-stats.ts';
import type { RoomRow } from './rooms.repo.ts';

/** The host's side of a room: info, the shelf and 讲解中, the push address, ending, figures. */
export class LiveRoomService {
  constructor(
    private readonly repos: LiveRepos,
    private readonly hosts: LiveHosts,
    private readonly channel: RoomChannel,
    private readonly media: MediaEngine,
    private readonly stats: RoomStats,
    private readonly signer: StreamSigner,
    private readonly ledger: Ledger,
    private readonly giftHostSharePercent: number,
  ) {}

  /** The caller's room, or LIVE_ROOM_NOT_FOUND / LIVE_ROOM_FORBIDDEN. */
  async ownRoom(userId: number, roomId: number): Promise<RoomRow> {
    const r = await this.repos.rooms.room(roomId);
    if (!r) throw new AppError('LIVE_ROOM_NOT_FOUND');
    if (r.host_id !== userId) throw new AppError('LIVE_ROOM_FORBIDDEN');
    return r;
  }

  private async openRoom(userId: number, roomId: number): Promise<RoomRow> {
    const r = await this.ownRoom(userId, roomId);
    if (r.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
    if (r.state === 'ended') throw new AppError('LIVE_ROOM_ENDED');
    return r;
  }

  private noticeTime(value: string | null | undefined, now = Date.now()): Date | null {
    if (!value) return null;
    const at = new Date(value);
    const t = at.getTime();
    if (!Number.isFinite(t) || t <= now || t > now + LIVE_NOTICE_MAX_DAYS * 86_400_000) {
      throw new AppError('LIVE_NOTICE_TIME_INVALID');
    }
    return at;
  }

  /** Creates the host's room (one open room at a time) or edits one not yet ended. */
  async upInfo(userId: number, body: LiveUpInfoBody): Promise<{ id: number }> {
    await this.hosts.requireHost(userId);
    const title = body.title.trim();
    if (!title) throw new AppError('LIVE_TITLE_INVALID');
    if (!(await this.repos.rooms.sortExists(body.sortId))) throw new AppError('LIVE_SORT_INVALID');
    const values = { title, cover: body.cover, sortId: body.sortId };
    if (body.roomId !== undefined) {
      const r = await this.openRoom(userId, body.roomId);
      // A live room keeps its start; only a 预告 moves its announced time.
      const noticeAt =
        r.state === 'notice'
          ? body.noticeAt === undefined
            ? r.notice_at
            : this.noticeTime(body.noticeAt)
          : r.notice_at;
      await this.repos.rooms.updateRoomInfo(this.repos.rooms.db, r.id, { ...values, noticeAt });
      return { id: r.id };
    }
    const noticeAt = this.noticeTime(body.noticeAt);
    const id = await this.repos.rooms
      .transaction(
        async (trx) =>
          (
            await this.repos.rooms.insertRoom(narrowDb(trx), {
              hostId: userId,
              ...values,
              noticeAt,
            })
          ).id,
      )
      .catch((err: unknown) => {
        // The partial unique index: another open room of this host exists.
        if ((err as { code?: string }).code === '23505')
          throw new AppError('LIVE_ROOM_OPEN_EXISTS');
        throw err;
      });
    await this.channel.open(id, userId, title);
    return { id };
  }

  async hostShelf(userId: number, roomId: number): Promise<LiveShelfItem[]> {
    const r = await this.ownRoom(userId, roomId);
    return toShelf(await this.repos.shelf.shelf(r.id), r.pinned_product_id, true);
  }

  private async broadcastShelf(r: RoomRow, pinned: number | null): Promise<LiveShelfItem[]> {
    const rows = await this.repos.shelf.shelf(r.id);
    const visible = toShelf(rows, pinned);
    await this.channel.emit(r.id, r.host_id, {
      type: 'shelf',
      shelf: visible,
      pinned: visible.find((s) => s.pinned) ?? null,
    });
    return toShelf(rows, pinned, true);
  }

  async upShop(userId: number, body: LiveUpShopBody): Promise<LiveShelfItem[]> {
    const r = await this.openRoom(userId, body.roomId);
    const ids = body.items.map((i) => i.productId);
    if (new Set(ids).size !== ids.length) throw new AppError('LIVE_SHELF_INVALID');
    const products = await this.repos.shelf.onSaleProducts(ids);
    if (products.length !== ids.length || products.some((p) => p.status !== 1)) {
      throw new AppError('PRODUCT_NOT_FOUND');
    }
    // The pinned product stays pinned only while it is still shown.
    const keep = body.items.find(
      (i) => i.productId === r.pinned_product_id && i.status !== 'hidden',
    );
    const pinned = keep ? r.pinned_product_id : null;
    await this.repos.rooms.transaction(async (trx) => {
      await this.repos.shelf.replaceShelf(narrowDb(trx), r.id, body.items);
      if (pinned !== r.pinned_product_id)
        await this.repos.rooms.setPinned(narrowDb(trx), r.id, pinned);
    });
    return this.broadcastShelf(r, pinned);
  }

  async setStatus(
    userId: number,
    roomId: number,
    productId: number,
    status: LiveShelfItem['status'],
  ): Promise<LiveShelfItem[]> {
    const r = await this.openRoom(userId, roomId);
    const pinned =
      status === 'hidden' && r.pinned_product_id === productId ? null : r.pinned_product_id;
    await this.repos.rooms.transaction(async (trx) => {
      if (!(await this.repos.shelf.setShelfStatus(narrowDb(trx), r.id, productId, status))) {
        throw new AppError('LIVE_SHELF_NOT_ON');
      }
      if (pinned !== r.pinned_product_id)
        await this.repos.rooms.setPinned(narrowDb(trx), r.id, pinned);
    });
    return this.broadcastShelf(r, pinned);
  }

  /** Pins a shown product as 讲解中 (null: none); every viewer hears it within a second. */
  async pin(userId: number, roomId: number, productId: number | null): Promise<LiveShelfItem[]> {
    const r = await this.openRoom(userId, roomId);
    if (productId !== null) {
      const on = (await this.repos.shelf.shelf(r.id)).find((s) => s.product_id === productId);
      if (!on || on.status === 'hidden') throw new AppError('LIVE_SHELF_NOT_ON');
    }
    await this.repos.rooms.setPinned(this.repos.rooms.db, r.id, productId);
    return this.broadcastShelf(r, productId);
  }

  /** The signed push address of the host's open room (each call a fresh, single-use key). */
  async livePlay(userId: number, roomId: number): Promise<LivePushData> {
    const r = await this.openRoom(userId, roomId);
    if (this.media.kind === 'off') throw new AppError('LIVE_VIDEO_OFF');
    const name = streamName(r.id);
    const grant = this.signer.grant(r.id, userId);
    const url = `${this.media.pushUrl(name)}?${grant.query}`;
    const server = url.slice(0, url.lastIndexOf('/', url.indexOf('?')));
    return {
      server,
      streamKey: `${name}?${grant.query}`,
      url,
      expiresAt: grant.expiresAt.toISOString(),
    };
  }

  /** Ends the broadcast: the stream is cut, the room closed; its figures answer. */
  async end(userId: number, roomId: number): Promise<LiveStats> {
    const r = await this.ownRoom(userId, roomId);
    if (r.state !== 'live')
      throw new AppError(r.state === 'banned' ? 'LIVE_ROOM_BANNED' : 'LIVE_NOT_LIVE');
    await this.close(r, 'ended');
    const after = await this.repos.rooms.room(r.id);
    return this.stats.of(after ?? r, 0);
  }

  /** Closes a room once (ended or banned), cuts its stream and tells its viewers. */
  async close(r: RoomRow, to: 'ended' | 'banned', reason = ''): Promise<boolean> {
    const closed = await this.repos.rooms.transaction((trx) =>
      this.repos.rooms.close(narrowDb(trx), r.id, to, reason),
    );
    if (!closed) return false;
    this.media.cut(streamName(r.id));
    await this.channel.emit(r.id, r.host_id, { type: 'state', state: to });
    return true;
  }

  async figures(userId: number, roomId: number): Promise<LiveStats> {
    const r = await this.ownRoom(userId, roomId);
    const online = r.state === 'live' ? await this.channel.online(r.id) : 0;
    if (online > r.peak_online) await this.repos.rooms.raisePeak(r.id, online);
    return this.stats.of(r, online);
  }

  async history(
    userId: number,
    pageNum: number,
    pageSize: number,
  ): Promise<PageOf<LiveHistoryRow>> {
    const [rows, count] = await this.repos.rooms.historyOf(
      userId,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    const stats = await this.stats.many(rows);
    return {
      list: rows.map((r) => ({ room: toCard(r), stats: stats.get(r.id) ?? this.stats.empty() })),
      total: Number(count.n),
      pageNum,
      pageSize,
    };
  }

  async centre(userId: number): Promise<LiveCentreData> {
    const status = await this.hosts.status(userId);
    const profile = await this.repos.hosts.hostProfile(userId);
    if (!profile) throw new AppError('LOGIN_REQUIRED');
    const current = await this.repos.rooms.openRoomOf(userId);
    const online = current?.state === 'live' ? await this.channel.online(current.id) : 0;
    return {
      host: current
        ? hostOf(current)
        : {
            id: profile.id,
            nickname: profile.nickname,
            avatar: profile.avatar,
            followers: Number(profile.followers),
          },
      status,
      current: current ? toCard(current, online) : null,
      chatRoomId: current ? chatRoomOf(current.id) : null,
      currentStats: current ? await this.stats.of(current, online) : null,
      earnings: await this.ledger.earningsOf(userId),
      giftAmount: await this.repos.gifts.receivedBy(userId),
      giftSharePercent: this.giftHostSharePercent,
    };
  }
}
