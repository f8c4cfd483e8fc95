// Test support: console users (the operator, a store's 商家 / 店员 / 客服) and their calls.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { API, call, login } from '../helpers.ts';

export interface ConsoleUser {
  token: string;
  phone: string;
  userId: number;
}

async function userIdOf(app: FastifyInstance, phone: string): Promise<number> {
  const row = await app.deps.db
    .selectFrom('app_user')
    .select('id')
    .where('phone', '=', phone)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A signed-in platform operator (the account marked admin). */
export async function makeOperator(app: FastifyInstance): Promise<ConsoleUser> {
  const { token, phone } = await login(app);
  await app.deps.db
    .updateTable('app_user')
    .set({ role: 'admin' })
    .where('phone', '=', phone)
    .execute();
  return { token, phone, userId: await userIdOf(app, phone) };
}

/** A new store (no products). */
export async function makeStore(app: FastifyInstance, name?: string): Promise<number> {
  const row = await app.deps.db
    .insertInto('store')
    .values({
      name: name ?? `控制台店铺${randomBytes(3).toString('hex')}`,
      logo: '/l.png',
      description: '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export const adminGet = <T = unknown>(app: FastifyInstance, token: string, path: string) =>
  call<T>(app, { method: 'GET', url: `${API}/admin/${path}`, token });

export const adminPost = <T = unknown>(
  app: FastifyInstance,
  token: string,
  path: string,
  payload: Record<string, unknown>,
) => call<T>(app, { method: 'POST', url: `${API}/admin/${path}`, token, payload });

/** A signed-in 商家 / 店员 / 客服 of `storeId`, made by `operator` through the console API. */
export async function makeStoreMember(
  app: FastifyInstance,
  operator: string,
  storeId: number,
  role: 'owner' | 'staff' | 'agent' = 'owner',
  permissions?: string[],
): Promise<ConsoleUser> {
  const { token, phone } = await login(app);
  const res = await adminPost(app, operator, 'staff/save', {
    phone,
    role,
    storeId,
    ...(permissions ? { permissions } : {}),
  });
  if (res.status !== 200) throw new Error(`staff/save failed: ${JSON.stringify(res.body)}`);
  return { token, phone, userId: await userIdOf(app, phone) };
}
