import type {
  SeckillItem,
  SeckillItemState,
  SeckillSession,
  SeckillSessionState,
} from '@chaopin/contracts';
import type { ItemRow, SessionRow } from './seckill.repo.ts';

const LABELS: Record<SeckillSessionState, string> = {
  upcoming: '即将开始',
  running: '抢购中',
  started: '已开抢',
  ended: '已结束',
};

/**
 * A session's state at `now`: of the sessions that have started and not ended, the one that
 * started last is 抢购中 and earlier ones are 已开抢 (still open, usually with little left).
 */
export function sessionState(
  s: Pick<SessionRow, 'start_at' | 'end_at'>,
  now: Date,
  latestStart: Date | null,
): SeckillSessionState {
  if (now < s.start_at) return 'upcoming';
  if (now >= s.end_at) return 'ended';
  return latestStart && s.start_at < latestStart ? 'started' : 'running';
}

/** The start of the latest session that is open at `now`. */
export function latestOpenStart(sessions: readonly SessionRow[], now: Date): Date | null {
  let latest: Date | null = null;
  for (const s of sessions) {
    if (s.start_at <= now && now < s.end_at && (!latest || s.start_at > latest))
      latest = s.start_at;
  }
  return latest;
}

export function toSession(s: SessionRow, state: SeckillSessionState): SeckillSession {
  return {
    id: s.id,
    title: s.title,
    startAt: s.start_at.toISOString(),
    endAt: s.end_at.toISOString(),
    state,
    label: LABELS[state],
    payMinutes: s.pay_minutes,
  };
}

export function itemState(i: ItemRow, now: Date): SeckillItemState {
  if (now < i.start_at) return 'remind';
  if (now >= i.end_at || !i.on_shelf) return 'ended';
  return i.sold >= i.flash_stock ? 'soldOut' : 'buy';
}

export function toItem(i: ItemRow, now: Date, subscribed: boolean): SeckillItem {
  return {
    id: i.id,
    sessionId: i.session_id,
    productId: i.product_id,
    skuId: i.sku_id,
    title: i.title,
    skuName: i.sku_name,
    image: i.image,
    price: i.price,
    flashPrice: i.flash_price,
    flashStock: i.flash_stock,
    sold: i.sold,
    // Floor, so a card shows 100% only when nothing is left.
    progress: Math.min(100, Math.floor((i.sold * 100) / i.flash_stock)),
    perUserLimit: i.per_user_limit,
    state: itemState(i, now),
    subscribed,
    startAt: i.start_at.toISOString(),
    endAt: i.end_at.toISOString(),
  };
}
