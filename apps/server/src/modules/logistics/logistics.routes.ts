import {
  ExpressQuery,
  LogisticsData,
  ReleaseEvaluateBody,
  ReleaseEvaluateData,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { EvaluationService } from './evaluation.service.ts';
import type { LogisticsService } from './logistics.service.ts';

const auth = { auth: 'user' as const };

/** Express query and writing evaluations (both in the "Orders" family of SPEC §7). */
export async function logisticsRoutes(
  app: FastifyInstance,
  logistics: LogisticsService,
  evaluations: EvaluationService,
) {
  const r = typed(app);
  const base = `${API}/order`;

  r.get(
    `${base}/expressQuery`,
    {
      config: auth,
      schema: {
        tags: ['logistics'],
        summary: '查看物流：承运商、运单号与轨迹（最新在前）',
        querystring: ExpressQuery,
        response: responses(LogisticsData),
      },
    },
    async (req) => ok(await logistics.query(currentUser(req).id, req.query.orderNo)),
  );

  r.post(
    `${base}/ReleaseEvaluate`,
    {
      config: auth,
      schema: {
        tags: ['evaluation'],
        summary: '发表评价（每个订单商品一次；全部评价后订单完成）',
        body: ReleaseEvaluateBody,
        response: responses(ReleaseEvaluateData),
      },
    },
    async (req) => ok(await evaluations.release(currentUser(req).id, req.body)),
  );
}
