import type { LiveAdUpsertBody, LiveGiftUpsertBody } from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { LiveRepos } from '../repo-base.ts';
import type { LiveRoomService } from '../rooms/live-room.service.ts';

/** The operator's live tools: banning a room, the gift catalogue and the 直播 tab's ads. */
export class LiveAdmin {
  constructor(
    private readonly repos: LiveRepos,
    private readonly rooms: LiveRoomService,
  ) {}

  /** Bans a room: its stream is cut and its viewers told at once. */
  async ban(roomId: number, reason: string): Promise<void> {
    const r = await this.repos.rooms.room(roomId);
    if (!r) throw new AppError('LIVE_ROOM_NOT_FOUND');
    if (r.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
    await this.rooms.close(r, 'banned', reason.trim());
  }

  async upsertGift(body: LiveGiftUpsertBody): Promise<{ id: number }> {
    const row = await this.repos.gifts.upsertGift({ ...body, name: body.name.trim() });
    if (!row) throw new AppError('LIVE_GIFT_NOT_FOUND');
    return row;
  }

  async upsertAd(body: LiveAdUpsertBody): Promise<{ id: number }> {
    const row = await this.repos.rooms.upsertAd(body);
    if (!row) throw new AppError('LIVE_AD_NOT_FOUND');
    return row;
  }

  gifts() {
    return this.repos.gifts.gifts(false);
  }
}
