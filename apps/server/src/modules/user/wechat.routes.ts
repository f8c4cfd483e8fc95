import { LoginData, XcxBindBody, XcxLoginBody, XcxLoginData } from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { WechatLoginService } from './wechat-login.service.ts';

const tags = ['user'];

/** The mini-program's WeChat login (SPEC §7 user: xcx bind). */
export async function wechatRoutes(app: FastifyInstance, wechat: WechatLoginService) {
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
        ),
      ),
  );
}
