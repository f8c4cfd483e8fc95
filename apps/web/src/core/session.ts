import type { UserInfo } from '@chaopin/contracts';
import { create } from 'zustand';
// The store's own `get` (zustand) is in scope below: the API's is apiGet here.
import { ApiError, get as apiGet, post, setUnauthorizedHandler } from './api/client.ts';
import { storage } from './storage.ts';

/** `checking`: a stored token is being verified; the login gate waits for the answer. */
export type SessionStatus = 'checking' | 'in' | 'out';

export interface SessionState {
  status: SessionStatus;
  isLogin: boolean;
  user: UserInfo | null;
  /** SPEC §4: verify the stored token with queryUser (code 1 → logged in, else logged out). */
  check: () => Promise<boolean>;
  /** After a successful login call: store the token, then load the user. */
  loginWithToken: (token: string) => Promise<boolean>;
  setUser: (user: UserInfo) => void;
  /** Forget everything locally at once, then end the session on the server (best effort). */
  logout: () => Promise<void>;
  /** Forget the session locally (token rejected or logged out). */
  clear: () => void;
}

let inflight: Promise<boolean> | null = null;

function initialState(): Pick<SessionState, 'status' | 'isLogin' | 'user'> {
  const token = storage.getToken();
  // The cached user lets "我的" show the name at once while the token is re-checked.
  return {
    status: token ? 'checking' : 'out',
    isLogin: false,
    user: token ? storage.getUserInfo() : null,
  };
}

export const useSession = create<SessionState>()((set, get) => ({
  ...initialState(),

  check() {
    if (inflight) return inflight;
    const token = storage.getToken();
    if (!token) {
      get().clear();
      return Promise.resolve(false);
    }
    if (get().status !== 'in') set({ status: 'checking' });
    inflight = apiGet('user/queryUser')
      .then((user) => {
        // The token may have changed (logout, another login) while we were waiting.
        if (storage.getToken() !== token) return get().isLogin;
        storage.setUserInfo(user);
        set({ status: 'in', isLogin: true, user });
        return true;
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError) {
          if (storage.getToken() === token) get().clear();
          return false;
        }
        // No answer (offline): keep the token and trust what we knew, the next show re-checks.
        const known = get().status === 'in' || storage.getUserInfo() !== null;
        set({ status: known ? 'in' : 'out', isLogin: known });
        return known;
      })
      .finally(() => {
        inflight = null;
      });
    return inflight;
  },

  async loginWithToken(token) {
    storage.setToken(token);
    inflight = null;
    return get().check();
  },

  setUser(user) {
    storage.setUserInfo(user);
    set({ user, isLogin: true, status: 'in' });
  },

  async logout() {
    const token = storage.getToken();
    // Locally first: on a slow network (or a server queueing writes) the answer may take many
    // seconds, and 我的 must not show the old user meanwhile. A check still in flight finds the
    // token changed and writes nothing back.
    get().clear();
    if (!token) return;
    void post('user/logout', undefined, { token }).catch(() => {
      /* the server's session expires on its own */
    });
  },

  clear() {
    storage.setToken(null);
    storage.setTicket(null);
    storage.setUserInfo(null);
    set({ status: 'out', isLogin: false, user: null });
  },
}));

// Any 401 from the API means the token is no longer valid.
setUnauthorizedHandler(() => {
  if (useSession.getState().status !== 'out') useSession.getState().clear();
});
