import { STORAGE_KEYS } from '@chaopin/core/platform';
import Taro from '@tarojs/taro';
import { api } from './api';
import { forgetInvite, pendingInvite } from './invite';
import { taroStorage } from './taroStorage';

const SANDBOX = process.env.TARO_APP_WECHAT_SANDBOX === '1';
const SANDBOX_NAME_KEY = 'wx_sandbox_name';

/**
 * wx.login's one-time code for the server's code2Session. A development build talks to the
 * server's sandbox gateway instead: `sandbox-<name>`, the name kept in storage so that this
 * device stays the same WeChat user.
 */
export async function wechatCode(): Promise<string> {
  if (!SANDBOX) return (await Taro.login()).code;
  let name = taroStorage.getItem(SANDBOX_NAME_KEY);
  if (!name) {
    name = `dev${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
    taroStorage.setItem(SANDBOX_NAME_KEY, name);
  }
  return `sandbox-${name}`;
}

export function keepSession(token: string): void {
  taroStorage.setItem(STORAGE_KEYS.token, token);
  taroStorage.setItem(STORAGE_KEYS.isLogin, 'true');
}

/** Signs in with WeChat alone; false when this WeChat user has no phone bound yet. */
export async function wechatLogin(): Promise<boolean> {
  const answer = await api.post('user/xcx/login', { code: await wechatCode() });
  if (answer.token) keepSession(answer.token);
  return answer.bound;
}

/**
 * Binds the phone (SMS-verified) to this WeChat user and signs in; a new account is bound to the
 * inviter whose shared card brought this user.
 */
export async function wechatBind(phone: string, smsCode: string): Promise<void> {
  const inviteCode = pendingInvite();
  const answer = await api.post('user/xcx/bind', {
    code: await wechatCode(),
    phone,
    smsCode,
    ...(inviteCode ? { inviteCode } : {}),
  });
  keepSession(answer.token);
  forgetInvite();
}
