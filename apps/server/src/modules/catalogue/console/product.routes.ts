import {
  CategoryAdminPage,
  CategoryIdBody,
  CategorySaveBody,
  CategorySortBody,
  Empty,
  IdData,
  ProductAdminDetail,
  ProductAdminIdQuery,
  ProductAdminPage,
  ProductAdminQuery,
  ProductSaveBody,
  ProductSaveData,
  ShelfBatchBody,
  ShelfBatchData,
  ShelfBody,
  SkuStockBody,
  StoreOption,
  StoreOptionsQuery,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { CategoryAdminService } from './category-admin.service.ts';
import type { ProductAdminService } from './product-admin.service.ts';

const tags = ['admin'];
const gate = (perm: string) => ({ auth: 'admin' as const, perm });

/** The console's 商品 and 分类 routes (a 商家 works on their own store's products only). */
export async function productConsoleRoutes(
  app: FastifyInstance,
  products: ProductAdminService,
  categories: CategoryAdminService,
) {
  const r = typed(app);
  const base = `${API}/admin`;

  r.get(
    `${base}/product/list`,
    {
      config: gate('product.read'),
      schema: {
        tags,
        summary: '商品列表（筛选、搜索、排序）',
        querystring: ProductAdminQuery,
        response: responses(ProductAdminPage),
      },
    },
    async (req) => ok(await products.list(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/product/detail`,
    {
      config: gate('product.read'),
      schema: {
        tags,
        summary: '商品详情（编辑用）',
        querystring: ProductAdminIdQuery,
        response: responses(ProductAdminDetail),
      },
    },
    async (req) => ok(await products.detail(consoleActor(req), req.query.id)),
  );

  r.post(
    `${base}/product/save`,
    {
      config: gate('product.write'),
      schema: {
        tags,
        summary: '新建或编辑商品及规格',
        body: ProductSaveBody,
        response: responses(ProductSaveData),
      },
    },
    async (req) => ok(await products.save(consoleActor(req), req.body)),
  );

  r.post(
    `${base}/product/shelf`,
    {
      config: gate('product.write'),
      schema: { tags, summary: '上架/下架', body: ShelfBody, response: responses(Empty) },
    },
    async (req) => {
      await products.setShelf(consoleActor(req), [req.body.id], req.body.on);
      return ok(null);
    },
  );

  r.post(
    `${base}/product/shelfBatch`,
    {
      config: gate('product.write'),
      schema: {
        tags,
        summary: '批量上架/下架（全部成功或全部不变）',
        body: ShelfBatchBody,
        response: responses(ShelfBatchData),
      },
    },
    async (req) => ok(await products.setShelf(consoleActor(req), req.body.ids, req.body.on)),
  );

  r.post(
    `${base}/sku/stock`,
    {
      config: gate('product.write'),
      schema: { tags, summary: '设置规格库存', body: SkuStockBody, response: responses(Empty) },
    },
    async (req) => {
      await products.setStock(consoleActor(req), req.body.skuId, req.body.stock);
      return ok(null);
    },
  );

  r.get(
    `${base}/store/options`,
    {
      config: gate('product.read'),
      schema: {
        tags,
        summary: '可选店铺（筛选与表单用，商家只见本店）',
        querystring: StoreOptionsQuery,
        response: responses(Type.Array(StoreOption)),
      },
    },
    async (req) => ok(await products.storeOptions(consoleActor(req), req.query.q)),
  );

  r.get(
    `${base}/category/list`,
    {
      config: gate('product.read'),
      schema: {
        tags,
        summary: '商品分类（两级树，含商品数）',
        response: responses(CategoryAdminPage),
      },
    },
    async () => ok(await categories.tree()),
  );

  r.post(
    `${base}/category/save`,
    {
      config: gate('category.write'),
      schema: {
        tags,
        summary: '新建或编辑分类',
        body: CategorySaveBody,
        response: responses(IdData),
      },
    },
    async (req) => ok(await categories.save(consoleActor(req), req.body)),
  );

  r.post(
    `${base}/category/sort`,
    {
      config: gate('category.write'),
      schema: { tags, summary: '同级分类排序', body: CategorySortBody, response: responses(Empty) },
    },
    async (req) => {
      await categories.sort(consoleActor(req), req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/category/delete`,
    {
      config: gate('category.write'),
      schema: { tags, summary: '删除分类', body: CategoryIdBody, response: responses(Empty) },
    },
    async (req) => {
      await categories.remove(consoleActor(req), req.body.id);
      return ok(null);
    },
  );
}
