// Test support for the flash sale: sessions made by an operator, solved captcha tickets, attempts.
import type { CaptchaChallengeData, SeckillSessionCreated } from '@chaopin/contracts';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { API, call } from '../helpers.ts';
import { makeAdmin } from './aftersale-kit.ts';
import { type Buyer, clientKey } from './order-kit.ts';

/** The captcha's work in tests (the app's default is for phones). */
export const TEST_CAPTCHA = { CAPTCHA_COUNTER_MAX: '200' };

export async function createSession(
  app: FastifyInstance,
  items: { skuId: number; flashPrice: number; flashStock: number; perUserLimit?: number }[],
  opts: { startInMs?: number; lastMs?: number; payMinutes?: number; admin?: string } = {},
): Promise<SeckillSessionCreated> {
  const admin = opts.admin ?? (await makeAdmin(app));
  const start = Date.now() + (opts.startInMs ?? -1000);
  const res = await call<SeckillSessionCreated>(app, {
    method: 'POST',
    url: `${API}/admin/seckill/session`,
    token: admin,
    payload: {
      title: '测试场',
      startAt: new Date(start).toISOString(),
      endAt: new Date(start + (opts.lastMs ?? 3_600_000)).toISOString(),
      ...(opts.payMinutes ? { payMinutes: opts.payMinutes } : {}),
      items,
    },
  });
  if (res.status !== 200) throw new Error(`session: ${JSON.stringify(res.body)}`);
  return res.body.data;
}

/** A solved ticket for the user and action, as the widget sends it (base64 JSON). */
export async function ticketFor(
  app: FastifyInstance,
  token: string,
  action: string,
): Promise<string> {
  const res = await call<CaptchaChallengeData>(app, {
    method: 'GET',
    url: `${API}/captcha/challenge?action=${encodeURIComponent(action)}`,
    token,
  });
  if (res.status !== 200) throw new Error(`challenge: ${JSON.stringify(res.body)}`);
  const challenge = res.body.data as unknown as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

export async function rush(
  app: FastifyInstance,
  b: Buyer,
  itemId: number,
  opts: { ticket?: string | null; key?: string; ip?: string } = {},
) {
  const ticket =
    opts.ticket === undefined ? await ticketFor(app, b.token, `seckill:${itemId}`) : opts.ticket;
  return app
    .inject({
      method: 'POST',
      url: `${API}/seckill/rush`,
      headers: {
        'content-type': 'application/json',
        token: b.token,
        ...(ticket ? { ticket } : {}),
      },
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
      payload: JSON.stringify({
        itemId,
        addressId: b.addressId,
        clientKey: opts.key ?? clientKey(),
      }),
    })
    .then((r) => ({
      status: r.statusCode,
      body: r.json() as {
        code: number;
        error?: string;
        msg: string;
        data: { payNo: string; orderNos: string[]; payAmount: number; expiresAt: string };
      },
    }));
}
