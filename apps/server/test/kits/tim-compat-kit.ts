import TIM, { type Message, type TimEvent } from '@chaopin/im-sdk';
import { type ImServer, imUser, testAppID } from './im-kit.ts';

/**
 * The harness of the TIM compatibility suite: the snippets themselves are written as Tencent's
 * documentation writes them (`TIM.create`, `tim.login`, `imResponse.data`, `imError.code`); only
 * making the instance (pointed at the test server) and the users is done here.
 */

/** `TIM.create({ SDKAppID })` as the docs do, plus the test server's address. */
export function create(s: ImServer): TIM {
  const tim = TIM.create({ SDKAppID: testAppID(), server: s.url });
  s.open.push({
    tim,
    userID: '',
    received: [],
    events: [],
    close: () => tim.destroy().then(() => undefined),
  });
  return tim;
}

/** A user the server knows (TIM: an imported account) and its userSig. */
export const account = (s: ImServer, nick?: string) => imUser(s.app, nick);

export interface Session {
  tim: TIM;
  userID: string;
  /** Every MESSAGE_RECEIVED message, in order. */
  received: Message[];
  /** Every event, in order. */
  events: TimEvent[];
}

/** A logged-in, ready instance (after SDK_READY), recording what it receives. */
export async function session(s: ImServer, nick?: string): Promise<Session> {
  const user = await account(s, nick);
  const tim = create(s);
  const received: Message[] = [];
  const events: TimEvent[] = [];
  for (const name of Object.values(TIM.EVENT)) {
    tim.on(name, (e) => {
      events.push(e);
      if (name === TIM.EVENT.MESSAGE_RECEIVED) received.push(...(e.data as Message[]));
    });
  }
  const ready = new Promise((resolve) => tim.on(TIM.EVENT.SDK_READY, resolve));
  await tim.login({ userID: user.userID, userSig: user.userSig });
  await ready;
  return { tim, userID: user.userID, received, events };
}

/** The rejection of a promise (TIM's imError), or fails the test when it resolved. */
export async function rejection(p: Promise<unknown>): Promise<{
  code: number;
  message: string;
  error: string;
}> {
  try {
    await p;
  } catch (imError) {
    return imError as { code: number; message: string; error: string };
  }
  throw new Error('expected a rejection');
}
