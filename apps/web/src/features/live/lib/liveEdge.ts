/**
 * How close to the host a live viewer plays. A viewer joins on the cached GOP's key frame, which is
 * up to one GOP (0.5-1 s) old, and a player left alone keeps whatever delay it joined or stalled
 * with. So the player jumps to the live edge when it starts and after each stall, then holds a small
 * buffer: a little behind, it plays faster (pitch kept) until back at its target; far behind (a
 * background tab, a long stall), it seeks (mpegts.js's latency chaser).
 *
 * The target adapts like a jitter buffer: each stall widens it by one step, each calm period
 * narrows it back towards the base, so a steady network plays at the base and a jittery one stops
 * stalling. mpegts.js's own rate chase (liveSync) has a fixed band, hence this one. Measured in
 * bench/live/latency.ts.
 */
export interface LiveEdge {
  /** Seconds of buffer a join or a recovery lands on, on a calm network. */
  target: number;
  /** The player speeds up when more than target + band is buffered, and stops at the target. */
  band: number;
  /** The catch-up playback rate. */
  rate: number;
  /** More buffered than this while playing, and the player seeks instead. */
  seekAbove: number;
  /** How much a stall widens the target... */
  stallStep: number;
  /** ...up to this. */
  maxTarget: number;
  /** Each this long without a stall narrows it by one step again. */
  calmMs: number;
}

export const LIVE_EDGE: LiveEdge = {
  target: 0.15,
  band: 0.15,
  rate: 1.15,
  seekAbove: 1,
  stallStep: 0.1,
  maxTarget: 0.6,
  calmMs: 20_000,
};

/** mpegts.js's options for a live FLV stream (WS-FLV or HTTP-FLV); the rate chase is ours. */
export function flvLiveOptions(edge: LiveEdge = LIVE_EDGE) {
  return {
    isLive: true,
    enableWorker: false,
    enableStashBuffer: false,
    stashInitialSize: 128,
    lazyLoad: false,
    liveBufferLatencyChasing: true,
    liveBufferLatencyMaxLatency: edge.seekAbove,
    liveBufferLatencyMinRemain: edge.target,
  };
}

/**
 * Where to jump to stand `target` behind the newest buffered frame, or null when the player is
 * within the band already (the rate chase covers that without a visible skip).
 */
export function edgeJump(
  bufferedEnd: number | undefined,
  currentTime: number,
  target: number,
  edge: LiveEdge = LIVE_EDGE,
): number | null {
  if (bufferedEnd === undefined) return null;
  return bufferedEnd - currentTime > target + edge.band ? bufferedEnd - target : null;
}

/** The playback rate for `behind` seconds buffered: chase above the band, stop at the target. */
export function chaseRate(
  behind: number,
  rate: number,
  target: number,
  edge: LiveEdge = LIVE_EDGE,
): number {
  if (behind > target + edge.band) return edge.rate;
  if (behind <= target) return 1;
  return rate === edge.rate ? rate : 1;
}

/** The target after a stall, or after `calmMs` of calm since the last change. */
export function adaptTarget(target: number, event: 'stall' | 'calm', edge: LiveEdge = LIVE_EDGE) {
  const next = event === 'stall' ? target + edge.stallStep : target - edge.stallStep;
  return Math.round(Math.min(edge.maxTarget, Math.max(edge.target, next)) * 1000) / 1000;
}

/**
 * Keeps a live <video> at the edge: jumps there when playback starts and when it resumes after a
 * stall (the rest of a joined GOP may arrive just after the first frame plays, so the jump stays
 * armed for `settleMs`), chases by playback rate in between, and adapts the target to stalls.
 * Returns the teardown.
 */
export function holdLiveEdge(
  video: HTMLMediaElement,
  edge: LiveEdge = LIVE_EDGE,
  settleMs = 1500,
): () => void {
  let target = edge.target;
  let changedAt = Date.now();
  let armedUntil = 0;
  let stalled = true;
  const behindEnd = () => {
    const ranges = video.buffered;
    return ranges.length ? ranges.end(ranges.length - 1) : undefined;
  };
  const onTime = () => {
    const now = Date.now();
    if (target > edge.target && now - changedAt > edge.calmMs) {
      target = adaptTarget(target, 'calm', edge);
      changedAt = now;
    }
    const end = behindEnd();
    if (end === undefined || video.paused || video.seeking) return;
    if (armedUntil && now <= armedUntil) {
      const to = edgeJump(end, video.currentTime, target, edge);
      if (to !== null) {
        armedUntil = 0;
        video.currentTime = to;
        return;
      }
    } else armedUntil = 0;
    const rate = chaseRate(end - video.currentTime, video.playbackRate, target, edge);
    if (rate !== video.playbackRate) video.playbackRate = rate;
  };
  const onPlaying = () => {
    if (!stalled) return;
    stalled = false;
    armedUntil = Date.now() + settleMs;
    onTime();
  };
  // A seek (the jump itself, or the chaser's) also raises 'waiting' while it decodes up to the new
  // position: only running out of data is a stall.
  const onWaiting = () => {
    if (video.seeking || stalled) return;
    stalled = true;
    if (video.playbackRate !== 1) video.playbackRate = 1;
    if (video.currentTime > 0) {
      target = adaptTarget(target, 'stall', edge);
      changedAt = Date.now();
    }
  };
  video.addEventListener('playing', onPlaying);
  video.addEventListener('timeupdate', onTime);
  video.addEventListener('waiting', onWaiting);
  return () => {
    video.removeEventListener('playing', onPlaying);
    video.removeEventListener('timeupdate', onTime);
    video.removeEventListener('waiting', onWaiting);
  };
}
