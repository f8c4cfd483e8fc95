import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installAppShow } from '../ui/appShow.ts';
import { useSession } from './session.ts';
import { storage } from './storage.ts';

const user = {
  id: 7,
  nickname: '潮友8000',
  avatar: '',
  phone: '138****8000',
  hasPassword: false,
  hasPayPassword: false,
  realNameVerified: false,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status });
const loggedIn = () => json({ code: 1, msg: 'ok', data: user });
const loggedOut = () =>
  json({ code: 401, msg: '请先登录', error: 'LOGIN_REQUIRED', data: null }, 401);

let fetchMock: ReturnType<typeof vi.fn>;
let stop: (() => void) | undefined;

function setVisibility(state: DocumentVisibilityState) {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

async function settle() {
  await vi.waitFor(() => expect(useSession.getState().status).not.toBe('checking'));
}

beforeEach(() => {
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  useSession.setState({ status: 'out', isLogin: false, user: null });
});

afterEach(() => {
  stop?.();
  vi.unstubAllGlobals();
});

describe('login state on app show (SPEC §4)', () => {
  it('is logged out without a token and does not ask the server', async () => {
    stop = installAppShow(() => void useSession.getState().check());
    await settle();
    expect(useSession.getState().isLogin).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('checks the stored token with queryUser on load and again when the app is shown', async () => {
    storage.setToken('tok');
    fetchMock.mockResolvedValueOnce(loggedIn());
    stop = installAppShow(() => void useSession.getState().check());
    await settle();
    expect(useSession.getState().isLogin).toBe(true);
    expect(useSession.getState().user?.nickname).toBe('潮友8000');
    expect(storage.getUserInfo()?.id).toBe(7);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/chaopin-boot/api/v1/user/queryUser');
    expect((init.headers as Record<string, string>).TOKEN).toBe('tok');

    // The session expired while the app was in the background: code !== 1 logs out.
    fetchMock.mockResolvedValueOnce(loggedOut());
    setVisibility('hidden');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    setVisibility('visible');
    await vi.waitFor(() => expect(useSession.getState().isLogin).toBe(false));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(storage.getToken()).toBeNull();
    expect(useSession.getState().status).toBe('out');
  });

  it('re-checks on a back/forward-cache pageshow', async () => {
    storage.setToken('tok');
    fetchMock.mockResolvedValue(loggedIn());
    stop = installAppShow(() => void useSession.getState().check());
    await settle();
    const restored = new Event('pageshow') as PageTransitionEvent;
    Object.defineProperty(restored, 'persisted', { value: true });
    window.dispatchEvent(restored);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(useSession.getState().isLogin).toBe(true);
  });

  it('keeps the token when the server could not be reached', async () => {
    storage.setToken('tok');
    storage.setUserInfo(user);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await useSession.getState().check();
    expect(storage.getToken()).toBe('tok');
    expect(useSession.getState().isLogin).toBe(true);
  });

  it('logs out at once while the server is slow, and a check in flight writes no user back', async () => {
    storage.setToken('tok');
    storage.setUserInfo(user);
    useSession.setState({ status: 'in', isLogin: true, user });
    // queryUser (a check) and then logout: answers the test releases by hand.
    const answers: ((r: Response) => void)[] = [];
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => answers.push(resolve)));
    const checking = useSession.getState().check();
    await useSession.getState().logout();
    expect(useSession.getState()).toMatchObject({ status: 'out', isLogin: false, user: null });
    expect(storage.getToken()).toBeNull();
    expect(storage.getUserInfo()).toBeNull();
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const [url, init] = fetchMock.mock.calls[1] as [string, RequestInit];
    expect(url).toContain('user/logout');
    expect((init.headers as Record<string, string>).TOKEN).toBe('tok');
    // The check's answer (the old user) arrives after the logout: it changes nothing.
    answers[0]?.(loggedIn());
    answers[1]?.(json({ code: 1, msg: 'ok', data: null }));
    await checking;
    expect(useSession.getState()).toMatchObject({ status: 'out', isLogin: false, user: null });
    expect(storage.getUserInfo()).toBeNull();
  });
});
