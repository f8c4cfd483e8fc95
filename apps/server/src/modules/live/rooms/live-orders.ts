import { AppError } from '../../../platform/errors.ts';
import type { LiveOrderPort } from '../../order/index.ts';
import type { LiveRepos } from '../repo-base.ts';
import type { RoomChannel } from './room-channel.ts';

/**
 * Orders placed from a live room: every SKU must be a product the room sells now (on its shelf,
 * 去抢购); the order then carries the room, which is what the room's GMV sums. A placed order
 * shows in the room's ticker.
 */
export function liveOrderPort(
  repos: LiveRepos,
  channel: RoomChannel,
  nick: (userId: number) => Promise<string>,
): LiveOrderPort {
  return {
    async check(roomId, skuIds) {
      const room = await repos.rooms.room(roomId);
      if (!room) throw new AppError('LIVE_ROOM_NOT_FOUND');
      if (room.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
      const rows = await repos.shelf.sellable(roomId, skuIds);
      // Unknown SKUs are the order's own error (SKU_NOT_FOUND), answered by the placement.
      for (const r of rows) {
        if (r.status === null || r.status === 'hidden') throw new AppError('LIVE_SHELF_NOT_ON');
        if (r.status !== 'onSale') throw new AppError('LIVE_SHELF_NOT_BUYABLE');
      }
    },
    placed(roomId, userId, skuIds) {
      const [first] = skuIds;
      if (first === undefined) return;
      void (async () => {
        const [room, product, nickname] = await Promise.all([
          repos.rooms.room(roomId),
          repos.shelf.productTitle(first),
          nick(userId),
        ]);
        if (room?.state !== 'live' || !product) return;
        await channel.emit(roomId, userId, { type: 'buy', nickname, title: product.title });
      })().catch(() => undefined);
    },
  };
}
