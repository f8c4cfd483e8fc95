import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import TIM, { type Message, type TimEvent } from '@chaopin/im-sdk';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { UserSigs } from '../../src/modules/im/session/im-sig.ts';
import { SocialRepo } from '../../src/modules/im/social/social.repo.ts';
import { narrowDb } from '../../src/platform/db.ts';
import { createTestApp, type TestApp } from '../helpers.ts';
import { makeAdmin } from './aftersale-kit.ts';

/** Test helpers: IM users on a listening app, and SDK clients logged in as them. */
export async function listen(app: FastifyInstance, port = 0): Promise<string> {
  await app.listen({ port, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A test file's server: the app, its URL, and the SDK clients to close when the file is done. */
export interface ImServer {
  t: TestApp;
  app: FastifyInstance;
  url: string;
  open: Client[];
}

/** One listening app per test file: created before its tests, closed (clients first) after them. */
export function imServerPerFile(): ImServer {
  const s = { open: [] as Client[] } as ImServer;
  beforeAll(async () => {
    s.t = await createTestApp();
    s.app = s.t.app;
    s.url = await listen(s.app);
  });
  afterAll(async () => {
    for (const c of s.open) await c.close();
    await s.t?.close();
  });
  return s;
}

/** Two nodes of one cluster (shared PostgreSQL and Redis), each listening. */
export interface TwoNodes extends ImServer {
  node2: FastifyInstance;
  url2: string;
}

/** Two listening nodes for a suite (cluster mode): node 1 is `app`/`url`, node 2 `node2`/`url2`. */
export function twoNodesPerSuite(): TwoNodes {
  const s = { open: [] as Client[] } as TwoNodes;
  beforeAll(async () => {
    s.t = await createTestApp();
    s.app = s.t.app;
    s.url = await listen(s.app);
    s.node2 = await s.t.secondNode();
    s.url2 = await listen(s.node2);
  });
  afterAll(async () => {
    for (const c of s.open) await c.close();
    await s.t?.close();
  });
  return s;
}

let n = 0;
export async function imUser(app: FastifyInstance, nick?: string) {
  const userID = `u${process.pid}_${Date.now().toString(36)}_${++n}`;
  await new SocialRepo(narrowDb(app.deps.db)).ensureProfile(userID, nick ?? userID, '', Date.now());
  return { userID, userSig: new UserSigs(app.deps.secret).issue(userID).userSig };
}

export interface Client {
  tim: TIM;
  userID: string;
  received: Message[];
  events: TimEvent[];
  close(): Promise<void>;
}

let appNo = 0;
/**
 * A fresh SDKAppID for each SDK instance of a test: TIM.create gives one instance per app id (as
 * TIM), and a test plays many users in one process.
 */
export const testAppID = () => 1400000000 + ++appNo;

export async function client(
  server: string,
  user: { userID: string; userSig: string },
): Promise<Client> {
  const tim = TIM.create({ SDKAppID: testAppID(), server });
  const received: Message[] = [];
  const events: TimEvent[] = [];
  for (const name of Object.values(TIM.EVENT)) {
    tim.on(name, (e) => {
      events.push(e);
      if (e.name === TIM.EVENT.MESSAGE_RECEIVED) received.push(...(e.data as Message[]));
    });
  }
  await tim.login(user);
  return {
    tim,
    userID: user.userID,
    received,
    events,
    close: () => tim.destroy().then(() => undefined),
  };
}

/** Polls until the check passes (or fails the test after `ms`). */
export async function eventually(check: () => void | Promise<void>, ms = 8000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    try {
      await check();
      return;
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 25));
    }
  }
}

export function text(
  tim: TIM,
  to: string,
  body: string,
  conversationType: 'C2C' | 'GROUP' = 'C2C',
) {
  return tim.createTextMessage({ to, conversationType, payload: { text: body } });
}

/** The catalogue id a rejected SDK call carries. */
export async function errorOf(p: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (err) {
    return (err as { error?: string }).error ?? String(err);
  }
  return 'NO_ERROR';
}

/** The chat-provider REST base of the tests (any org/app pair is served). */
export const REST_BASE = '/acme/shop';

/** An operator's REST access token (an account registered by the back office, with a password). */
export async function operatorToken(app: FastifyInstance): Promise<string> {
  const admin = await makeAdmin(app);
  const username = `ops_${randomBytes(4).toString('hex')}`;
  const headers = { 'content-type': 'application/json' };
  const reg = await app.inject({
    method: 'POST',
    url: `${REST_BASE}/users`,
    headers: { ...headers, token: admin },
    payload: JSON.stringify({ username, password: 'p@ssw0rd' }),
  });
  expect(reg.statusCode).toBe(200);
  const tok = await app.inject({
    method: 'POST',
    url: `${REST_BASE}/token`,
    headers,
    payload: JSON.stringify({ grant_type: 'password', username, password: 'p@ssw0rd' }),
  });
  return tok.json().data.access_token as string;
}

/** The REST force logout of `user`, as the bearer of `token`. */
export const restKick = (app: FastifyInstance, user: string, token?: string) =>
  app.inject({
    method: 'GET',
    url: `${REST_BASE}/users/${encodeURIComponent(user)}/disconnect`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

/** `n` users logged in on the file's server (nicknames `<nick>0`, `<nick>1`, …), closed after the file. */
export async function clientsOf(s: ImServer, n: number, nick = 'U'): Promise<Client[]> {
  const out: Client[] = [];
  for (let i = 0; i < n; i++) out.push(await client(s.url, await imUser(s.app, `${nick}${i}`)));
  s.open.push(...out);
  return out;
}

/** A command straight to the server, bypassing the SDK's own checks (to test the server's). */
export const rawCall = (c: Client | TIM) => {
  const tim = 'tim' in c ? c.tim : c;
  return (tim as unknown as { call: (cmd: string, p: unknown) => Promise<unknown> }).call.bind(tim);
};

/** The group tips (operation types) a client received in a group, in order. */
export const groupTips = (c: Client, gid: string) =>
  c.received
    .filter((m) => m.conversationID === `GROUP${gid}` && m.type === 'TIMGroupTipElem')
    .map((m) => (m.payload as { operationType: number }).operationType);
