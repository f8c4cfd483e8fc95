import {
  ConsoleUserDetail,
  ConsoleUserPage,
  Empty,
  UserBanBody,
  UserIdBody,
  UserIdQuery,
  UserListQuery,
  UserMarkTestBody,
  UserReveal,
  UserRevealQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { UserConsoleService } from './user-console.service.ts';

const tags = ['admin'];
const gate = (perm: string) => ({ auth: 'admin' as const, perm });

/** 用户管理: search, one user's page, ban / unban, pay-password lock, real name, test flag, reveal. */
export async function userConsoleRoutes(app: FastifyInstance, users: UserConsoleService) {
  const r = typed(app);
  const base = `${API}/admin/user`;

  r.get(
    `${base}/list`,
    {
      config: gate('user.read'),
      schema: {
        tags,
        summary: '用户列表（手机号/ID/昵称搜索，状态、测试账号、注册日期筛选）',
        querystring: UserListQuery,
        response: responses(ConsoleUserPage),
      },
    },
    async (req) => ok(await users.page(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/detail`,
    {
      config: gate('user.read'),
      schema: {
        tags,
        summary: '用户详情：资料、订单、余额、登录设备、实名',
        querystring: UserIdQuery,
        response: responses(ConsoleUserDetail),
      },
    },
    async (req) => ok(await users.detail(consoleActor(req), req.query.id)),
  );

  r.get(
    `${base}/reveal`,
    {
      config: gate('user.pii'),
      schema: {
        tags,
        summary: '查看完整手机号或证件号（记入操作日志）',
        querystring: UserRevealQuery,
        response: responses(UserReveal),
      },
    },
    async (req) => ok(await users.reveal(consoleActor(req), req.query)),
  );

  const write = (
    path: string,
    summary: string,
    body: typeof UserIdBody,
    run: (actor: ReturnType<typeof consoleActor>, id: number) => Promise<void>,
  ) =>
    r.post(
      `${base}/${path}`,
      { config: gate('user.write'), schema: { tags, summary, body, response: responses(Empty) } },
      async (req) => {
        await run(consoleActor(req), req.body.id);
        return ok(null);
      },
    );

  r.post(
    `${base}/ban`,
    {
      config: gate('user.write'),
      schema: {
        tags,
        summary: '封禁用户（其所有登录立即失效）',
        body: UserBanBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await users.ban(consoleActor(req), req.body);
      return ok(null);
    },
  );
  write('unban', '解除封禁', UserIdBody, (actor, id) => users.unban(actor, id));
  write('unlockPayPassword', '解除支付密码锁定', UserIdBody, (actor, id) =>
    users.unlockPayPassword(actor, id),
  );
  write('resetRealName', '重置实名认证', UserIdBody, (actor, id) => users.resetRealName(actor, id));
  r.post(
    `${base}/markTest`,
    {
      config: gate('user.write'),
      schema: {
        tags,
        summary: '标记或取消测试账号',
        body: UserMarkTestBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await users.markTest(consoleActor(req), req.body);
      return ok(null);
    },
  );
}
