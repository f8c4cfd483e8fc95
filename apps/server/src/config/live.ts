import { IM, LIVE_GIFT_HOST_SHARE, SHOP_AWAY_SECONDS_DEFAULT } from '@chaopin/contracts';
import { Type } from 'typebox';
import type { Env } from './env.ts';

/** IM and live video (modules/im, modules/live). */
export const liveSchema = {
  /** How long an IM credential (userSig) lasts; a session is kicked out (USERSIG_EXPIRED) then. */
  IM_SIG_TTL_SECONDS: Type.Integer({ minimum: 10, maximum: 30 * 86_400 }),
  /** A store's away reply goes out at most once per conversation per this many seconds. */
  IM_SHOP_AWAY_SECONDS: Type.Integer({ minimum: 1, maximum: 7 * 86_400 }),
  /** The host's share of a gift's value, in percent (the rest is the platform's). */
  LIVE_GIFT_HOST_SHARE_PERCENT: Type.Integer({ minimum: 0, maximum: 100 }),
  /** Who carries live video: the RTMP ingest in this process, an external server (nginx-rtmp, SRS, a CDN) or none. */
  MEDIA_ENGINE: Type.Union([
    Type.Literal('embedded'),
    Type.Literal('external'),
    Type.Literal('off'),
  ]),
  /** The embedded RTMP ingest's port (0: any free one, as tests use). */
  RTMP_PORT: Type.Integer({ minimum: 0, maximum: 65535 }),
  /** The host name in the embedded engine's push URLs (what OBS or a phone dials). */
  MEDIA_PUBLIC_HOST: Type.String({ minLength: 1, pattern: '^[A-Za-z0-9.:\\[\\]-]+$' }),
  /** Push URL template with `{stream}` (required for `external`; overrides the embedded one). */
  MEDIA_PUSH_URL: Type.Optional(Type.String({ pattern: '^rtmps?://.*\\{stream\\}' })),
  /** Play URL template with `{stream}` (external): `.m3u8` → HLS, `.flv` → HTTP-FLV, `ws(s)://` → WS-FLV. */
  MEDIA_PLAY_URL: Type.Optional(Type.String({ pattern: '^(https?|wss?)://.*\\{stream\\}' })),
  /** Shared token the external engine's callbacks carry (`?token=` or `x-media-token`); unset: loopback only. */
  MEDIA_CALLBACK_TOKEN: Type.Optional(Type.String({ minLength: 16 })),
  /** URL template (`{stream}`, `{client}`) asked to drop a publisher on the external engine; `DELETE ` prefix for that method. */
  MEDIA_CUT_URL: Type.Optional(Type.String({ pattern: '^(DELETE )?https?://' })),
  /** A viewer whose unsent video passes this many bytes is dropped (it reconnects at the live edge). */
  MEDIA_VIEWER_MAX_BUFFER: Type.Integer({ minimum: 16_384, maximum: 256 * 1024 * 1024 }),
  /** The ffmpeg that remuxes recordings to MP4; when it cannot run, the FLV is the replay. */
  FFMPEG_PATH: Type.String({ minLength: 1 }),
};

/** The environment's text for each live setting, or its default. */
export function readLive(env: Env): Record<keyof typeof liveSchema, unknown> {
  return {
    IM_SIG_TTL_SECONDS: env.IM_SIG_TTL_SECONDS ?? String(IM.SIG_TTL_SECONDS),
    IM_SHOP_AWAY_SECONDS: env.IM_SHOP_AWAY_SECONDS ?? String(SHOP_AWAY_SECONDS_DEFAULT),
    LIVE_GIFT_HOST_SHARE_PERCENT: env.LIVE_GIFT_HOST_SHARE_PERCENT ?? String(LIVE_GIFT_HOST_SHARE),
    // Tests start no media engine unless they ask for one (many test apps run at once).
    MEDIA_ENGINE: env.MEDIA_ENGINE || (env.NODE_ENV === 'test' ? 'off' : 'embedded'),
    RTMP_PORT: env.RTMP_PORT ?? '1935',
    MEDIA_PUBLIC_HOST: env.MEDIA_PUBLIC_HOST || publicHostOf(env.HOST || '127.0.0.1'),
    MEDIA_PUSH_URL: env.MEDIA_PUSH_URL || undefined,
    MEDIA_PLAY_URL: env.MEDIA_PLAY_URL || undefined,
    MEDIA_CALLBACK_TOKEN: env.MEDIA_CALLBACK_TOKEN || undefined,
    MEDIA_CUT_URL: env.MEDIA_CUT_URL || undefined,
    MEDIA_VIEWER_MAX_BUFFER: env.MEDIA_VIEWER_MAX_BUFFER ?? String(2 * 1024 * 1024),
    FFMPEG_PATH: env.FFMPEG_PATH || 'ffmpeg',
  };
}
/** A wildcard listen address is no address a publisher can dial: loopback stands in for it. */
function publicHostOf(host: string): string {
  return host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host;
}
