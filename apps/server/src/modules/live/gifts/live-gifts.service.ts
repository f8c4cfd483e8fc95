import {
  LIVE_GIFT_HOST_SHARE,
  type LiveGift,
  type LiveGiftBody,
  type LiveGiftSent,
  type LiveRankingData,
  type LiveRankingQuery,
} from '@chaopin/contracts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import type { LiveRepos } from '../repo-base.ts';
import { periodKeys } from '../rooms/live-view.ts';
import type { RoomChannel } from '../rooms/room-channel.ts';

/** The ranking scope of every room together. */
const ALL_ROOMS = 0;

/**
 * Gifts (打赏): paid from the balance behind the pay password, through the ledger in one
 * transaction with the gift row, the host's share (earnings), the platform's share, the room's
 * totals and the rankings. Idempotent on (user, client key): a retry answers the first gift.
 */
export class LiveGifts {
  constructor(
    private readonly repos: LiveRepos,
    private readonly ledger: Ledger,
    private readonly channel: RoomChannel,
    private readonly verifyPayPassword: (userId: number, password: string) => Promise<void>,
    private readonly profile: (userId: number) => Promise<{ nickname: string; avatar: string }>,
    private readonly hostSharePercent = LIVE_GIFT_HOST_SHARE,
  ) {}

  async catalogue(): Promise<LiveGift[]> {
    return (await this.repos.gifts.gifts()).map(({ enabled: _, ...g }) => g);
  }

  async send(userId: number, body: LiveGiftBody): Promise<LiveGiftSent> {
    const earlier = await this.repos.gifts.giftByKey(userId, body.clientKey);
    if (earlier) return this.answer(userId, earlier.id, Number(earlier.amount));
    const room = await this.repos.rooms.room(body.roomId);
    if (!room) throw new AppError('LIVE_ROOM_NOT_FOUND');
    if (room.state === 'banned') throw new AppError('LIVE_ROOM_BANNED');
    if (room.state !== 'live') throw new AppError('LIVE_NOT_LIVE');
    if (room.host_id === userId) throw new AppError('LIVE_GIFT_SELF');
    const gift = await this.repos.gifts.gift(body.giftId);
    if (!gift?.enabled) throw new AppError('LIVE_GIFT_NOT_FOUND');
    await this.verifyPayPassword(userId, body.payPassword);
    const amount = gift.price * body.count;
    const hostShare = Math.floor((amount * this.hostSharePercent) / 100);
    const keys = periodKeys(new Date());
    const id = await this.repos.rooms.transaction(async (trx) => {
      const row = await this.repos.gifts.insertGift(narrowDb(trx), {
        roomId: room.id,
        hostId: room.host_id,
        userId,
        giftId: gift.id,
        count: body.count,
        amount,
        hostShare,
        clientKey: body.clientKey,
      });
      if (!row) return null;
      const [wallet, earning, revenue] = await Promise.all([
        this.ledger.wallet(trx, userId),
        this.ledger.earning(trx, room.host_id),
        this.ledger.revenue(trx, 'live-gift'),
      ]);
      await this.ledger.post(trx, {
        kind: 'live-gift',
        ref: String(row.id),
        memo: `直播礼物 ${gift.name}×${body.count}`,
        entries: [
          { accountId: wallet, amount: -amount },
          { accountId: earning, amount: hostShare },
          { accountId: revenue, amount: amount - hostShare },
        ],
      });
      await this.repos.gifts.addGiftToRoom(narrowDb(trx), room.id, body.count, amount);
      const periods = [keys.total, keys.day, keys.week];
      await this.repos.gifts.addReward(
        narrowDb(trx),
        [room.id, ALL_ROOMS].flatMap((scope) => periods.map((period) => ({ scope, period }))),
        userId,
        amount,
      );
      return row.id;
    });
    if (id === null) {
      // A concurrent retry with the same key won: answer its gift.
      const won = await this.repos.gifts.giftByKey(userId, body.clientKey);
      if (!won) throw new AppError('LIVE_GIFT_NOT_FOUND');
      return this.answer(userId, won.id, Number(won.amount));
    }
    const who = await this.profile(userId);
    await this.channel.emit(room.id, userId, {
      type: 'gift',
      userId,
      nickname: who.nickname,
      avatar: who.avatar,
      gift: { id: gift.id, name: gift.name, icon: gift.icon, price: gift.price, tier: gift.tier },
      count: body.count,
    });
    return this.answer(userId, id, amount);
  }

  private async answer(userId: number, id: number, amount: number): Promise<LiveGiftSent> {
    return { id, amount, balance: await this.ledger.balanceOf(userId) };
  }

  async ranking(userId: number | null, q: LiveRankingQuery): Promise<LiveRankingData> {
    const scope = q.roomId ?? ALL_ROOMS;
    if (q.roomId !== undefined && !(await this.repos.rooms.room(q.roomId))) {
      throw new AppError('LIVE_ROOM_NOT_FOUND');
    }
    const period = periodKeys(new Date())[q.period ?? 'total'];
    const rows = await this.repos.gifts.ranking(scope, period, q.limit ?? 20);
    const list = rows.map((r, i) => ({
      rank: i + 1,
      userId: r.user_id,
      nickname: r.nickname,
      avatar: r.avatar,
      amount: Number(r.amount),
    }));
    let mine = null;
    if (userId) {
      const own = await this.repos.gifts.rankOf(scope, period, userId);
      if (own) {
        mine = {
          rank: own.rank,
          userId,
          nickname: own.nickname,
          avatar: own.avatar,
          amount: Number(own.amount),
        };
      }
    }
    return { list, mine };
  }
}
