import {
  AdminZoneBody,
  AdminZoneItemsBody,
  AdminZoneSaved,
  NewUserRefundData,
  ZoneCategories,
  ZoneKeyQuery,
  ZoneList,
  ZonePage,
  ZonePageQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { optionalUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { NewUserRefundService } from './new-user-refund.service.ts';
import type { ZoneService } from './zone.service.ts';

const tags = ['zone'];
const optional = { auth: 'optional' as const };
const admin = { auth: 'admin' as const };

/** The zone pages (help farmers, 9.9, specialty food, mall, national day, daily sale, 新人全额返). */
export async function zoneRoutes(
  app: FastifyInstance,
  zones: ZoneService,
  refund: NewUserRefundService,
) {
  const r = typed(app);
  r.get(
    `${API}/zone/list`,
    { schema: { tags, summary: '活动专区列表', response: responses(ZoneList) } },
    async () => ok(await zones.list()),
  );
  r.get(
    `${API}/zone/page`,
    {
      schema: {
        tags,
        summary: '专区页：横幅、规则、商品（分页；每日特卖为今日列表与倒计时）',
        querystring: ZonePageQuery,
        response: responses(ZonePage),
      },
    },
    async (req) => ok(await zones.page(req.query)),
  );
  r.get(
    `${API}/zone/categories`,
    {
      schema: {
        tags,
        summary: '商城分类（专区商品所在的分类与数量）',
        querystring: ZoneKeyQuery,
        response: responses(ZoneCategories),
      },
    },
    async (req) => ok(await zones.categories(req.query.key)),
  );
  r.get(
    `${API}/zone/newUserRefund`,
    {
      config: optional,
      schema: {
        tags,
        summary: '新人全额返：规则、专区与我的状态',
        response: responses(NewUserRefundData),
      },
    },
    async (req) => ok(await refund.status(optionalUser(req)?.id)),
  );

  const base = `${API}/admin/zone`;
  r.post(
    `${base}/save`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '新建或修改专区（按 key）',
        body: AdminZoneBody,
        response: responses(AdminZoneSaved),
      },
    },
    async (req) => ok(await zones.save(req.body)),
  );
  r.post(
    `${base}/items`,
    {
      config: admin,
      schema: {
        tags: ['admin'],
        summary: '设置专区商品（整体替换）',
        body: AdminZoneItemsBody,
        response: responses(AdminZoneSaved),
      },
    },
    async (req) => ok(await zones.setItems(req.body)),
  );
}
