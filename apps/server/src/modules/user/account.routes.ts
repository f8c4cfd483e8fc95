import {
  CheckPayPasswordBody,
  Empty,
  IsPayPasswordData,
  ResetPayPasswordBody,
  SetPayPasswordBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { UserModule } from './index.ts';

const tags = ['account'];
const auth = { auth: 'user' as const };

/** The "Account" family: pay password. */
export async function accountRoutes(app: FastifyInstance, m: UserModule) {
  const r = typed(app);
  const base = `${API}/account`;

  r.get(
    `${base}/isPayPassword`,
    {
      config: auth,
      schema: { tags, summary: '是否已设置支付密码', response: responses(IsPayPasswordData) },
    },
    async (req) => ok(await m.payPassword.status(currentUser(req).id)),
  );

  r.post(
    `${base}/setPayPassword`,
    {
      config: auth,
      schema: {
        tags,
        summary: '设置或修改支付密码',
        body: SetPayPasswordBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await m.payPassword.set(currentUser(req).id, req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/checkPayPassword`,
    {
      config: auth,
      schema: {
        tags,
        summary: '校验支付密码',
        body: CheckPayPasswordBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await m.payPassword.verify(currentUser(req).id, req.body.password);
      return ok(null);
    },
  );

  r.post(
    `${base}/resetPayPassword`,
    {
      config: auth,
      schema: {
        tags,
        summary: '短信验证码重置支付密码',
        body: ResetPayPasswordBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await m.payPassword.reset(currentUser(req).id, req.body);
      return ok(null);
    },
  );
}
