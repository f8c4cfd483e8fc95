import { IM } from '@chaopin/contracts';

/** A frame of the chosen video, ready to upload as its thumbnail. */
export interface VideoFrame {
  blob: Blob;
  width: number;
  height: number;
  /** The video's length in seconds when the browser knows it (0 otherwise). */
  second: number;
}

// The parts of the DOM used here: the SDK also compiles (and runs) where the DOM is absent.
interface VideoEl {
  muted: boolean;
  playsInline: boolean;
  preload: string;
  src: string;
  currentTime: number;
  readonly duration: number;
  readonly videoWidth: number;
  readonly videoHeight: number;
  onloadedmetadata: (() => void) | null;
  onseeked: (() => void) | null;
  onerror: (() => void) | null;
  removeAttribute(name: string): void;
  load(): void;
}
interface Ctx2d {
  drawImage(src: VideoEl, x: number, y: number, w: number, h: number): void;
}
interface CanvasEl {
  width: number;
  height: number;
  getContext(kind: '2d'): Ctx2d | null;
  toBlob(cb: (b: Blob | null) => void, type: string, quality: number): void;
}
interface Dom {
  createElement(tag: 'video'): VideoEl;
  createElement(tag: 'canvas'): CanvasEl;
}
type UrlApi = { createObjectURL?(b: Blob): string; revokeObjectURL?(u: string): void };

/** How long a frame may take before the server's placeholder is used instead. */
export const FRAME_TIMEOUT_MS = 3000;
/** Where the frame is taken: just past the start, which is often black. */
const FRAME_AT_SECONDS = 0.1;

/** The browser's document, when this runs in one that can decode video and draw it. */
function dom(): Dom | undefined {
  const g = globalThis as { document?: Dom; navigator?: { userAgent?: string } };
  // jsdom has a document but decodes no media: waiting for a frame there only costs time.
  if (!g.document || g.navigator?.userAgent?.includes('jsdom')) return undefined;
  const url = (globalThis as { URL?: UrlApi }).URL;
  return url?.createObjectURL && url.revokeObjectURL ? g.document : undefined;
}

/**
 * Grabs a frame at ~0.1 s of a video file (a <video> element and a canvas), scaled to fit
 * 200×200 with its aspect kept, as JPEG. Resolves undefined, never rejects, when there is no
 * browser, the codec is not supported or no frame came within 3 s.
 */
export function grabVideoFrame(
  file: Blob,
  timeoutMs = FRAME_TIMEOUT_MS,
): Promise<VideoFrame | undefined> {
  const doc = dom();
  if (!doc) return Promise.resolve(undefined);
  const urls = globalThis.URL as unknown as Required<UrlApi>;
  return new Promise((resolve) => {
    let video: VideoEl | undefined;
    let url = '';
    let done = false;
    const finish = (frame: VideoFrame | undefined) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (video) {
        video.onloadedmetadata = video.onseeked = video.onerror = null;
        // Releases the decoder at once instead of when the element is collected.
        video.removeAttribute('src');
        video.load();
      }
      if (url) urls.revokeObjectURL(url);
      resolve(frame);
    };
    const timer = setTimeout(() => finish(undefined), timeoutMs);
    try {
      const v = doc.createElement('video');
      video = v;
      v.muted = true;
      v.playsInline = true;
      v.preload = 'auto';
      v.onerror = () => finish(undefined);
      v.onloadedmetadata = () => {
        const d = v.duration;
        v.currentTime = Number.isFinite(d) && d > 0 ? Math.min(FRAME_AT_SECONDS, d / 2) : 0;
      };
      v.onseeked = () => {
        try {
          const vw = v.videoWidth;
          const vh = v.videoHeight;
          if (!vw || !vh) return finish(undefined);
          const side = IM.VIDEO_THUMB_SIDE;
          const scale = Math.min(1, side / vw, side / vh);
          const canvas = doc.createElement('canvas');
          canvas.width = Math.max(1, Math.round(vw * scale));
          canvas.height = Math.max(1, Math.round(vh * scale));
          const ctx = canvas.getContext('2d');
          if (!ctx) return finish(undefined);
          ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
          const d = v.duration;
          const second = Number.isFinite(d) && d > 0 ? Math.round(d) : 0;
          canvas.toBlob(
            (blob) =>
              finish(
                blob ? { blob, width: canvas.width, height: canvas.height, second } : undefined,
              ),
            'image/jpeg',
            0.8,
          );
        } catch {
          finish(undefined);
        }
      };
      url = urls.createObjectURL(file);
      v.src = url;
    } catch {
      finish(undefined);
    }
  });
}
