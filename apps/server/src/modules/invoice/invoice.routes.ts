import {
  ApplyInvoiceBody,
  Empty,
  ErrorEnvelope,
  InvoiceDetail,
  InvoiceIdQuery,
  InvoiceListQuery,
  InvoiceOrderInfo,
  InvoiceOrderQuery,
  InvoiceSummary,
  InvoiceTitle,
  InvoiceTitleIdBody,
  InvoiceTitleSaveBody,
  Page,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { currentUser } from '../../platform/auth.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { InvoiceService } from './invoice.service.ts';

const tags = ['invoice'];
const auth = { auth: 'user' as const };

/** The invoice family (titles, apply, list, detail, PDF); the console's side: invoice-desk.routes.ts. */
export async function invoiceRoutes(app: FastifyInstance, invoices: InvoiceService) {
  const r = typed(app);
  const base = `${API}/invoice`;

  r.get(
    `${base}/titleList`,
    {
      config: auth,
      schema: {
        tags,
        summary: '发票抬头列表（默认在前）',
        response: responses(Type.Array(InvoiceTitle)),
      },
    },
    async (req) => ok(await invoices.titles(currentUser(req).id)),
  );

  r.get(
    `${base}/title`,
    {
      config: auth,
      schema: {
        tags,
        summary: '发票抬头详情',
        querystring: Type.Object({ id: InvoiceTitleIdBody.properties.id }),
        response: responses(InvoiceTitle),
      },
    },
    async (req) => ok(await invoices.title(currentUser(req).id, req.query.id)),
  );

  r.post(
    `${base}/title/save`,
    {
      config: auth,
      schema: {
        tags,
        summary: '新增（无 id）或修改发票抬头',
        body: InvoiceTitleSaveBody,
        response: responses(InvoiceTitle),
      },
    },
    async (req) => ok(await invoices.saveTitle(currentUser(req).id, req.body)),
  );

  r.post(
    `${base}/title/default`,
    {
      config: auth,
      schema: {
        tags,
        summary: '设为默认抬头',
        body: InvoiceTitleIdBody,
        response: responses(InvoiceTitle),
      },
    },
    async (req) => ok(await invoices.setDefault(currentUser(req).id, req.body.id)),
  );

  r.post(
    `${base}/title/delete`,
    {
      config: auth,
      schema: {
        tags,
        summary: '删除发票抬头',
        body: InvoiceTitleIdBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await invoices.removeTitle(currentUser(req).id, req.body.id);
      return ok(null);
    },
  );

  r.get(
    `${base}/order`,
    {
      config: auth,
      schema: {
        tags,
        summary: '开票订单信息（金额、能否申请）',
        querystring: InvoiceOrderQuery,
        response: responses(InvoiceOrderInfo),
      },
    },
    async (req) => ok(await invoices.orderInfo(currentUser(req).id, req.query.orderNo)),
  );

  r.post(
    `${base}/apply`,
    {
      config: auth,
      schema: {
        tags,
        summary: '为已收货订单申请开票（每单一张）',
        body: ApplyInvoiceBody,
        response: responses(InvoiceSummary),
      },
    },
    async (req) => ok(await invoices.apply(currentUser(req).id, req.body)),
  );

  r.get(
    `${base}/list`,
    {
      config: auth,
      schema: {
        tags,
        summary: '我的发票（全部/申请中/已开具）',
        querystring: InvoiceListQuery,
        response: responses(Page(InvoiceSummary)),
      },
    },
    async (req) => ok(await invoices.list(currentUser(req).id, req.query)),
  );

  r.get(
    `${base}/detail`,
    {
      config: auth,
      schema: {
        tags,
        summary: '发票详情',
        querystring: InvoiceIdQuery,
        response: responses(InvoiceDetail),
      },
    },
    async (req) => ok(await invoices.detail(currentUser(req).id, req.query.id)),
  );

  r.get(
    `${base}/download`,
    {
      config: auth,
      schema: {
        tags,
        summary: '下载已开具发票的 PDF（仅本人）',
        querystring: InvoiceIdQuery,
        produces: ['application/pdf'],
        response: {
          200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
          '4xx': ErrorEnvelope,
          '5xx': ErrorEnvelope,
        },
      },
    },
    async (req, reply) => {
      const { filename, bytes } = await invoices.download(currentUser(req).id, req.query.id);
      return reply
        .header('content-type', 'application/pdf')
        .header(
          'content-disposition',
          `attachment; filename="invoice.pdf"; filename*=UTF-8''${encodeURIComponent(filename)}`,
        )
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );
}
