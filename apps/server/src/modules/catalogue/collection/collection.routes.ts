import {
  BrowseDeleteBody,
  ChangedCount,
  CollectedProduct,
  CollectionAddBody,
  CollectionRemoveBody,
  Empty,
  FocusBody,
  FollowedStore,
  FootprintDay,
  Page,
  PageQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { currentUser } from '../../../platform/auth.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { CollectionService } from './collection.service.ts';

const config = { auth: 'user' as const };
const count = (n: number) => ok({ count: n });

/** The collection, browse (footprints) and focus (followed stores) families; all need a login. */
export async function collectionRoutes(app: FastifyInstance, my: CollectionService) {
  const r = typed(app);

  r.post(
    `${API}/collection/add`,
    {
      config,
      schema: {
        tags: ['collection'],
        summary: '收藏商品',
        body: CollectionAddBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await my.collect(currentUser(req).id, req.body.productId);
      return ok(null);
    },
  );

  r.post(
    `${API}/collection/remove`,
    {
      config,
      schema: {
        tags: ['collection'],
        summary: '取消收藏（可批量）',
        body: CollectionRemoveBody,
        response: responses(ChangedCount),
      },
    },
    async (req) => count(await my.uncollect(currentUser(req).id, req.body.productIds)),
  );

  r.get(
    `${API}/collection/list`,
    {
      config,
      schema: {
        tags: ['collection'],
        summary: '我的收藏（含已失效商品）',
        querystring: PageQuery,
        response: responses(Page(CollectedProduct)),
      },
    },
    async (req) => ok(await my.collection(currentUser(req).id, req.query)),
  );

  r.get(
    `${API}/browse/list`,
    {
      config,
      schema: {
        tags: ['browse'],
        summary: '我的足迹（按天分组）',
        querystring: PageQuery,
        response: responses(Page(FootprintDay)),
      },
    },
    async (req) => ok(await my.footprints(currentUser(req).id, req.query)),
  );

  r.post(
    `${API}/browse/delete`,
    {
      config,
      schema: {
        tags: ['browse'],
        summary: '删除足迹',
        body: BrowseDeleteBody,
        response: responses(ChangedCount),
      },
    },
    async (req) => count(await my.deleteFootprints(currentUser(req).id, req.body.ids)),
  );

  r.post(
    `${API}/browse/clear`,
    {
      config,
      schema: { tags: ['browse'], summary: '清空足迹', response: responses(ChangedCount) },
    },
    async (req) => count(await my.clearFootprints(currentUser(req).id)),
  );

  r.post(
    `${API}/focus/add`,
    {
      config,
      schema: { tags: ['focus'], summary: '关注店铺', body: FocusBody, response: responses(Empty) },
    },
    async (req) => {
      await my.follow(currentUser(req).id, req.body.storeId);
      return ok(null);
    },
  );

  r.post(
    `${API}/focus/remove`,
    {
      config,
      schema: {
        tags: ['focus'],
        summary: '取消关注店铺',
        body: FocusBody,
        response: responses(ChangedCount),
      },
    },
    async (req) => count(await my.unfollow(currentUser(req).id, req.body.storeId)),
  );

  r.get(
    `${API}/focus/list`,
    {
      config,
      schema: {
        tags: ['focus'],
        summary: '我关注的店铺',
        querystring: PageQuery,
        response: responses(Page(FollowedStore)),
      },
    },
    async (req) => ok(await my.follows(currentUser(req).id, req.query)),
  );
}
