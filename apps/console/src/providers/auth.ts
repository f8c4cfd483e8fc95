import type { PasswordLoginBody } from '@chaopin/contracts';
import type { AuthProvider } from '@refinedev/core';
import { type ApiError, api, typed } from './http.ts';
import type { ConsoleIdentity } from './identity.ts';
import { session } from './session.ts';

export const NO_CONSOLE_ROLE = '该账号没有后台权限';

let identity: { token: string; answer: Promise<ConsoleIdentity> } | null = null;

function isApiError(error: unknown): error is ApiError {
  return typeof error === 'object' && error !== null && 'statusCode' in error;
}

function fetchIdentity(): Promise<ConsoleIdentity> {
  return typed(api.GET('/chaopin-boot/api/v1/admin/me'));
}

/** The signed-in user's identity, fetched once per session token (and again after a failure). */
export function currentIdentity(): Promise<ConsoleIdentity> {
  const token = session.token();
  if (!token) return Promise.reject({ statusCode: 401, message: '请先登录' } satisfies ApiError);
  if (identity?.token !== token) {
    const answer = fetchIdentity();
    identity = { token, answer };
    answer.catch(() => {
      if (identity?.answer === answer) identity = null;
    });
  }
  return identity.answer;
}

/** A shopper's session has no console role: its message is ours, not the API's generic one. */
function forbidden(error: unknown): boolean {
  return isApiError(error) && error.statusCode === 403;
}

function loginError(error: unknown): Error {
  const message = forbidden(error)
    ? NO_CONSOLE_ROLE
    : isApiError(error)
      ? error.message
      : '登录失败，请稍后重试';
  return { name: '登录失败', message };
}

async function endSession(): Promise<void> {
  const token = session.token();
  session.clear();
  identity = null;
  if (!token) return;
  // The server forgets the session; a failure here leaves only an expiring token behind.
  await api
    .POST('/chaopin-boot/api/v1/user/logout', { headers: { TOKEN: token } })
    .catch(() => undefined);
}

export const authProvider: AuthProvider = {
  async login({ phone, password }: PasswordLoginBody) {
    try {
      const answer = await typed(
        api.POST('/chaopin-boot/api/v1/user/login', { body: { phone, password } }),
      );
      session.save(answer.token);
      identity = null; // a login always asks who this is (the account's role may have changed)
      await currentIdentity();
      return { success: true, redirectTo: '/' };
    } catch (error) {
      await endSession();
      return { success: false, error: loginError(error) };
    }
  },

  async logout() {
    await endSession();
    return { success: true, redirectTo: '/login' };
  },

  async check() {
    if (!session.token()) return { authenticated: false, redirectTo: '/login' };
    try {
      await currentIdentity();
      return { authenticated: true };
    } catch (error) {
      if (isApiError(error) && (error.statusCode === 401 || error.statusCode === 403)) {
        await endSession();
        return {
          authenticated: false,
          logout: true,
          redirectTo: '/login',
          error: loginError(error),
        };
      }
      // Offline or a server error: stay on the page, which shows the failure.
      return { authenticated: true };
    }
  },

  async onError(error: unknown) {
    if (isApiError(error) && error.statusCode === 401) {
      return { logout: true, redirectTo: '/login', error };
    }
    return {};
  },

  getIdentity: () => currentIdentity(),

  async getPermissions() {
    return (await currentIdentity()).permissions;
  },
};
