import type { UserInfo } from '@chaopin/contracts';
import { STORAGE_KEYS } from '@chaopin/core/platform';

/** Keys kept in localStorage, named as the original app stored them (SPEC §3). */
export { STORAGE_KEYS };

// localStorage can throw (private mode, quota, disabled storage); the app must still run.
function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) globalThis.localStorage?.removeItem(key);
    else globalThis.localStorage?.setItem(key, value);
  } catch {
    /* storage unavailable: keep going with in-memory state */
  }
}

export const storage = {
  getToken: (): string | null => read(STORAGE_KEYS.token) || null,
  setToken: (token: string | null) => write(STORAGE_KEYS.token, token),
  getTicket: (): string | null => read(STORAGE_KEYS.ticket) || null,
  setTicket: (ticket: string | null) => write(STORAGE_KEYS.ticket, ticket),
  getUserInfo(): UserInfo | null {
    const raw = read(STORAGE_KEYS.userInfo);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as UserInfo;
    } catch {
      return null;
    }
  },
  setUserInfo(user: UserInfo | null): void {
    write(STORAGE_KEYS.userInfo, user ? JSON.stringify(user) : null);
    write(STORAGE_KEYS.isLogin, user ? 'true' : null);
  },
};
