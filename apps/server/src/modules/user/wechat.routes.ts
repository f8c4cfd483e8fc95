import {
  LoginData,
  WebTicketData,
  WebTicketExchangeBody,
  XcxBindBody,
  XcxLoginBody,
  XcxLoginData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { WebTicketService } from './web-ticket.service.ts';
import type { WechatLoginService } from './wechat-login.service.ts';

const tags = ['user'];

/**
 * The mini-program's WeChat login (SPEC §7 user: xcx bind), and the one-time tickets that sign in
 * the web build's pages it opens in a <web-view>.
 */
export async function wechatRoutes(
  app: FastifyInstance,
  wechat: WechatLoginService,
  tickets: WebTicketService,
) {
  const r = typed(app);
  const base = `${API}/user/xcx`;

  r.post(
    `${base}/login`,
    {
      schema: {
        tags,
        summary: '小程序登录（wx.login 的 code；未绑定时返回 bound: false）',
        body: XcxLoginBody,
        response: responses(XcxLoginData),
      },
    },
    async (req) => ok(await wechat.login(req.body.code, req.headers['user-agent'])),
  );

  r.post(
    `${base}/bind`,
    {
      schema: {
        tags,
        summary: '小程序绑定手机号（短信验证码；首次登录自动注册）并登录',
        body: XcxBindBody,
        response: responses(LoginData),
      },
    },
    async (req) =>
      ok(
        await wechat.bind(
          req.body.code,
          req.body.phone,
          req.body.smsCode,
          req.headers['user-agent'],
          req.body.inviteCode || undefined,
        ),
      ),
  );

  r.post(
    `${API}/user/webTicket`,
    {
      config: { auth: 'user' },
      schema: {
        tags,
        summary: '网页登录凭证（一次性，60 秒内有效；供小程序 web-view 打开的网页换取登录）',
        response: responses(WebTicketData),
      },
    },
    async (req) => ok(await tickets.issue(currentUser(req).id)),
  );

  r.post(
    `${API}/user/webTicket/exchange`,
    {
      schema: {
        tags,
        summary: '用网页登录凭证换取登录（凭证用后即失效）',
        body: WebTicketExchangeBody,
        response: responses(LoginData),
      },
    },
    async (req) => ok(await tickets.exchange(req.body.ticket, req.headers['user-agent'])),
  );
}
