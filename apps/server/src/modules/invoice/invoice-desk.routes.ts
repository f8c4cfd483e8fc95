import {
  AdminInvoice,
  AdminInvoiceListQuery,
  ErrorEnvelope,
  InvoiceIdQuery,
  InvoiceSummary,
  IssueInvoiceBody,
  Page,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { consoleActor } from '../../platform/console-gate.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { InvoiceDesk } from './invoice-desk.service.ts';

const tags = ['admin'];
const gate = (perm: 'invoice.read' | 'invoice.write') => ({ auth: 'admin' as const, perm });

/** The console's 发票 routes: the requests of the caller's stores, issuing one, its PDF. */
export async function invoiceDeskRoutes(app: FastifyInstance, desk: InvoiceDesk) {
  const r = typed(app);
  const base = `${API}/admin/invoice`;

  r.get(
    `${base}/list`,
    {
      config: gate('invoice.read'),
      schema: {
        tags,
        summary: '发票申请列表',
        querystring: AdminInvoiceListQuery,
        response: responses(Page(AdminInvoice)),
      },
    },
    async (req) => ok(await desk.list(consoleActor(req), req.query)),
  );

  r.post(
    `${base}/issue`,
    {
      config: gate('invoice.write'),
      schema: {
        tags,
        summary: '开具发票（生成 PDF）',
        body: IssueInvoiceBody,
        response: responses(InvoiceSummary),
      },
    },
    async (req) => ok(await desk.issue(consoleActor(req), req.body.id)),
  );

  r.get(
    `${base}/download`,
    {
      config: gate('invoice.read'),
      schema: {
        tags,
        summary: '下载已开具发票的 PDF',
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
      const { filename, bytes } = await desk.download(consoleActor(req), req.query.id);
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
