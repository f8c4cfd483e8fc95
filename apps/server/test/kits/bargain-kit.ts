// Test support for the bargain: items made by an operator, helpers, solved captcha tickets.
import type {
  BargainDetailData,
  BargainHelpData,
  BargainItemBody,
  BargainItemCreated,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { API, call, login } from '../helpers.ts';
import { makeProduct } from './order-kit.ts';
import { ticketFor } from './seckill-kit.ts';

/** The app's settings for bargain tests: quick captcha, no background sweep, audit by IP only. */
export const BARGAIN_TEST_ENV = {
  CAPTCHA_COUNTER_MAX: '200',
  BARGAIN_SWEEP_MS: '600000',
  MAX_QUEUE: '5000',
  // Every test user is new: the new-user share would flag every claim.
  BARGAIN_AUDIT_NEW_USER_PERCENT: '101',
  BARGAIN_AUDIT_SAME_IP: '3',
};

export interface Helper {
  token: string;
  userId: number;
}

let ipSeq = 0;
/** A distinct client address per help unless a test wants them shared. */
export const nextIp = () => {
  ipSeq++;
  return `10.${(ipSeq >> 16) & 255}.${(ipSeq >> 8) & 255}.${ipSeq & 255}`;
};

export async function makeHelper(app: FastifyInstance): Promise<Helper> {
  const { token, phone } = await login(app);
  const u = await app.deps.db
    .selectFrom('app_user')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return { token, userId: u.id };
}

/** An item on a fresh SKU (price 10000 fen unless told), created through the operator route. */
export async function makeItem(
  app: FastifyInstance,
  admin: string,
  over: Partial<BargainItemBody> & { price?: number; skuStock?: number } = {},
): Promise<{ itemId: number; skuId: number; productId: number }> {
  const { price, skuStock, ...body } = over;
  const p = await makeProduct(app, { price: price ?? 10_000, stock: skuStock ?? 20 });
  const skuId = p.skuIds[0] as number;
  const res = await call<BargainItemCreated>(app, {
    method: 'POST',
    url: `${API}/admin/bargain/item`,
    token: admin,
    payload: { edition: 'normal', skuId, helpersNeeded: 3, stock: 5, ...body },
  });
  if (res.status !== 200) throw new Error(`item: ${JSON.stringify(res.body)}`);
  return { itemId: res.body.data.id, skuId, productId: p.productId };
}

export async function start(app: FastifyInstance, token: string, itemId: number) {
  return call<BargainDetailData>(app, {
    method: 'POST',
    url: `${API}/bargain/start`,
    token,
    payload: { itemId },
  });
}

export async function help(
  app: FastifyInstance,
  token: string,
  bargainId: number,
  opts: { ticket?: string | null; ip?: string; forwardedFor?: string } = {},
) {
  const ticket =
    opts.ticket === undefined ? await ticketFor(app, token, `bargain:${bargainId}`) : opts.ticket;
  const res = await app.inject({
    method: 'POST',
    url: `${API}/bargain/help`,
    headers: {
      'content-type': 'application/json',
      token,
      ...(ticket ? { ticket } : {}),
      ...(opts.forwardedFor ? { 'x-forwarded-for': opts.forwardedFor } : {}),
    },
    payload: JSON.stringify({ bargainId }),
    remoteAddress: opts.ip ?? nextIp(),
  });
  return {
    status: res.statusCode,
    body: res.json() as { code: number; error?: string; data: BargainHelpData },
  };
}

export function detail(app: FastifyInstance, token: string | undefined, id: number) {
  return call<BargainDetailData>(app, {
    method: 'GET',
    url: `${API}/bargain/detail?id=${id}`,
    ...(token ? { token } : {}),
  });
}
