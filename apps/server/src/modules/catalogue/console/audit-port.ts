import type { Db } from '../../../database.ts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';

/**
 * The access module's audit trail as the catalogue's console uses it (app.ts hands it over):
 * declared here because access reads the catalogue's stores, so the catalogue does not import
 * access. `record` runs inside the write's own transaction.
 */
export interface AuditPort {
  record(
    trx: Db,
    actor: ConsoleActor,
    entry: {
      resource: string;
      resourceId: string | number;
      action: string;
      storeId: number | null;
      before?: unknown;
      after?: unknown;
    },
  ): Promise<void>;
}
