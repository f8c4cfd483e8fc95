import type {
  LiveHost,
  LiveRankPeriod,
  LiveRoomCard,
  LiveRoomState,
  LiveShelfItem,
  LiveStats,
} from '@chaopin/contracts';
import type { RoomRow } from './rooms.repo.ts';
import type { ShelfRow } from './shelf.repo.ts';

/** The badge of a room card. */
export function stateLabel(
  state: LiveRoomState,
  noticeAt: Date | null,
  hasReplay: boolean,
): string {
  switch (state) {
    case 'live':
      return '直播中';
    case 'notice':
      return noticeAt ? '预告' : '准备中';
    case 'ended':
      return hasReplay ? '回放' : '已结束';
    case 'banned':
      return '已封禁';
  }
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function hostOf(r: RoomRow): LiveHost {
  return {
    id: r.host_id,
    nickname: r.host_nickname,
    avatar: r.host_avatar,
    followers: Number(r.host_followers),
  };
}

export function toCard(r: RoomRow, online = 0): LiveRoomCard {
  const hasReplay = r.state === 'ended' && r.record_file !== null;
  return {
    id: r.id,
    title: r.title,
    cover: r.cover,
    sortId: r.sort_id,
    state: r.state,
    stateLabel: stateLabel(r.state, r.notice_at, hasReplay),
    host: hostOf(r),
    online: r.state === 'live' ? online : 0,
    viewers: r.viewers,
    likes: Number(r.likes),
    noticeAt: iso(r.notice_at),
    startedAt: iso(r.started_at),
    endedAt: iso(r.ended_at),
    hasReplay,
  };
}

/** Shelf rows as viewers see them: hidden ones dropped unless `all` (the host's editor). */
export function toShelf(rows: ShelfRow[], pinnedId: number | null, all = false): LiveShelfItem[] {
  return rows
    .filter((r) => all || r.status !== 'hidden')
    .map((r) => ({
      productId: r.product_id,
      title: r.title,
      image: r.image,
      price: r.price,
      stock: Number(r.stock),
      sales: r.sales,
      status: r.status,
      sort: r.sort,
      pinned: r.product_id === pinnedId,
    }));
}

export function toStats(
  r: RoomRow,
  online: number,
  sales: { orders: number; gmv: number } | undefined,
  now = Date.now(),
): LiveStats {
  const start = r.started_at?.getTime();
  const end = r.ended_at?.getTime() ?? now;
  return {
    online: r.state === 'live' ? online : 0,
    peakOnline: Math.max(r.peak_online, r.state === 'live' ? online : 0),
    viewers: r.viewers,
    likes: Number(r.likes),
    newFollowers: r.new_followers,
    orders: sales?.orders ?? 0,
    gmv: sales?.gmv ?? 0,
    gifts: r.gift_count,
    giftAmount: Number(r.gift_amount),
    durationMs: start ? Math.max(0, end - start) : 0,
  };
}

const CN_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The ranking's period keys at `now` (China time): total, the day, the ISO week from Monday. */
export function periodKeys(now: Date): Record<LiveRankPeriod, string> {
  const day = CN_DAY.format(now).replaceAll('-', '');
  // Days since the epoch in China time, then back to that week's Monday (1970-01-01 was a Thursday).
  const local = Math.floor((now.getTime() + 8 * 3_600_000) / 86_400_000);
  const monday = local - ((local + 3) % 7);
  return { total: 't', day: `d${day}`, week: `w${monday}` };
}

/** Sorts 推荐 candidates: live first, then by online count, then followers, then the soonest 预告. */
export function rankRecommend<
  T extends {
    state: string;
    online: number;
    followers: number;
    id: number;
    noticeAt: string | null;
  },
>(rows: T[]): T[] {
  // A 预告 without a time goes last.
  const at = (r: T) => (r.noticeAt ? Date.parse(r.noticeAt) : Number.POSITIVE_INFINITY);
  const soonest = (a: T, b: T) => Math.sign(at(a) - at(b)) || 0;
  return [...rows].sort(
    (a, b) =>
      Number(b.state === 'live') - Number(a.state === 'live') ||
      b.online - a.online ||
      b.followers - a.followers ||
      (a.state === 'live' ? 0 : soonest(a, b)) ||
      b.id - a.id,
  );
}
