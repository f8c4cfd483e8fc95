import type { LivePlayUrls } from '@chaopin/contracts';

interface Where {
  protocol: string;
  host: string;
}

/** A play address as the player needs it: ws paths become ws(s)://host/…, http paths stay. */
export function resolvePlayUrl(url: string, where: Where, ws = false): string {
  if (/^(wss?|https?):\/\//i.test(url)) {
    if (!ws) return url;
    return url.replace(/^http(s?):/i, 'ws$1:');
  }
  const path = url.startsWith('/') ? url : `/${url}`;
  if (!ws) return `${where.protocol}//${where.host}${path}`;
  const scheme = where.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${where.host}${path}`;
}

export type PlaySource =
  | { kind: 'flv'; url: string; live: boolean }
  | { kind: 'hls'; url: string }
  | { kind: 'mp4'; url: string };

/**
 * The sources to try, best first: WS-FLV (lowest latency, the embedded engine), then HTTP-FLV, then
 * HLS (an external engine). FLV needs Media Source Extensions; without them only HLS is left.
 */
export function liveSources(
  urls: LivePlayUrls | null | undefined,
  where: Where,
  caps: { mse: boolean },
): PlaySource[] {
  if (!urls) return [];
  const list: PlaySource[] = [];
  if (caps.mse && urls.wsFlv)
    list.push({ kind: 'flv', url: resolvePlayUrl(urls.wsFlv, where, true), live: true });
  if (caps.mse && urls.flv)
    list.push({ kind: 'flv', url: resolvePlayUrl(urls.flv, where), live: true });
  if (urls.hls) list.push({ kind: 'hls', url: resolvePlayUrl(urls.hls, where) });
  return list;
}

/** The replay: mp4 in a plain <video>, flv through mpegts.js as a finished (non-live) file. */
export function replaySource(
  replay: { url: string; format: 'mp4' | 'flv' },
  where: Where,
): PlaySource {
  const url = resolvePlayUrl(replay.url, where);
  return replay.format === 'flv' ? { kind: 'flv', url, live: false } : { kind: 'mp4', url };
}
