import { Readable } from 'node:stream';
import {
  AdminOrderAddressBody,
  AdminOrderDetail,
  AdminOrderExportQuery,
  AdminOrderIdQuery,
  AdminOrderListQuery,
  AdminOrderPage,
  AdminOrderRemarkBody,
  CARRIERS,
  CarrierList,
  Empty,
  ErrorEnvelope,
  ShipBody,
  ShipImportData,
} from '@chaopin/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { consoleActor } from '../../../platform/console-gate.ts';
import { ok } from '../../../platform/envelope.ts';
import { AppError } from '../../../platform/errors.ts';
import { withMultipart } from '../../../platform/http-plugins.ts';
import { API, responses, typed } from '../../../platform/route-schema.ts';
import type { OrderConsoleService } from './order-console.service.ts';
import { exportOrders } from './order-export.ts';
import type { OrderListRepo } from './order-list.repo.ts';
import type { OrderShipping } from './order-shipping.service.ts';
import { decodeCsv } from './ship-csv.ts';

const tags = ['admin'];
const gate = (perm: string) => ({ auth: 'admin' as const, perm });
/** A 批量发货 file is at most this large (5,000 rows fit in well under it). */
const CSV_MAX_BYTES = 1024 * 1024;

/** The CSV's text, however it came: a text/csv body, a multipart file, or JSON / form `csv`. */
async function csvText(req: FastifyRequest): Promise<string> {
  if (req.isMultipart()) {
    let bytes: Buffer | undefined;
    try {
      for await (const part of req.parts({ limits: { fileSize: CSV_MAX_BYTES, files: 1 } })) {
        if (part.type === 'file') bytes = await part.toBuffer();
      }
    } catch (err) {
      if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new AppError('PAYLOAD_TOO_LARGE');
      }
      throw err;
    }
    if (!bytes) throw new AppError('SHIP_IMPORT_INVALID');
    return decodeCsv(bytes);
  }
  const body: unknown = req.body;
  if (Buffer.isBuffer(body)) return decodeCsv(body);
  if (body && typeof body === 'object' && 'csv' in body && typeof body.csv === 'string') {
    return body.csv;
  }
  throw new AppError('SHIP_IMPORT_INVALID');
}

/** The console's order routes (orders, shipping one or a file, address, remark, export). */
export async function orderConsoleRoutes(
  app: FastifyInstance,
  orders: OrderConsoleService,
  shipping: OrderShipping,
  list: OrderListRepo,
) {
  const r = typed(app);
  const base = `${API}/admin/order`;

  r.get(
    `${base}/list`,
    {
      config: gate('order.read'),
      schema: {
        tags,
        summary: '订单列表（筛选、排序、搜索）',
        querystring: AdminOrderListQuery,
        response: responses(AdminOrderPage),
      },
    },
    async (req) => ok(await orders.page(consoleActor(req), req.query)),
  );

  r.get(
    `${base}/detail`,
    {
      config: gate('order.read'),
      schema: {
        tags,
        summary: '订单详情（明细、优惠、支付、账务、物流、售后、消息）',
        querystring: AdminOrderIdQuery,
        response: responses(AdminOrderDetail),
      },
    },
    async (req) => ok(await orders.detail(consoleActor(req), req.query.id)),
  );

  r.get(
    `${base}/carriers`,
    {
      config: gate('order.read'),
      schema: { tags, summary: '可选快递公司', response: responses(CarrierList) },
    },
    async () => ok(CARRIERS.map((c) => ({ code: c.code, name: c.name, aliases: [...c.aliases] }))),
  );

  r.post(
    `${base}/ship`,
    {
      config: gate('order.write'),
      schema: { tags, summary: '订单发货', body: ShipBody, response: responses(Empty) },
    },
    async (req) => {
      await shipping.ship(consoleActor(req), req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/address`,
    {
      config: gate('order.write'),
      schema: {
        tags,
        summary: '修改收货地址（发货前）',
        body: AdminOrderAddressBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await orders.changeAddress(consoleActor(req), req.body);
      return ok(null);
    },
  );

  r.post(
    `${base}/remark`,
    {
      config: gate('order.write'),
      schema: { tags, summary: '商家备注', body: AdminOrderRemarkBody, response: responses(Empty) },
    },
    async (req) => {
      await orders.remark(consoleActor(req), req.body);
      return ok(null);
    },
  );

  r.get(
    `${base}/export`,
    {
      config: gate('order.export'),
      schema: {
        tags,
        summary: '导出订单 CSV（筛选同列表，流式）',
        querystring: AdminOrderExportQuery,
        produces: ['text/csv'],
        response: {
          200: Type.Unsafe<Readable>({ type: 'string', format: 'binary' }),
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const actor = consoleActor(req);
      // Checked before the first byte, so that bad input still answers a 4xx envelope.
      const scoped = await orders.startExport(actor, req.query);
      const ordering = scoped?.ordering ?? { sort: 'createdAt' as const, order: 'desc' as const };
      const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header(
          'content-disposition',
          `attachment; filename="orders-${stamp}.csv"; filename*=UTF-8''${encodeURIComponent(`订单-${stamp}.csv`)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(Readable.from(exportOrders(list, scoped?.filter ?? null, ordering)));
    },
  );

  await withMultipart(app, async (scope) => {
    scope.addContentTypeParser(
      ['text/csv', 'text/plain'],
      { parseAs: 'buffer', bodyLimit: CSV_MAX_BYTES },
      (_req, body, done) => done(null, body),
    );
    typed(scope).post(
      `${base}/shipImport`,
      {
        config: gate('order.write'),
        schema: {
          tags,
          summary:
            '批量发货：CSV（订单号,快递公司,快递单号），text/csv、文件（multipart）或 JSON { csv }',
          consumes: ['text/csv', 'multipart/form-data', 'application/json'],
          response: responses(ShipImportData),
        },
      },
      async (req) => ok(await shipping.shipCsv(consoleActor(req), await csvText(req))),
    );
  });
}
