import {
  DrawAdminResultsPage,
  DrawAdminResultsQuery,
  DrawChancesBody,
  DrawChancesData,
  DrawClaimBody,
  DrawCreatedData,
  DrawResultsPage,
  DrawResultsQuery,
  DrawSpinBody,
  DrawSpinData,
  DrawWheelBody,
  DrawWheelData,
  DrawWheelQuery,
  DrawWheelUpdateBody,
  Empty,
  NewOrderData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { DrawService } from './draw.service.ts';

const tags = ['draw'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** The lucky draw (幸运抽奖, rootPages/integral/draw) and its operator routes. */
export async function drawRoutes(app: FastifyInstance, draw: DrawService) {
  const r = typed(app);
  const base = `${API}/draw`;

  r.get(
    `${base}/wheel`,
    {
      config: user,
      schema: {
        tags,
        summary: '抽奖转盘：奖品、我今日剩余免费次数、抽奖机会、积分与每次消耗',
        querystring: DrawWheelQuery,
        response: responses(DrawWheelData),
      },
    },
    async (req) => ok(await draw.wheel(currentUser(req).id, req.query.id)),
  );
  r.post(
    `${base}/spin`,
    {
      config: user,
      schema: {
        tags,
        summary: '抽奖一次（先用免费次数，再用抽奖机会，再扣积分；同一请求标识幂等）',
        body: DrawSpinBody,
        response: responses(DrawSpinData),
      },
    },
    async (req) => ok(await draw.spin(currentUser(req).id, req.body)),
  );
  r.get(
    `${base}/results`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的中奖记录（最新在前）',
        querystring: DrawResultsQuery,
        response: responses(DrawResultsPage),
      },
    },
    async (req) => ok(await draw.results(currentUser(req).id, req.query)),
  );
  r.post(
    `${base}/claim`,
    {
      config: user,
      schema: {
        tags,
        summary: '实物奖品填写收货地址领取，生成0元订单（每个奖品一次）',
        body: DrawClaimBody,
        response: responses(NewOrderData),
      },
    },
    async (req) => ok(await draw.claim(currentUser(req).id, req.body)),
  );

  const adminBase = `${API}/admin/draw`;
  const adminTags = ['admin'];
  r.post(
    `${adminBase}/wheel`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：创建抽奖转盘（每次消耗积分、每日免费次数、活动时间、6-8个奖品）',
        body: DrawWheelBody,
        response: responses(DrawCreatedData),
      },
    },
    async (req) => ok({ id: await draw.createWheel(req.body) }),
  );
  r.post(
    `${adminBase}/wheel/update`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：修改抽奖转盘与奖品（按格位覆盖，库存为剩余数量）',
        body: DrawWheelUpdateBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await draw.updateWheel(req.body);
      return ok(null);
    },
  );
  r.post(
    `${adminBase}/chances`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：赠送用户抽奖机会（同一请求标识只赠送一次）',
        body: DrawChancesBody,
        response: responses(DrawChancesData),
      },
    },
    async (req) => ok(await draw.giveChances(req.body)),
  );
  r.get(
    `${adminBase}/results`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：抽奖记录与各奖品剩余库存',
        querystring: DrawAdminResultsQuery,
        response: responses(DrawAdminResultsPage),
      },
    },
    async (req) => ok(await draw.adminResults(req.query)),
  );
}
