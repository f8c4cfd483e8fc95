import {
  ChangeMobileBody,
  Empty,
  LoginData,
  MobileLoginBody,
  ModifyPasswordBody,
  PasswordLoginBody,
  ProfileBody,
  RealNameBody,
  RealNameData,
  ResetPwdBody,
  SmsSendBody,
  SmsSendData,
  UserInfo,
  VerifyMobileBody,
  VerifyMobileData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { AppError } from '../../platform/errors.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { UserModule } from './index.ts';

const SendSelfBody = Type.Object({
  type: Type.Union([Type.Literal('verifyMobile'), Type.Literal('resetPayPwd')], {
    errorId: 'SMS_TYPE_INVALID',
  }),
});

const tags = ['user'];
const auth = { auth: 'user' as const };

export async function userRoutes(app: FastifyInstance, m: UserModule) {
  const r = typed(app);
  const base = `${API}/user`;

  r.post(
    `${base}/sms/send`,
    {
      schema: {
        tags,
        summary: '发送短信验证码',
        body: SmsSendBody,
        response: responses(SmsSendData),
      },
    },
    async (req) => {
      const purpose = req.body.type ?? 'login';
      if (purpose === 'verifyMobile' || purpose === 'resetPayPwd') {
        throw new AppError('SMS_TYPE_INVALID');
      }
      if (purpose === 'resetPwd' && !(await m.users.repo.findByPhone(req.body.phone))) {
        throw new AppError('USER_NOT_FOUND');
      }
      if (purpose === 'changeMobile') await m.users.assertPhoneFree(req.body.phone);
      return ok(await m.sms.send(req.body.phone, purpose));
    },
  );

  r.post(
    `${base}/sms/sendSelf`,
    {
      config: auth,
      schema: {
        tags,
        summary: '向当前账号手机号发送验证码（验证原手机号、重置支付密码）',
        body: SendSelfBody,
        response: responses(SmsSendData),
      },
    },
    async (req) => {
      const user = await m.users.repo.findById(currentUser(req).id);
      if (!user) throw new AppError('LOGIN_REQUIRED');
      return ok(await m.sms.send(user.phone, req.body.type));
    },
  );

  r.post(
    `${base}/mobileLogin`,
    {
      schema: {
        tags,
        summary: '短信验证码登录（首次登录自动注册）',
        body: MobileLoginBody,
        response: responses(LoginData),
      },
    },
    async (req) =>
      ok(
        await m.users.mobileLogin(
          req.body.phone,
          req.body.code,
          req.headers['user-agent'],
          req.body.inviteCode,
        ),
      ),
  );

  r.post(
    `${base}/login`,
    {
      schema: {
        tags,
        summary: '密码登录',
        body: PasswordLoginBody,
        response: responses(LoginData),
      },
    },
    async (req) =>
      ok(await m.users.passwordLogin(req.body.phone, req.body.password, req.headers['user-agent'])),
  );

  r.get(
    `${base}/queryUser`,
    { config: auth, schema: { tags, summary: '当前用户信息', response: responses(UserInfo) } },
    async (req) => ok(await m.users.info(currentUser(req).id)),
  );

  r.post(
    `${base}/logout`,
    { config: auth, schema: { tags, summary: '退出登录', response: responses(Empty) } },
    async (req) => {
      await m.sessions.close(currentUser(req).tokenHash);
      return ok(null);
    },
  );

  r.post(
    `${base}/profile`,
    {
      config: auth,
      schema: { tags, summary: '修改昵称、头像', body: ProfileBody, response: responses(UserInfo) },
    },
    async (req) => ok(await m.users.updateProfile(currentUser(req).id, req.body)),
  );

  r.post(
    `${base}/resetPwd`,
    {
      schema: {
        tags,
        summary: '短信验证码重置登录密码',
        body: ResetPwdBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await m.users.resetPassword(req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/modifyPassword`,
    {
      config: auth,
      schema: {
        tags,
        summary: '修改（或首次设置）登录密码',
        body: ModifyPasswordBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      const user = currentUser(req);
      await m.users.modifyPassword(user.id, user.tokenHash, req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/verifyMobile`,
    {
      config: auth,
      schema: {
        tags,
        summary: '验证原手机号',
        body: VerifyMobileBody,
        response: responses(VerifyMobileData),
      },
    },
    async (req) => ok(await m.users.verifyMobile(currentUser(req).id, req.body.code)),
  );

  r.post(
    `${base}/changeMobile`,
    {
      config: auth,
      schema: {
        tags,
        summary: '绑定新手机号',
        body: ChangeMobileBody,
        response: responses(UserInfo),
      },
    },
    async (req) => ok(await m.users.changeMobile(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/RealNameAuthentication`,
    { config: auth, schema: { tags, summary: '实名认证状态', response: responses(RealNameData) } },
    async (req) => ok(await m.users.realNameStatus(currentUser(req).id)),
  );

  r.post(
    `${base}/RealNameAuthentication`,
    {
      config: auth,
      schema: {
        tags,
        summary: '提交实名认证',
        body: RealNameBody,
        response: responses(RealNameData),
      },
    },
    async (req) => ok(await m.users.verifyRealName(currentUser(req).id, req.body)),
  );
}
