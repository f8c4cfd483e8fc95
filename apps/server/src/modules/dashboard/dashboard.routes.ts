import {
  DashboardFunnel,
  DashboardQuery,
  DashboardSeries,
  DashboardStores,
  DashboardStoresQuery,
  DashboardSummary,
  DashboardTopProducts,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { consoleActor } from '../../platform/console-gate.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { DashboardService } from './dashboard.service.ts';

const tags = ['admin'];
const config = { auth: 'admin' as const, perm: 'dashboard.read' };

/** 经营概览: figures, the GMV curve, the funnel and the best products, for a period and a store. */
export async function dashboardRoutes(app: FastifyInstance, dash: DashboardService) {
  const r = typed(app);
  const base = `${API}/admin/dashboard`;

  r.get(
    `${base}/summary`,
    {
      config,
      schema: {
        tags,
        summary: '经营概览：核心指标与上一周期对比',
        querystring: DashboardQuery,
        response: responses(DashboardSummary),
      },
    },
    async (req) => ok(await dash.summary(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/hourly`,
    {
      config,
      schema: {
        tags,
        summary: '成交额走势（今日按小时，近7/30天按天）',
        querystring: DashboardQuery,
        response: responses(DashboardSeries),
      },
    },
    async (req) => ok(await dash.series(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/funnel`,
    {
      config,
      schema: {
        tags,
        summary: '交易漏斗：浏览 → 加购 → 下单 → 支付',
        querystring: DashboardQuery,
        response: responses(DashboardFunnel),
      },
    },
    async (req) => ok(await dash.funnel(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/topProducts`,
    {
      config,
      schema: {
        tags,
        summary: '商品成交额排行（前10）',
        querystring: DashboardQuery,
        response: responses(DashboardTopProducts),
      },
    },
    async (req) => ok(await dash.topProducts(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/stores`,
    {
      config,
      schema: {
        tags,
        summary: '可选店铺（按名称或ID查找）',
        querystring: DashboardStoresQuery,
        response: responses(DashboardStores),
      },
    },
    async (req) => ok(await dash.stores(consoleActor(req), req.query.q)),
  );
}
