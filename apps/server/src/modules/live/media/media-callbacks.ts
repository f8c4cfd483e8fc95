import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../platform/errors.ts';
import { STREAM_NAME } from './stream-paths.ts';

/** Where an external media server posts its hooks: `<prefix>on_publish` and so on. */
export const CALLBACK_PREFIX = '/api/live/media/';

/** What a callback tells, from nginx-rtmp's form fields or SRS's JSON. */
export interface MediaCallback {
  name: string;
  /** The publish/play URL's query arguments (sign, exp, …). */
  args: Record<string, string>;
  addr: string;
  /** The engine's id of the client (nginx-rtmp `clientid`, SRS `client_id`): for dropping it. */
  client?: string;
}

export interface CallbackHandlers {
  /** true: allowed (2xx); false: refused (403). */
  publish(call: MediaCallback): Promise<boolean>;
  publishDone(call: MediaCallback): Promise<void>;
  play(call: MediaCallback): Promise<boolean>;
}

/** nginx-rtmp's own fields: every other form field is a query argument of the client's URL. */
const NGINX_FIELDS = new Set([
  'call',
  'addr',
  'clientid',
  'app',
  'flashver',
  'swfurl',
  'tcurl',
  'pageurl',
  'name',
  'type',
  'token',
]);

type Body = Record<string, unknown>;

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

/** Reads either dialect: SRS (JSON: `stream`, `param` = `?a=b`, `ip`, `client_id`) or nginx-rtmp (form). */
export function readCallback(body: Body): MediaCallback | null {
  const srs = text(body.stream);
  const name = srs ?? text(body.name);
  if (!name || !STREAM_NAME.test(name)) return null;
  const args: Record<string, string> = {};
  if (srs !== undefined) {
    for (const [key, value] of new URLSearchParams(text(body.param) ?? '')) args[key] = value;
    return { name, args, addr: text(body.ip) ?? '', client: text(body.client_id) };
  }
  for (const [key, value] of Object.entries(body)) {
    const v = text(value);
    if (v !== undefined && !NGINX_FIELDS.has(key)) args[key] = v;
  }
  return { name, args, addr: text(body.addr) ?? '', client: text(body.clientid) };
}

function isLoopback(address: string | undefined): boolean {
  return (
    address !== undefined &&
    (address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.'))
  );
}

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Anyone can reach these routes, and on_publish_done ends a room's live: only the media server
 * may call them. With MEDIA_CALLBACK_TOKEN set, the call must carry it (`?token=` in the hook URL
 * configured in nginx/SRS, or an `X-Media-Token` header); without one, only the loopback may
 * (the socket's address, not X-Forwarded-For, which a client writes itself).
 */
function checkCaller(request: FastifyRequest, token: string | undefined) {
  if (token) {
    const query = request.query as Record<string, unknown>;
    const given = text(request.headers['x-media-token']) ?? text(query.token) ?? '';
    if (!sameToken(given, token)) throw new AppError('FORBIDDEN');
  } else if (!isLoopback(request.socket.remoteAddress)) {
    throw new AppError('FORBIDDEN');
  }
}

/** SRS wants `{"code":0}` to allow; nginx-rtmp only looks at the 2xx status. */
const ALLOW = { code: 0, msg: 'ok', data: null };

/**
 * The hook contract of nginx-rtmp (`on_publish`, `on_publish_done`, `on_play`) and SRS
 * (`on_publish`, `on_unpublish`, `on_play`, `on_stop`): 2xx allows, 4xx refuses.
 */
export function registerMediaCallbacks(
  app: FastifyInstance,
  token: string | undefined,
  handlers: CallbackHandlers,
) {
  const route = (hook: string, handle: (call: MediaCallback) => Promise<void>) =>
    app.post(`${CALLBACK_PREFIX}${hook}`, { schema: { hide: true } }, async (request) => {
      checkCaller(request, token);
      const body = request.body;
      const call =
        body !== null && typeof body === 'object' && !Array.isArray(body)
          ? readCallback(body as Body)
          : null;
      if (!call) throw new AppError('INVALID_PARAM');
      await handle(call);
      return ALLOW;
    });
  route('on_publish', async (call) => {
    if (!(await handlers.publish(call))) throw new AppError('LIVE_PUBLISH_REFUSED');
  });
  const done = (call: MediaCallback) => handlers.publishDone(call);
  route('on_publish_done', done);
  route('on_unpublish', done);
  route('on_play', async (call) => {
    if (!(await handlers.play(call))) throw new AppError('FORBIDDEN');
  });
  // SRS reports a viewer leaving; nothing to do, but the hook must answer 2xx.
  route('on_stop', async () => undefined);
}
