import { afterEach, describe, expect, it } from 'vitest';
import { authProvider, NO_CONSOLE_ROLE } from './auth.ts';
import { setFetch } from './http.ts';
import { session } from './session.ts';

type Answer = { status?: number; body: unknown };

/** A fake server by path (after /chaopin-boot/api/v1/); records the paths asked. */
function serve(routes: Record<string, Answer>): string[] {
  const asked: string[] = [];
  setFetch(async (request) => {
    const path = new URL(request.url).pathname.replace('/chaopin-boot/api/v1/', '');
    asked.push(path);
    const answer = routes[path] ?? {
      status: 404,
      body: { code: 404, msg: '接口不存在', error: 'ROUTE_NOT_FOUND', data: null },
    };
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
  });
  return asked;
}

const ok = (data: unknown): Answer => ({ body: { code: 1, msg: '成功', data } });
const login = ok({ token: 'tok-1', isNew: false });

afterEach(() => session.clear());

describe('authProvider', () => {
  it('keeps the token and reads the identity from admin/me', async () => {
    const me = {
      userId: 9,
      nickname: '店长小王',
      phone: '139****0001',
      role: 'owner',
      roleName: '店长',
      storeId: 3,
      storeName: '潮品旗舰店',
      permissions: ['refund.write'],
    };
    serve({ 'user/login': login, 'admin/me': ok(me) });
    const answer = await authProvider.login({ phone: '13900000001', password: 'x' });
    expect(answer).toEqual({ success: true, redirectTo: '/' });
    expect(session.token()).toBe('tok-1');
    expect(await authProvider.getIdentity?.()).toEqual(me);
    expect(await authProvider.getPermissions?.()).toEqual(['refund.write']);
  });

  it('refuses a shopper (admin/me 403) with 该账号没有后台权限 and ends the session', async () => {
    const asked = serve({
      'user/login': login,
      'admin/me': {
        status: 403,
        body: { code: 403, msg: '无权进行此操作', error: 'FORBIDDEN', data: null },
      },
      'user/logout': ok(null),
    });
    const answer = await authProvider.login({ phone: '13900000002', password: 'x' });
    expect(answer.success).toBe(false);
    expect(answer.error?.message).toBe(NO_CONSOLE_ROLE);
    expect(session.token()).toBeNull();
    expect(asked).toContain('user/logout');
  });

  it('sends a signed-out visitor to the login page, and logs out on a 401', async () => {
    expect(await authProvider.check()).toEqual({ authenticated: false, redirectTo: '/login' });
    expect(await authProvider.onError({ statusCode: 401, message: '请先登录' })).toMatchObject({
      logout: true,
      redirectTo: '/login',
    });
    expect(await authProvider.onError({ statusCode: 409, message: '状态已变化' })).toEqual({});
  });
});
