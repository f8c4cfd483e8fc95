import { flvLiveOptions, holdLiveEdge } from './liveEdge.ts';
import type { PlaySource } from './playUrl.ts';

export interface AttachHandlers {
  /** The source could not be played (refused, bad data): the caller tries the next one. */
  onError: (reason: string) => void;
  /** A live stream's data stopped (the host stopped pushing, or the connection dropped). */
  onEnd: () => void;
}

/**
 * Plays one source on a <video>: FLV through mpegts.js, HLS through hls.js (or natively), MP4 as
 * is. The libraries are imported here, on demand, so only the play and replay pages load them.
 * Resolves with a function that tears the player down.
 */
export async function attachPlayer(
  video: HTMLVideoElement,
  source: PlaySource,
  handlers: AttachHandlers,
): Promise<() => void> {
  if (source.kind === 'mp4') {
    video.src = source.url;
    void video.play().catch(() => undefined);
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  }
  if (source.kind === 'hls') return attachHls(video, source.url, handlers);
  return attachFlv(video, source.url, source.live, handlers);
}

async function attachFlv(
  video: HTMLVideoElement,
  url: string,
  live: boolean,
  handlers: AttachHandlers,
): Promise<() => void> {
  const mpegts = (await import('mpegts.js')).default;
  const features = mpegts.getFeatureList();
  if (!(live ? features.mseLivePlayback : features.msePlayback)) {
    handlers.onError('MSE unsupported');
    return () => undefined;
  }
  mpegts.LoggingControl.enableVerbose = false;
  mpegts.LoggingControl.enableDebug = false;
  mpegts.LoggingControl.enableInfo = false;
  const player = mpegts.createPlayer(
    { type: 'flv', isLive: live, url },
    live ? flvLiveOptions() : { isLive: false, lazyLoad: true },
  );
  player.on(mpegts.Events.ERROR, (type: string, detail: string) =>
    handlers.onError(`${type}:${detail}`),
  );
  if (live) player.on(mpegts.Events.LOADING_COMPLETE, () => handlers.onEnd());
  player.attachMediaElement(video);
  const release = live ? holdLiveEdge(video) : () => undefined;
  player.load();
  void Promise.resolve(player.play()).catch(() => undefined);
  return () => {
    release();
    try {
      player.pause();
      player.unload();
      player.detachMediaElement();
      player.destroy();
    } catch {
      /* already torn down */
    }
  };
}

async function attachHls(
  video: HTMLVideoElement,
  url: string,
  handlers: AttachHandlers,
): Promise<() => void> {
  const Hls = (await import('hls.js')).default;
  if (!Hls.isSupported()) {
    if (video.canPlayType('application/vnd.apple.mpegurl')) {
      video.src = url;
      const onError = () => handlers.onError('native hls');
      const onEnded = () => handlers.onEnd();
      video.addEventListener('error', onError);
      video.addEventListener('ended', onEnded);
      void video.play().catch(() => undefined);
      return () => {
        video.removeEventListener('error', onError);
        video.removeEventListener('ended', onEnded);
        video.removeAttribute('src');
        video.load();
      };
    }
    handlers.onError('HLS unsupported');
    return () => undefined;
  }
  const hls = new Hls({ lowLatencyMode: true, liveSyncDurationCount: 2, backBufferLength: 10 });
  let started = false;
  hls.on(Hls.Events.FRAG_BUFFERED, () => {
    started = true;
  });
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    if (started) handlers.onEnd();
    else handlers.onError(`hls:${data.details}`);
  });
  hls.loadSource(url);
  hls.attachMedia(video);
  void video.play().catch(() => undefined);
  return () => hls.destroy();
}
