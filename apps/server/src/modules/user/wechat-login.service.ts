import type { XcxLoginData } from '@chaopin/contracts';
import { sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionService } from './session.service.ts';
import type { UserRepo } from './user.repo.ts';
import type { UserService } from './user.service.ts';
import type { WechatRepo } from './wechat.repo.ts';
import type { WechatGateway } from './wechat-gateway.ts';

/** The mini-program's login: wx.login's code → openid (the gateway) → the account bound to it. */
export class WechatLoginService {
  constructor(
    private readonly gateway: WechatGateway,
    private readonly repo: WechatRepo,
    private readonly users: UserRepo,
    private readonly accounts: UserService,
    private readonly sessions: SessionService,
  ) {}

  /** A session when the openid is bound; `bound: false` asks the mini-program for the phone. */
  async login(code: string, userAgent?: string): Promise<XcxLoginData> {
    const { openid } = await this.gateway.code2Session(code);
    const account = await this.repo.accountOf(openid);
    if (!account) return { bound: false, token: null };
    if (account.status !== 1) throw new AppError('USER_DISABLED');
    return { bound: true, token: await this.sessions.open(account.id, userAgent) };
  }

  /**
   * Binds the openid to the phone's account (SMS-verified; a new phone registers, as SMS login
   * does, bound to the inviter whose shared card brought it) and signs it in. One openid per account and one account per openid: a clash is
   * refused before the SMS code is spent.
   */
  async bind(
    code: string,
    phone: string,
    smsCode: string,
    userAgent?: string,
    inviteCode?: string,
  ) {
    const { openid } = await this.gateway.code2Session(code);
    const bound = await this.repo.accountOf(openid);
    if (bound && bound.phone !== phone) throw new AppError('WECHAT_BOUND_ELSEWHERE');
    const existing = await this.users.findByPhone(phone);
    if (existing) {
      const other = await this.repo.openidOf(existing.id);
      if (other && other.openid !== openid) throw new AppError('WECHAT_PHONE_BOUND_ELSEWHERE');
    }
    const login = await this.accounts.mobileLogin(phone, smsCode, userAgent, inviteCode);
    const user = await this.users.findByPhone(phone);
    if (!user) throw new AppError('LOGIN_REQUIRED');
    await this.repo.bind(openid, user.id);
    // A concurrent bind of either side won the race: the session just opened is not kept.
    if ((await this.repo.accountOf(openid))?.id !== user.id) {
      await this.sessions.close(sha256Hex(login.token));
      throw new AppError('WECHAT_BOUND_ELSEWHERE');
    }
    return login;
  }
}
