import {
  Banner,
  CategoryNode,
  HomeActivity,
  HomePopup,
  MenuEntry,
  Page,
  ProductCard,
  ProductListQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { optionalUser } from '../../../platform/auth.ts';
import { ok, serializeOk } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import { sendCachedJson } from '../cache/cached-json.ts';
import type { CatalogueService } from './catalogue.service.ts';

/** The public "home" and "goods" families: no login needed to browse. */
export async function catalogueRoutes(app: FastifyInstance, catalogue: CatalogueService) {
  const r = typed(app);

  r.get(
    `${API}/home/banner`,
    { schema: { tags: ['home'], summary: '首页轮播图', response: responses(Type.Array(Banner)) } },
    async () => ok(await catalogue.banners()),
  );

  r.get(
    `${API}/home/menu`,
    {
      schema: {
        tags: ['home'],
        summary: '首页金刚区菜单',
        response: responses(Type.Array(MenuEntry)),
      },
    },
    async () => ok(await catalogue.menu()),
  );

  r.get(
    `${API}/home/activity`,
    {
      schema: {
        tags: ['home'],
        summary: '首页活动按钮',
        response: responses(Type.Array(HomeActivity)),
      },
    },
    async () => ok(await catalogue.activities()),
  );

  r.get(
    `${API}/home/popup`,
    {
      config: { auth: 'optional' },
      schema: {
        tags: ['home'],
        summary:
          '首页弹窗（当前生效的一个，没有则为 null；新人专享只给从未下单支付过的用户和未登录用户）',
        response: responses(Type.Union([HomePopup, Type.Null()])),
      },
    },
    async (req) => ok(await catalogue.popup(optionalUser(req)?.id)),
  );

  r.get(
    `${API}/home/classification`,
    {
      schema: {
        tags: ['home'],
        summary: '商品分类（两级）',
        response: responses(Type.Array(CategoryNode)),
      },
    },
    async () => ok(await catalogue.categoryTree()),
  );

  r.get(
    `${API}/goods/list`,
    {
      schema: {
        tags: ['goods'],
        summary: '商品列表（分页、分类筛选、排序）',
        querystring: ProductListQuery,
        response: responses(Page(ProductCard)),
      },
    },
    async (req, reply) =>
      sendCachedJson(
        req,
        reply,
        await catalogue.listProductsText(req.query, (page) => serializeOk(reply, page)),
      ),
  );
}
