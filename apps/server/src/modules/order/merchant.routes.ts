import {
  Empty,
  ProductSaveBody,
  ProductSaveData,
  ShelfBody,
  SkuStockBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { StockService } from '../catalogue/index.ts';

const tags = ['admin'];
const auth = { auth: 'admin' as const };

/** Merchant operations (role admin): products and SKUs, shelf, stock (shipping: console/). */
export async function merchantRoutes(app: FastifyInstance, stock: StockService) {
  const r = typed(app);
  const base = `${API}/admin`;

  r.post(
    `${base}/product/save`,
    {
      config: auth,
      schema: {
        tags,
        summary: '新建或编辑商品及规格',
        body: ProductSaveBody,
        response: responses(ProductSaveData),
      },
    },
    async (req) => ok(await stock.saveProduct(req.body)),
  );

  r.post(
    `${base}/product/shelf`,
    {
      config: auth,
      schema: { tags, summary: '上架/下架', body: ShelfBody, response: responses(Empty) },
    },
    async (req) => {
      await stock.setShelf(req.body.id, req.body.on);
      return ok(null);
    },
  );

  r.post(
    `${base}/sku/stock`,
    {
      config: auth,
      schema: { tags, summary: '设置规格库存', body: SkuStockBody, response: responses(Empty) },
    },
    async (req) => {
      await stock.setStock(req.body.skuId, req.body.stock);
      return ok(null);
    },
  );
}
