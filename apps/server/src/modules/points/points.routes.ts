import {
  PointsBillPage,
  PointsBillQuery,
  PointsHomeData,
  PointsShareData,
  SignInData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { PointsService } from './points.service.ts';

const tags = ['points'];
const user = { auth: 'user' as const };

/** integral (签到日历), the sign-in, MyBill (积分明细). */
export async function pointsRoutes(app: FastifyInstance, points: PointsService) {
  const r = typed(app);
  r.get(
    `${API}/points/home`,
    {
      config: user,
      schema: {
        tags,
        summary: '积分签到页：余额、本月签到、连续天数、规则',
        response: responses(PointsHomeData),
      },
    },
    async (req) => ok(await points.home(currentUser(req).id)),
  );
  r.post(
    `${API}/points/signIn`,
    {
      config: user,
      schema: {
        tags,
        summary: '每日签到（每天一次，并发只记一次）',
        response: responses(SignInData),
      },
    },
    async (req) => ok(await points.signIn(currentUser(req).id)),
  );
  r.post(
    `${API}/points/share`,
    {
      config: user,
      schema: {
        tags,
        summary: '分享得积分（每天一次）',
        response: responses(PointsShareData),
      },
    },
    async (req) => ok(await points.share(currentUser(req).id)),
  );
  r.get(
    `${API}/points/bill`,
    {
      config: user,
      schema: {
        tags,
        summary: '积分明细（按月）',
        querystring: PointsBillQuery,
        response: responses(PointsBillPage),
      },
    },
    async (req) => ok(await points.bill(currentUser(req).id, req.query)),
  );
}
