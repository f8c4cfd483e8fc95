import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';

/**
 * How stored files are typed and served. Nothing a user uploaded may ever run as script on the
 * app's origin (where the session token lives), so neither the client's file name nor its
 * Content-Type counts: the type is sniffed from the bytes and kept only when it is on the
 * allow-list of types a browser merely displays or plays. Anything else is served as
 * `application/octet-stream` with `Content-Disposition: attachment`, and every response carries
 * `X-Content-Type-Options: nosniff` and a `sandbox` CSP with `default-src 'none'`.
 */

/** How many bytes file-type reads to recognise any type it knows. */
export const SNIFF_BYTES = 4100;

/** Raster images, audio and video: a browser shows or plays them, never runs them. */
const INLINE_TYPES = new Set([
  'image/jpeg',
  'image/png',
  'image/apng',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'image/x-icon',
  'image/tiff',
  'image/heic',
  'image/heif',
  'audio/mpeg',
  'audio/mp4',
  'audio/x-m4a',
  'audio/aac',
  'audio/ogg',
  'audio/ogg; codecs=opus',
  'audio/wav',
  'audio/flac',
  'audio/amr',
  'audio/aiff',
  'video/mp4',
  'video/x-m4v',
  'video/webm',
  'video/ogg',
  'video/quicktime',
  'video/3gpp',
  'video/3gpp2',
  'video/matroska',
  'video/mpeg',
  'video/mp2t',
  'video/vnd.avi',
  'video/x-flv',
  'video/x-ms-asf',
]);

/** Inert documents that are downloaded, never shown: they keep their own extension in the key. */
const DOWNLOAD_TYPES = new Set([
  'application/pdf',
  'application/zip',
  'application/x-7z-compressed',
  'application/x-rar-compressed',
  'application/gzip',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation',
]);

export const OCTET_STREAM = 'application/octet-stream';

/** What the bytes of a file are, as far as storing and serving it goes. */
export interface SniffedType {
  /** What file-type recognised (undefined: nothing it knows, e.g. any text, HTML, SVG, script). */
  detected?: string;
  /** The Content-Type it is served with: an allow-listed type, else application/octet-stream. */
  mime: string;
  /** The extension for its storage key: the detected type's for an allow-listed type, else `bin`. */
  ext: string;
  /** Shown or played in place (allow-listed raster image, audio or video); otherwise a download. */
  inline: boolean;
  /** Which of those it is (`other` for downloads). */
  family: 'image' | 'audio' | 'video' | 'other';
}

/** Sniffs the first bytes of a file (at least SNIFF_BYTES of them, when it has that many). */
export async function sniffType(bytes: Uint8Array): Promise<SniffedType> {
  const found = bytes.byteLength
    ? await fileTypeFromBuffer(bytes.subarray(0, SNIFF_BYTES)).catch(() => undefined)
    : undefined;
  if (found && INLINE_TYPES.has(found.mime)) {
    const family = found.mime.slice(0, found.mime.indexOf('/')) as SniffedType['family'];
    return { detected: found.mime, mime: found.mime, ext: found.ext, inline: true, family };
  }
  return {
    detected: found?.mime,
    mime: OCTET_STREAM,
    ext: found && DOWNLOAD_TYPES.has(found.mime) ? found.ext : 'bin',
    inline: false,
    family: 'other',
  };
}

/**
 * Key prefixes only the server writes (seed pictures, generated store licences): SVGs under them
 * are our own drawings and are served as images. User uploads are stored under `image/`,
 * `video/` and `im/` (modules/upload, modules/im/upload) and can never land here, whatever their
 * name; an SVG anywhere else is a download.
 */
export const SYSTEM_SVG_PREFIXES = ['seed/', 'license/'] as const;

const SYSTEM_SVG: SniffedType = {
  detected: 'image/svg+xml',
  mime: 'image/svg+xml',
  ext: 'svg',
  inline: true,
  family: 'image',
};

/** The type a stored file is served with: by its key's origin for server SVGs, else sniffed. */
export async function servedType(key: string, head: Uint8Array): Promise<SniffedType> {
  if (key.endsWith('.svg') && SYSTEM_SVG_PREFIXES.some((p) => key.startsWith(p))) {
    return SYSTEM_SVG;
  }
  return sniffType(head);
}

/**
 * Scripts never run (sandbox without allow-scripts, default-src 'none'); inline style only lets a
 * browser lay out its own image viewer.
 */
export const STRICT_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
/**
 * Audio and video: the browser's own player page loads the file again as media, which an opaque
 * (sandboxed) origin or `default-src 'none'` would block. Still no script can run: the sandbox
 * has no allow-scripts, and the page is the browser's media player (nosniff, a sniffed media type).
 */
export const MEDIA_CSP =
  "default-src 'none'; media-src 'self'; style-src 'unsafe-inline'; sandbox allow-same-origin";

/** Headers every served file (and every answer under /uploads/) carries. */
export const SAFE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': STRICT_CSP,
} as const;

