import {
  Empty,
  FarmCreatedData,
  FarmFriendData,
  FarmFriendQuery,
  FarmFruit,
  FarmFruitBody,
  FarmFruitIdBody,
  FarmFruitsData,
  FarmFruitUpdateBody,
  FarmHarvestBody,
  FarmHarvestData,
  FarmHelpBody,
  FarmHelpData,
  FarmHomeData,
  FarmPlantBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { FarmService } from './farm.service.ts';

const tags = ['farm'];
const user = { auth: 'user' as const };
const admin = { auth: 'admin' as const };

/** The farm game (rootPages/farm/farm) and the operator's fruit kinds. */
export async function farmRoutes(app: FastifyInstance, farm: FarmService) {
  const r = typed(app);
  const base = `${API}/farm`;

  r.get(
    `${base}/fruits`,
    {
      config: user,
      schema: { tags, summary: '可种的果树品种', response: responses(FarmFruitsData) },
    },
    async () => ok(await farm.fruits(false)),
  );
  r.get(
    `${base}/home`,
    {
      config: user,
      schema: {
        tags,
        summary: '我的果园：果树、成长阶段与进度、水壶、今日任务、水滴记录',
        response: responses(FarmHomeData),
      },
    },
    async (req) => ok(await farm.home(currentUser(req).id)),
  );
  r.post(
    `${base}/plant`,
    {
      config: user,
      schema: {
        tags,
        summary: '种下一棵果树（同时只能种一棵，收获后可再种）',
        body: FarmPlantBody,
        response: responses(FarmHomeData),
      },
    },
    async (req) => ok(await farm.plant(currentUser(req).id, req.body.fruitId)),
  );
  r.post(
    `${base}/collect`,
    {
      config: user,
      schema: { tags, summary: '每日领水（每天一次）', response: responses(FarmHomeData) },
    },
    async (req) => ok(await farm.collect(currentUser(req).id)),
  );
  r.post(
    `${base}/share`,
    {
      config: user,
      schema: { tags, summary: '分享果园得水（每天一次）', response: responses(FarmHomeData) },
    },
    async (req) => ok(await farm.share(currentUser(req).id)),
  );
  r.post(
    `${base}/water`,
    {
      config: user,
      schema: {
        tags,
        summary: '浇水：用水壶里的水浇一次果树',
        response: responses(FarmHomeData),
      },
    },
    async (req) => ok(await farm.water(currentUser(req).id)),
  );
  r.get(
    `${base}/friend`,
    {
      config: user,
      schema: {
        tags,
        summary: '好友的果园（助力页）',
        querystring: FarmFriendQuery,
        response: responses(FarmFriendData),
      },
    },
    async (req) => ok(await farm.friend(currentUser(req).id, req.query.id)),
  );
  r.post(
    `${base}/help`,
    {
      config: user,
      schema: {
        tags,
        summary: '好友助力：帮好友浇水（每天每位好友一次，不能给自己助力）',
        body: FarmHelpBody,
        response: responses(FarmHelpData),
      },
    },
    async (req) => ok(await farm.help(currentUser(req).id, req.body.friendId)),
  );
  r.post(
    `${base}/harvest`,
    {
      config: user,
      schema: {
        tags,
        summary:
          '收获成熟的果子：优惠券直接发放；实物需选择收货地址，生成0元订单（运费在收银台支付）',
        body: FarmHarvestBody,
        response: responses(FarmHarvestData),
      },
    },
    async (req) => ok(await farm.harvest(currentUser(req).id, req.body)),
  );

  const adminBase = `${API}/admin/farm`;
  const adminTags = ['admin'];
  r.get(
    `${adminBase}/fruits`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：果树品种（含停用的）',
        response: responses(FarmFruitsData),
      },
    },
    async () => ok(await farm.fruits(true)),
  );
  r.post(
    `${adminBase}/fruit`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：新增果树品种（成熟所需水量、成长阶段、收获优惠券或商品）',
        body: FarmFruitBody,
        response: responses(FarmCreatedData),
      },
    },
    async (req) => ok({ id: await farm.createFruit(req.body) }),
  );
  r.post(
    `${adminBase}/fruit/update`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：修改果树品种（已种下的果树不受影响）',
        body: FarmFruitUpdateBody,
        response: responses(FarmFruit),
      },
    },
    async (req) => {
      const { id, ...body } = req.body;
      return ok(await farm.updateFruit(id, body));
    },
  );
  r.post(
    `${adminBase}/fruit/delete`,
    {
      config: admin,
      schema: {
        tags: adminTags,
        summary: '运营：删除果树品种（不能再种，已种下的照常收获）',
        body: FarmFruitIdBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await farm.deleteFruit(req.body.id);
      return ok(null);
    },
  );
}
