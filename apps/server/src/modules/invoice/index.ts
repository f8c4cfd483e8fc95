import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { narrowDb } from '../../platform/db.ts';
import { registerServiceModule } from '../service/index.ts';
import type { ModuleUses } from '../uses.ts';
import { InvoiceRepo } from './invoice.repo.ts';
import { invoiceRoutes } from './invoice.routes.ts';
import { InvoiceService } from './invoice.service.ts';
import type { RefundsOfOrder } from './invoice-amounts.ts';
import { invoiceDeskRoutes } from './invoice-desk.routes.ts';
import { InvoiceDesk } from './invoice-desk.service.ts';

/** Invoice titles, invoices and their PDF; feedback, reports, contact us, rules, dictionary. */
export async function registerInvoiceModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
  refunds: RefundsOfOrder,
): Promise<void> {
  const { support } = await registerServiceModule(app, deps, uses);
  const repo = new InvoiceRepo(narrowDb(deps.db));
  const invoices = new InvoiceService(
    repo,
    uses.order.orders,
    deps.blobs,
    (value) => support.label('invoice_content', value),
    refunds,
  );
  await invoiceRoutes(app, invoices);
  await invoiceDeskRoutes(
    app,
    new InvoiceDesk(deps.db, repo, deps.blobs, deps.events, uses.access.audit),
  );
}
