// Test support for live selling: approved hosts, rooms, a signed publish through the gate.
import type { FastifyInstance } from 'fastify';
import { streamName } from '../../src/modules/live/stream/stream-sign.ts';
import { API, call } from '../helpers.ts';
import { type Buyer, makeBuyer } from './order-kit.ts';

type Data = Record<string, unknown>;

export function livePost<T = Data>(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  payload: unknown,
) {
  return call<T>(app, {
    method: 'POST',
    url: `${API}/live/${url}`,
    token,
    payload: payload as Data,
  });
}

export function liveGet<T = Data>(
  app: FastifyInstance,
  url: string,
  token: string | undefined,
  query: Record<string, string | number> = {},
) {
  const qs = new URLSearchParams(
    Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
  );
  return call<T>(app, { method: 'GET', url: `${API}/live/${url}?${qs}`, token });
}

/** Marks a user real-name verified (the verification itself is the user module's test). */
export async function verifyRealName(app: FastifyInstance, userId: number) {
  await app.deps.db
    .updateTable('app_user')
    .set({ real_name_at: new Date(), real_name_masked: '张*' })
    .where('id', '=', userId)
    .execute();
}

/** A buyer who applied and was approved as a host. */
export async function makeHost(app: FastifyInstance, admin: string): Promise<Buyer> {
  const host = await makeBuyer(app);
  await verifyRealName(app, host.userId);
  const applied = await livePost(app, 'host/apply', host.token, { intro: '好物分享', sortId: 1 });
  if (applied.status !== 200) throw new Error(`apply: ${JSON.stringify(applied.body)}`);
  const ok = await call(app, {
    method: 'POST',
    url: `${API}/admin/live/host/review`,
    token: admin,
    payload: { userId: host.userId, approve: true },
  });
  if (ok.status !== 200) throw new Error(`review: ${JSON.stringify(ok.body)}`);
  return host;
}

export async function makeRoom(
  app: FastifyInstance,
  host: Buyer,
  extra: Record<string, unknown> = {},
): Promise<number> {
  const res = await livePost<{ id: number }>(app, 'upInfo', host.token, {
    title: '今晚好物专场',
    cover: '/assets/live/ad-festival.svg',
    sortId: 2,
    ...extra,
  });
  if (res.status !== 200) throw new Error(`upInfo: ${JSON.stringify(res.body)}`);
  return res.body.data.id;
}

/** The query args of a fresh signed push URL, as the engine would pass them to the gate. */
export function signedArgs(app: FastifyInstance, roomId: number, hostId: number, now?: number) {
  const grant = app.liveModule.signer.grant(roomId, hostId, now);
  return Object.fromEntries(new URLSearchParams(grant.query));
}

/** Starts the room's broadcast through the gate, as a signed publish does. */
export async function goLive(app: FastifyInstance, roomId: number, hostId: number) {
  const r = await app.liveModule.gate.publish(
    streamName(roomId),
    signedArgs(app, roomId, hostId),
    '127.0.0.1',
  );
  if (!r) throw new Error('publish refused');
  return r;
}
