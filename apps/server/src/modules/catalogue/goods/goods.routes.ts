import {
  EvaluationQuery,
  EvaluationView,
  Page,
  ProductCard,
  ProductDetail,
  ProductIdQuery,
  SearchGoodsQuery,
  StoreDetail,
  StoreGoodsQuery,
  StoreIdQuery,
  StoreLicense,
  SuggestQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser, optionalUser } from '../../../platform/auth.ts';
import { ok, serializeOk } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import { sendCachedJson } from '../cache/cached-json.ts';
import type { SearchService } from '../search/search.service.ts';
import type { GoodsService } from './goods.service.ts';

const optional = { auth: 'optional' as const };
const user = { auth: 'user' as const };
const Keywords = Type.Array(Type.String());

/** Product detail, search and store pages: open to everyone, personalised when signed in. */
export async function goodsRoutes(
  app: FastifyInstance,
  goods: GoodsService,
  search: SearchService,
) {
  const r = typed(app);

  r.get(
    `${API}/goods/detail`,
    {
      config: optional,
      schema: {
        tags: ['goods'],
        summary: '商品详情（登录时记录足迹）',
        querystring: ProductIdQuery,
        response: responses(ProductDetail),
      },
    },
    async (req, reply) => {
      const userId = optionalUser(req)?.id;
      if (userId !== undefined) return ok(await goods.detail(req.query.id, userId));
      return sendCachedJson(
        req,
        reply,
        await goods.detailText(req.query.id, (detail) => serializeOk(reply, detail)),
      );
    },
  );

  r.get(
    `${API}/goods/evaluations`,
    {
      schema: {
        tags: ['goods'],
        summary: '商品评价列表（分页，最新在前）',
        querystring: EvaluationQuery,
        response: responses(Page(EvaluationView)),
      },
    },
    async (req) => ok(await goods.evaluationPage(req.query)),
  );

  r.get(
    `${API}/search/goods`,
    {
      config: optional,
      schema: {
        tags: ['search'],
        summary: '搜索商品（标题包含关键词，登录时记入搜索历史）',
        querystring: SearchGoodsQuery,
        response: responses(Page(ProductCard)),
      },
    },
    async (req, reply) =>
      sendCachedJson(
        req,
        reply,
        await search.searchText(req.query, optionalUser(req)?.id, (page) =>
          serializeOk(reply, page),
        ),
      ),
  );

  r.get(
    `${API}/search/history`,
    {
      config: user,
      schema: { tags: ['search'], summary: '我的搜索历史', response: responses(Keywords) },
    },
    async (req) => ok(await search.history(currentUser(req).id)),
  );

  r.post(
    `${API}/search/clearHistory`,
    {
      config: user,
      schema: { tags: ['search'], summary: '清空搜索历史', response: responses(Type.Null()) },
    },
    async (req) => {
      await search.clearHistory(currentUser(req).id);
      return ok(null);
    },
  );

  r.get(
    `${API}/search/hot`,
    { schema: { tags: ['search'], summary: '热门搜索（近7天）', response: responses(Keywords) } },
    async () => ok(await search.hot()),
  );

  r.get(
    `${API}/search/suggest`,
    {
      schema: {
        tags: ['search'],
        summary: '搜索联想词',
        querystring: SuggestQuery,
        response: responses(Keywords),
      },
    },
    async (req) => ok(await search.suggest(req.query.keyword)),
  );

  r.get(
    `${API}/store/detail`,
    {
      config: optional,
      schema: {
        tags: ['store'],
        summary: '店铺详情',
        querystring: StoreIdQuery,
        response: responses(StoreDetail),
      },
    },
    async (req) => ok(await goods.store(req.query.id, optionalUser(req)?.id)),
  );

  r.get(
    `${API}/store/license`,
    {
      schema: {
        tags: ['store'],
        summary: '店铺营业执照（服务器生成的图片）',
        querystring: StoreIdQuery,
        response: responses(StoreLicense),
      },
    },
    async (req) => ok(await goods.license(req.query.id)),
  );

  r.get(
    `${API}/store/goods`,
    {
      schema: {
        tags: ['store'],
        summary: '店铺商品',
        querystring: StoreGoodsQuery,
        response: responses(Page(ProductCard)),
      },
    },
    async (req) => ok(await goods.storeGoods(req.query)),
  );
}
