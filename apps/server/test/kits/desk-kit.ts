// Test support for the 客服 desk: stores with their agents, buyers and agents signed in to the IM.
import type { DeskConversation, DeskCredential } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { API, call, login } from '../helpers.ts';
import {
  adminGet,
  type ConsoleUser,
  makeOperator,
  makeStore,
  makeStoreMember,
} from './console-kit.ts';
import { type Client, client, eventually, type ImServer, text } from './im-kit.ts';

export interface DeskScene {
  operator: ConsoleUser;
  storeA: number;
  storeB: number;
  /** Agents (客服) of store A, its owner (商家), a 店员 who may only read the desk. */
  agentA1: ConsoleUser;
  agentA2: ConsoleUser;
  ownerA: ConsoleUser;
  readerA: ConsoleUser;
  /** An agent of store B only. */
  agentB: ConsoleUser;
}

export async function deskScene(app: FastifyInstance): Promise<DeskScene> {
  const operator = await makeOperator(app);
  const storeA = await makeStore(app);
  const storeB = await makeStore(app);
  const member = (store: number, role: 'owner' | 'staff' | 'agent', perms?: string[]) =>
    makeStoreMember(app, operator.token, store, role, perms);
  // The stores' chat accounts exist once the app asked for them (as 客服 does before it opens).
  const shopper = await login(app);
  for (const storeId of [storeA, storeB]) {
    const r = await call(app, {
      method: 'GET',
      url: `${API}/message/shopByChatId?storeId=${storeId}`,
      token: shopper.token,
    });
    expect(r.status).toBe(200);
  }
  return {
    operator,
    storeA,
    storeB,
    agentA1: await member(storeA, 'agent'),
    agentA2: await member(storeA, 'agent'),
    ownerA: await member(storeA, 'owner'),
    readerA: await member(storeA, 'staff', ['chat.read']),
    agentB: await member(storeB, 'agent'),
  };
}

/** A signed-in app user, and their IM client on `url`. */
export async function appBuyer(
  s: ImServer,
  url = s.url,
): Promise<Client & { token: string; phone: string }> {
  const { token, phone } = await login(s.app);
  const sig = await call<{ userID: string; userSig: string }>(s.app, {
    method: 'GET',
    url: `${API}/user/getUserSig`,
    token,
  });
  const c = await client(url, { userID: sig.body.data.userID, userSig: sig.body.data.userSig });
  s.open.push(c);
  return Object.assign(c, { token, phone });
}

/** An agent's desk session: the store's credential, signed in on `url`. */
export async function deskClient(
  s: ImServer,
  agent: ConsoleUser,
  storeId: number,
  url = s.url,
): Promise<Client> {
  const cred = await adminGet<DeskCredential>(
    s.app,
    agent.token,
    `chat/credential?storeId=${storeId}`,
  );
  expect(cred.status).toBe(200);
  const c = await client(url, { userID: cred.body.data.userID, userSig: cred.body.data.userSig });
  s.open.push(c);
  return c;
}

export const say = (c: Client, to: string, body: string) =>
  c.tim.sendMessage(text(c.tim, to, body));

/** Waits for the auto replies and the desk's state updates of every node. */
export const settled = (...apps: FastifyInstance[]) =>
  Promise.all(apps.flatMap((a) => [a.shopReplies.idle(), a.deskFlow.idle()]));

type Page = { list: DeskConversation[]; total: number };

export async function queueOf(app: FastifyInstance, token: string, storeId?: number) {
  const r = await adminGet<Page>(app, token, `chat/queue${storeId ? `?storeId=${storeId}` : ''}`);
  expect(r.status).toBe(200);
  return r.body.data;
}

export async function mineOf(app: FastifyInstance, token: string) {
  const r = await adminGet<Page>(app, token, 'chat/mine');
  expect(r.status).toBe(200);
  return r.body.data;
}

/** The desk conversation of a buyer with a store, once the buyer's message reached it. */
export async function conversationOf(
  app: FastifyInstance,
  token: string,
  storeId: number,
  buyer: string,
): Promise<DeskConversation> {
  let found: DeskConversation | undefined;
  await eventually(async () => {
    await app.deskFlow.idle();
    found = (await queueOf(app, token, storeId)).list.find((c) => c.buyer.userID === buyer);
    expect(found).toBeDefined();
  });
  return found as DeskConversation;
}
