import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import { registerServiceModule } from '../service/index.ts';
import type { ModuleUses } from '../uses.ts';
import { InvoiceRepo } from './invoice.repo.ts';
import { invoiceRoutes } from './invoice.routes.ts';
import { InvoiceService } from './invoice.service.ts';

/** Invoice titles, invoices and their PDF; feedback, reports, contact us, rules, dictionary. */
export async function registerInvoiceModule(
  app: FastifyInstance,
  deps: Deps,
  uses: ModuleUses,
): Promise<void> {
  const { support } = await registerServiceModule(app, deps, uses);
  const invoices = new InvoiceService(
    new InvoiceRepo(deps.db),
    uses.order.orders,
    deps.blobs,
    deps.events,
    (value) => support.label('invoice_content', value),
  );
  await invoiceRoutes(app, invoices);
}