/** Content-Type, Content-Disposition and the CSP for a file of this type. */
export function typeHeaders(type: SniffedType, opts: { download?: boolean } = {}) {
  const headers: Record<string, string> = {
    ...SAFE_HEADERS,
    'content-type': type.mime,
  };
  if (!type.inline || opts.download) headers['content-disposition'] = 'attachment';
  else if (type.family === 'audio' || type.family === 'video') {
    headers['content-security-policy'] = MEDIA_CSP;
  }
  return headers;
}

/** A stored file opened for serving. */
export interface OpenedBlob {
  size: number;
  /** When it was written (Last-Modified, and part of the ETag). */
  modified: Date;
  /** Its first bytes: at least SNIFF_BYTES of them, or all of them when the file is smaller. */
  head: Uint8Array;
  /** Bytes `start`..`end` (inclusive); the blob is released once they are sent. */
  read(start: number, end: number): Promise<Uint8Array | Readable>;
  /** Releases the blob without reading it (HEAD, 304, 416). */
  close(): Promise<void>;
}

export interface ServableStore {
  open(key: string): Promise<OpenedBlob | null>;
}

const IMMUTABLE = 'public, max-age=31536000, immutable';

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (a single range); undefined for none or one ignored. */
function parseRange(header: string | undefined, size: number) {
  if (!header || size === 0) return undefined;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return undefined; // several ranges, or not bytes: all
  let start: number;
  let end: number;
  if (m[1] === '') {
    if (Number(m[2]) === 0) return 'unsatisfiable' as const;
    start = Math.max(0, size - Number(m[2]));
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
    if (m[2] !== '' && Number(m[2]) < start) return undefined; // invalid: ignored
  }
  if (start >= size) return 'unsatisfiable' as const;
  return { start, end };
}

function etagOf(blob: OpenedBlob) {
  return `"${blob.size.toString(16)}-${blob.modified.getTime().toString(16)}"`;
}

/** If-None-Match / If-Modified-Since say the client's copy is current. */
function notModified(request: FastifyRequest, etag: string, modified: Date) {
  const inm = request.headers['if-none-match'];
  if (inm)
    return inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag || t.trim() === '*');
  const ims = request.headers['if-modified-since'];
  if (!ims) return false;
  const since = Date.parse(ims);
  return Number.isFinite(since) && Math.floor(modified.getTime() / 1000) * 1000 <= since;
}

/** If-Range (when sent) still names this version, so a part of it may be sent. */
function rangeStillValid(request: FastifyRequest, etag: string, modified: Date) {
  const ifRange = request.headers['if-range'];
  if (ifRange === undefined) return true;
  if (typeof ifRange !== 'string') return false;
  if (ifRange.startsWith('"')) return ifRange === etag;
  const date = Date.parse(ifRange);
  return Number.isFinite(date) && Math.floor(modified.getTime() / 1000) * 1000 === date;
}

/**
 * Serves `key` from an opened blob: typed by `servedType`, immutable caching, ETag and
 * Last-Modified with 304s, single byte ranges (206/416) for audio and video seeking, and HEAD.
 */
export async function sendBlob(
  request: FastifyRequest,
  reply: FastifyReply,
  key: string,
  blob: OpenedBlob,
) {
  let handedOver = false;
  try {
    const type = await servedType(key, blob.head);
    const etag = etagOf(blob);
    reply.headers({
      ...typeHeaders(type),
      'cache-control': IMMUTABLE,
      'accept-ranges': 'bytes',
      etag,
      'last-modified': blob.modified.toUTCString(),
    });
    if (notModified(request, etag, blob.modified)) return reply.code(304).send();
    const range = rangeStillValid(request, etag, blob.modified)
      ? parseRange(request.headers.range, blob.size)
      : undefined;
    if (range === 'unsatisfiable') {
      return reply
        .code(416)
        .header('content-range', `bytes */${blob.size}`)
        .header('content-length', '0')
        .send();
    }
    const start = range?.start ?? 0;
    const end = range?.end ?? blob.size - 1;
    if (range) reply.code(206).header('content-range', `bytes ${start}-${end}/${blob.size}`);
    reply.header('content-length', String(end - start + 1));
    if (request.method === 'HEAD') return reply.send();
    const body = await blob.read(start, end);
    handedOver = true;
    return reply.send(body);
  } finally {
    if (!handedOver) await blob.close();
  }
}

/** Whether a key may be served publicly (private/ keys, e.g. invoices, go through their own routes). */
export type PublicKeyCheck = (key: string) => boolean;

/** The one GET/HEAD route under `prefix` for every blob store. */
export function registerBlobRoute(
  app: FastifyInstance,
  prefix: string,
  store: ServableStore,
  isPublic: PublicKeyCheck,
) {
  app.route({
    method: ['GET', 'HEAD'],
    url: `${prefix}*`,
    schema: { hide: true },
    handler: async (request, reply) => {
      // Also on the 404: nothing answered under /uploads/ is ever sniffed or scripted.
      reply.headers(SAFE_HEADERS);
      const key = (request.params as { '*': string })['*'];
      const blob = isPublic(key) ? await store.open(key) : null;
      if (!blob) return reply.callNotFound();
      return sendBlob(request, reply, key, blob);
    },
  });
}
