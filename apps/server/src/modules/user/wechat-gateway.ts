import { sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';

/** What code2Session tells about the user behind a wx.login code. */
export interface WechatSession {
  openid: string;
}

/**
 * WeChat's code2Session (jscode2session): a one-time wx.login code → the user's openid. A code
 * WeChat refuses (bad, used, expired) is WECHAT_CODE_INVALID, a 400 the mini-program retries.
 */
export interface WechatGateway {
  code2Session(code: string): Promise<WechatSession>;
}

/** The sandbox's codes: `sandbox-<name>`; one name is one WeChat user. */
const SANDBOX_CODE = /^sandbox-[A-Za-z0-9_-]{1,64}$/;

/**
 * The sandbox for development and tests (as the pay sandbox stands in for the payment app): a
 * code `sandbox-<name>` is accepted any number of times and always means the same openid.
 * Anyone can present any name, so it answers nothing in production.
 */
export class SandboxWechatGateway implements WechatGateway {
  constructor(private readonly enabled: boolean) {}

  async code2Session(code: string): Promise<WechatSession> {
    if (!this.enabled || !SANDBOX_CODE.test(code)) throw new AppError('WECHAT_CODE_INVALID');
    return { openid: `sandbox_${sha256Hex(code).slice(0, 24)}` };
  }
}
