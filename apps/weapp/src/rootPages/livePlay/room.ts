import type { LivePlayUrls, LiveShelfItem } from '@chaopin/contracts';

/**
 * The address WeChat's <live-player> plays: HTTP-FLV (it plays RTMP and FLV, not WS-FLV or HLS),
 * made absolute against the server when the engine gives a path. Null when the room has none
 * (an external engine with HLS only: the mini-program cannot play it).
 */
export function livePlayerUrl(play: LivePlayUrls | null, origin: string): string | null {
  const flv = play?.flv;
  if (!flv) return null;
  if (/^(https?|rtmp):\/\//i.test(flv)) return flv;
  return `${origin.replace(/\/$/, '')}${flv.startsWith('/') ? '' : '/'}${flv}`;
}

/** A shelf item's button, as the web room shows it. */
export function shelfAction(item: Pick<LiveShelfItem, 'status' | 'stock'>): {
  label: string;
  buyable: boolean;
} {
  if (item.status !== 'onSale') return { label: '即将开售', buyable: false };
  if (item.stock <= 0) return { label: '已抢光', buyable: false };
  return { label: '去抢购', buyable: true };
}
