// An expiring userSig: the session is kicked (USERSIG_EXPIRED); a refused reconnect says why.
import { KICKED_OUT, PUSH } from '@chaopin/contracts';
import TIM from '@chaopin/im-sdk';
import { describe, expect, it } from 'vitest';
import {
  afterKick,
  KICK_TAIL,
  kicked,
  raw,
  refusal,
  sleep,
} from '../../../../test/kits/im-kick-kit.ts';
import {
  client,
  errorOf,
  eventually,
  imServerPerFile,
  imUser,
} from '../../../../test/kits/im-kit.ts';
import { UserSigs } from './im-sig.ts';

describe('single node', () => {
  const s = imServerPerFile();
  const sigs = () => new UserSigs(s.app.deps.secret);

  it('a session whose userSig expires is kicked out (USERSIG_EXPIRED) and stays out until a new login', async () => {
    const a = await imUser(s.app);
    const short = { userID: a.userID, userSig: sigs().issue(a.userID, Date.now(), 2).userSig };
    const c = await client(s.url, short);
    const other = await client(s.url, a); // the same user on a long-lived sig
    s.open.push(c, other);
    expect(c.tim.isReady()).toBe(true);
    await eventually(() => expect(kicked(c)).toBe(true), 5000);
    const { tail } = afterKick(c, KICKED_OUT.USERSIG_EXPIRED);
    expect(tail).toEqual(KICK_TAIL(TIM.TYPES.KICKED_OUT_USERSIG_EXPIRED));
    expect(c.tim.isReady()).toBe(false);
    expect(await errorOf(() => c.tim.getConversationList())).toBe('IM_SDK_NOT_READY');
    expect(await errorOf(() => c.tim.getMyProfile())).toBe('IM_SDK_NOT_READY');
    expect(await errorOf(c.tim.joinGroup({ groupID: 'g1' }))).not.toBe('NO_ERROR');
    // no reconnect: nothing happens after the kick
    const count = c.events.length;
    await sleep(600);
    expect(c.events.length).toBe(count);
    // only that session: the other one (another sig) is untouched
    expect(kicked(other)).toBe(false);
    expect((await other.tim.getMyProfile()).data.userID).toBe(a.userID);
    // the expired sig is refused; a new one logs the same SDK instance in again
    expect(await errorOf(c.tim.login(short))).toBe('IM_SIG_INVALID');
    const fresh = { userID: a.userID, userSig: sigs().issue(a.userID).userSig };
    expect((await c.tim.login(fresh)).data.repeatLogin).toBe(false);
    expect(c.tim.isReady()).toBe(true);
    expect((await c.tim.getMyProfile()).data.userID).toBe(a.userID);
  });

  it('the server pushes the kick and closes a raw socket on expiry', async () => {
    const a = await imUser(s.app);
    const r = raw(s.url, {
      userID: a.userID,
      userSig: sigs().issue(a.userID, Date.now(), 1).userSig,
    });
    await r.connected;
    await eventually(() => expect(r.seen).toContain('disconnect:io server disconnect'), 4000);
    expect(r.seen).toEqual([
      `${PUSH.KICKED}:${KICKED_OUT.USERSIG_EXPIRED}`,
      'disconnect:io server disconnect',
    ]);
    // a session closed by its client before the expiry is not touched afterwards
    const b = raw(s.url, {
      userID: a.userID,
      userSig: sigs().issue(a.userID, Date.now(), 1).userSig,
    });
    await b.connected;
    b.socket.disconnect();
    await sleep(1500);
    expect(b.seen).toEqual(['disconnect:io client disconnect']);
  });

  it('a refused reconnect says why: expired sig, kicked sig, or neither', async () => {
    const a = await imUser(s.app);
    const expired = sigs().issue(a.userID, Date.now() - 10_000, 1).userSig;
    expect(await refusal(s.url, { userID: a.userID, userSig: expired })).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: KICKED_OUT.USERSIG_EXPIRED,
    });
    expect(await refusal(s.url, { userID: a.userID, userSig: 'x.y' })).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: undefined,
    });
    expect(await refusal(s.url, { userID: 'someone-else', userSig: a.userSig })).toEqual({
      error: 'IM_SIG_INVALID',
      kicked: undefined,
    });
    expect(await refusal(s.url, a)).toEqual({ error: 'CONNECTED' });
  });
});
