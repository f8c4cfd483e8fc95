/**
 * Stream names, file names and URL paths of live video. Every name that reaches a file path or a
 * map key is checked against these patterns first: no traversal, no surprises in logs.
 */

/** A stream key as the live module issues it (e.g. `r12`); also what NMS's parser accepts. */
export const STREAM_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** `<roomId>-<sessionId>-<stamp>.<mp4|flv>`: one file per publish of a live session. */
export const RECORD_FILE = /^\d{1,15}-\d{1,15}-[0-9a-z]{1,12}\.(mp4|flv)$/;

/** The RTMP application every push goes to: rtmp://host:port/live/<name>. */
export const RTMP_APP = 'live';

export const FLV_HTTP_PREFIX = '/live/flv/';
export const FLV_WS_PREFIX = '/live/ws/';
export const RECORD_PREFIX = '/live/record/';

/** The stream name of a play path `<prefix><name>.flv`, or null when it is not one. */
export function streamOfPlayPath(pathname: string, prefix: string): string | null {
  if (!pathname.startsWith(prefix) || !pathname.endsWith('.flv')) return null;
  const name = pathname.slice(prefix.length, -'.flv'.length);
  return STREAM_NAME.test(name) ? name : null;
}

/** The recording's base name (no extension) for one publish. */
export function recordBaseName(roomId: number, sessionId: number, now = Date.now()): string {
  return `${roomId}-${sessionId}-${now.toString(36)}`;
}

/** Fills `{stream}` (and `{client}`) of a configured URL template. */
export function fillTemplate(
  template: string,
  values: { stream: string; client?: string },
): string {
  return template
    .replaceAll('{stream}', encodeURIComponent(values.stream))
    .replaceAll('{client}', encodeURIComponent(values.client ?? ''));
}
