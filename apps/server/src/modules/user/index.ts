import type { UserInfo } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { installAuth } from '../../platform/auth.ts';
import { BusCache } from '../../platform/bus-cache.ts';
import { narrowDb } from '../../platform/db.ts';
import { accountRoutes } from './account.routes.ts';
import { PayPasswordService } from './pay-password.service.ts';
import { SessionService } from './session.service.ts';
import { SmsService } from './sms.service.ts';
import { UserRepo } from './user.repo.ts';
import { userRoutes } from './user.routes.ts';
import { type RegisteredHook, UserService } from './user.service.ts';
import { WebTicketRepo } from './web-ticket.repo.ts';
import { WebTicketService } from './web-ticket.service.ts';
import { WechatRepo } from './wechat.repo.ts';
import { wechatRoutes } from './wechat.routes.ts';
import { SandboxWechatGateway, type WechatGateway } from './wechat-gateway.ts';
import { WechatLoginService } from './wechat-login.service.ts';

export { registerUserConsole, type UserConsolePorts } from './console/index.ts';
export { maskName, maskPhone } from './identity.ts';
export { type OperatorAccountRow, operatorAccounts } from './operator-accounts.repo.ts';
export type { RegisteredHook } from './user.service.ts';
export { type PublicUser, userReads } from './user-reads.repo.ts';
export type { WechatGateway } from './wechat-gateway.ts';

export interface UserModule {
  sms: SmsService;
  sessions: SessionService;
  users: UserService;
  payPassword: PayPasswordService;
  /** Drops a user's cached profile on every node (after a change made elsewhere). */
  evictProfile(userId: number): Promise<void>;
}

/** Accounts: builds the services, installs session auth and registers the user and account routes. */
export async function registerUserModule(
  app: FastifyInstance,
  deps: Deps,
  ports: {
    /** A new account's invite code: the promotion module binds it (late-bound by app.ts). */
    registered: RegisteredHook;
    /** code2Session; the sandbox (development and tests only) unless one is handed in. */
    wechat?: WechatGateway;
  },
): Promise<UserModule> {
  const repo = new UserRepo(narrowDb(deps.db));
  const sms = new SmsService(deps);
  const sessions = await SessionService.create(deps, repo);
  const infoCache = await BusCache.create<UserInfo>(deps.bus, 'user.info.evict', {
    max: 50_000,
    ttlMs: deps.config.AUTH_CACHE_MS,
  });
  const users = new UserService(deps, repo, sms, sessions, infoCache, ports.registered);
  const payPassword = new PayPasswordService(deps, repo, sms, (id) =>
    infoCache.invalidate(String(id)),
  );
  const m: UserModule = {
    sms,
    sessions,
    users,
    payPassword,
    evictProfile: (id) => infoCache.invalidate(String(id)),
  };
  installAuth(app, sessions.resolve);
  await userRoutes(app, m);
  await accountRoutes(app, m);
  const gateway = ports.wechat ?? new SandboxWechatGateway(deps.config.NODE_ENV !== 'production');
  await wechatRoutes(
    app,
    new WechatLoginService(gateway, new WechatRepo(narrowDb(deps.db)), repo, users, sessions),
    new WebTicketService(new WebTicketRepo(narrowDb(deps.db)), repo, sessions),
  );
  return m;
}
