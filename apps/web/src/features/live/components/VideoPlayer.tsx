import { useEffect, useRef } from 'react';
import { attachPlayer } from '../lib/attachPlayer.ts';
import type { PlaySource } from '../lib/playUrl.ts';

/** A live stream is taken for dropped when its picture has not moved for this long. */
const STALL_MS = 12_000;

interface Props {
  /** Tried in order until one plays. */
  sources: PlaySource[];
  /** Changing it tears the player down and starts again (a reconnect). */
  reloadKey?: number;
  muted?: boolean;
  controls?: boolean;
  poster?: string;
  className?: string;
  /** No source played, or a live stream that played stopped. */
  onStop?: (reason: 'failed' | 'ended') => void;
  onPlaying?: () => void;
}

/** The <video> of the live room and the replay, driven by mpegts.js / hls.js / the browser. */
export function VideoPlayer({
  sources,
  reloadKey = 0,
  muted = false,
  controls = false,
  poster,
  className,
  onStop,
  onPlaying,
}: Props) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const onStopRef = useRef(onStop);
  const onPlayingRef = useRef(onPlaying);
  onStopRef.current = onStop;
  onPlayingRef.current = onPlaying;
  const sourcesKey = JSON.stringify(sources);

  // biome-ignore lint/correctness/useExhaustiveDependencies: sourcesKey stands for sources; reloadKey restarts.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || sources.length === 0) return;
    let cancelled = false;
    let stopped = false;
    let teardown: (() => void) | null = null;
    let played = false;
    let lastTime = -1;
    let lastMove = Date.now();
    const live = sources.some((s) => s.kind === 'hls' || (s.kind === 'flv' && s.live));

    const stop = (reason: 'failed' | 'ended') => {
      if (cancelled || stopped) return;
      stopped = true;
      teardown?.();
      teardown = null;
      onStopRef.current?.(reason);
    };
    const tryAt = async (index: number) => {
      if (cancelled || stopped) return;
      const source = sources[index];
      if (!source) return stop('failed');
      let failed = false;
      const next = () => {
        if (failed || cancelled || stopped) return;
        failed = true;
        teardown?.();
        teardown = null;
        // A source that played and then broke is a dropped stream, not a bad source.
        if (played) stop('ended');
        else void tryAt(index + 1);
      };
      const down = await attachPlayer(video, source, { onError: next, onEnd: () => stop('ended') });
      if (cancelled || failed || stopped) down();
      else teardown = down;
    };

    const onPlayingEvent = () => {
      played = true;
      lastMove = Date.now();
      onPlayingRef.current?.();
    };
    video.addEventListener('playing', onPlayingEvent);
    const watchdog = live
      ? setInterval(() => {
          if (!played || video.paused) return;
          if (video.currentTime !== lastTime) {
            lastTime = video.currentTime;
            lastMove = Date.now();
          } else if (Date.now() - lastMove > STALL_MS) stop('ended');
        }, 2000)
      : undefined;

    void tryAt(0);
    return () => {
      cancelled = true;
      clearInterval(watchdog);
      video.removeEventListener('playing', onPlayingEvent);
      teardown?.();
    };
  }, [sourcesKey, reloadKey]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = muted;
    if (!muted) void video.play().catch(() => undefined);
  }, [muted]);

  return (
    <video
      ref={videoRef}
      className={className}
      data-testid="live-video"
      poster={poster}
      muted={muted}
      controls={controls}
      autoPlay
      playsInline
      webkit-playsinline="true"
      x5-video-player-type="h5"
    />
  );
}
