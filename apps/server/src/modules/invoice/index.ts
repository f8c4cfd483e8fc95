import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../platform/deps.ts';
import type { ModuleUses } from '../uses.ts';

/** Invoice titles, invoices and their PDF; feedback, reports, contact us, rules, dictionary. */
export async function registerInvoiceModule(
  _app: FastifyInstance,
  _deps: Deps,
  _uses: ModuleUses,
): Promise<void> {}
