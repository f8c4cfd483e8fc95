import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSession } from '../core/session.ts';
import { storage } from '../core/storage.ts';
import { forgetOnSignOut } from './forgetOnSignOut.ts';

const user = (id: number) => ({
  id,
  nickname: `潮友${id}`,
  avatar: '',
  phone: '138****8000',
  hasPassword: false,
  hasPayPassword: false,
  realNameVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const COUNTS = ['order', 'statusCount'];

let stop: () => void = () => {};
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise<Response>(() => {})),
  );
  storage.setToken('tok');
  useSession.setState({ status: 'in', isLogin: true, user: user(7) });
});
afterEach(() => {
  stop();
  vi.unstubAllGlobals();
});

describe('cached answers across users', () => {
  it('logout forgets the last user’s cached answers', async () => {
    const client = new QueryClient();
    client.setQueryData(COUNTS, { unpaid: 3 });
    stop = forgetOnSignOut(client);
    await useSession.getState().logout();
    expect(client.getQueryData(COUNTS)).toBeUndefined();
  });

  it('another user signing in forgets them too; the same user refreshed keeps them', () => {
    const client = new QueryClient();
    client.setQueryData(COUNTS, { unpaid: 3 });
    stop = forgetOnSignOut(client);
    useSession.getState().setUser(user(7));
    expect(client.getQueryData(COUNTS)).toEqual({ unpaid: 3 });
    useSession.getState().setUser(user(8));
    expect(client.getQueryData(COUNTS)).toBeUndefined();
  });
});
