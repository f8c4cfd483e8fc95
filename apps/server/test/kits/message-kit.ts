// Test support for the message tests: one app per file with an operator, and the message routes as calls.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { DomainEvent } from '../../src/platform/domain-events.ts';
import { API, call, createTestApp, type Envelope, login, type TestApp } from '../helpers.ts';
import { makeAdmin } from './aftersale-kit.ts';

export interface Item {
  id: number;
  type: string;
  title: string;
  content: string;
  link: string;
  orderNo: string;
  image: string;
  read: boolean;
  createdAt: string;
}
export interface Page {
  list: Item[];
  total: number;
  pageNum: number;
  pageSize: number;
}
export interface Unread {
  system: number;
  order: number;
  total: number;
}

type Answer<T> = Promise<{ status: number; body: Envelope<T> }>;

/** A test file's app (sessions not cached), an operator's token, and the calls the tests make. */
export interface MessageKit {
  t: TestApp;
  app: FastifyInstance;
  /** An operator's token (role admin). */
  admin: string;
  get<T>(path: string, token?: string): Answer<T>;
  post<T>(path: string, token: string | undefined, body: Record<string, unknown>): Answer<T>;
  listByType(token: string, type: string, extra?: string): Answer<Page>;
  unread(token: string): Promise<Unread>;
  /** Delivers a domain event as a producer would (outside any change of its own). */
  emit(event: DomainEvent): Promise<void>;
  /** A new signed-in user and their id. */
  signedIn(): Promise<{ token: string; userId: number }>;
}

/** One app per test file: created before its tests, closed after them. */
export function messageAppPerFile(): MessageKit {
  const kit = {} as MessageKit;
  beforeAll(async () => {
    kit.t = await createTestApp({ AUTH_CACHE_MS: '0' });
    kit.app = kit.t.app;
    kit.admin = await makeAdmin(kit.app);
  });
  afterAll(async () => {
    await kit.t?.close();
  });
  kit.get = <T>(path: string, token?: string) =>
    call<T>(kit.app, { method: 'GET', url: `${API}/${path}`, token });
  kit.post = <T>(path: string, token: string | undefined, body: Record<string, unknown>) =>
    call<T>(kit.app, { method: 'POST', url: `${API}/${path}`, token, payload: body });
  kit.listByType = (token, type, extra = '') =>
    kit.get<Page>(`message/listByType?type=${type}${extra}`, token);
  kit.unread = async (token) => (await kit.get<Unread>('message/unreadCount', token)).body.data;
  kit.emit = (event) => kit.app.deps.events.emit(kit.app.deps.db, event);
  kit.signedIn = async () => {
    const { token, phone } = await login(kit.app);
    const row = await kit.app.deps.db
      .selectFrom('app_user')
      .select('id')
      .where('phone', '=', phone)
      .executeTakeFirstOrThrow();
    return { token, userId: row.id };
  };
  return kit;
}
