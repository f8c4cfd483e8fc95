// Test support for the lucky draw's tests: wheels through the admin API, players with points.
import { randomBytes } from 'node:crypto';
import type {
  DrawPrizeBody,
  DrawResultsPage,
  DrawSpinData,
  DrawWheelBody,
  DrawWheelData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { get, post } from './aftersale-kit.ts';
import { type Buyer, makeShopper } from './order-kit.ts';

/** A spin's client key. */
export const spinKey = () => `d_${randomBytes(8).toString('hex')}`;

export async function givePoints(app: FastifyInstance, userId: number, n: number) {
  await app.deps.db.transaction().execute((trx) =>
    app.pointsModule.points.credit(trx, userId, n, {
      kind: 'test_grant',
      ref: `${userId}:${spinKey()}`,
      memo: '测试积分',
    }),
  );
}

export async function player(app: FastifyInstance, points = 0): Promise<Buyer> {
  const b = await makeShopper(app);
  if (points > 0) await givePoints(app, b.userId, points);
  return b;
}

/** Six 谢谢参与 slots of weight 0 after the given prizes, up to the slots wanted (6 at least). */
export function slots(prizes: DrawPrizeBody[], count = 6): DrawPrizeBody[] {
  const out = [...prizes];
  while (out.length < count) out.push({ kind: 'nothing', weight: 0 });
  return out;
}

export async function makeWheel(
  app: FastifyInstance,
  admin: string,
  prizes: DrawPrizeBody[],
  over: Partial<DrawWheelBody> = {},
): Promise<number> {
  const res = await post<{ id: number }>(app, 'admin/draw/wheel', admin, {
    title: '测试转盘',
    prizes: slots(prizes),
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data.id;
}

export const spin = (app: FastifyInstance, b: Buyer, wheelId: number, key = spinKey()) =>
  post<DrawSpinData>(app, 'draw/spin', b.token, { wheelId, clientKey: key });
export const wheelOf = (app: FastifyInstance, b: Buyer, id: number) =>
  get<DrawWheelData>(app, 'draw/wheel', b.token, { id });
export const resultsOf = (app: FastifyInstance, b: Buyer, q: Record<string, number> = {}) =>
  get<DrawResultsPage>(app, 'draw/results', b.token, q);
export const pointsOf = (app: FastifyInstance, b: Buyer) =>
  app.pointsModule.points.balance(b.userId);
