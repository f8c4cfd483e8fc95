import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps.ts';
import { installConsoleGate } from '../../platform/console-gate.ts';
import type { UserModule } from '../user/index.ts';
import { accessRoutes } from './access.routes.ts';
import { AuditRepo } from './audit/audit.repo.ts';
import { AuditTrail } from './audit/audit-trail.ts';
import { StaffRepo } from './staff.repo.ts';
import { StaffService } from './staff.service.ts';

export type { AccessTables } from './access.tables.ts';
export type { AuditEntry, AuditTrail } from './audit/audit-trail.ts';

export interface AccessModule {
  staff: StaffService;
  /** The audit port: every console write records itself through it, in its own transaction. */
  audit: AuditTrail;
}

/**
 * The console's access model: installs the gate every `auth: 'admin'` route passes (role,
 * permission), and serves who-am-I, staff and the audit log. Register before any admin route.
 */
export async function registerAccessModule(
  app: FastifyInstance,
  deps: Deps,
  users: UserModule,
): Promise<AccessModule> {
  const audit = new AuditTrail(new AuditRepo(deps.db));
  const staff = new StaffService(
    deps.db,
    new StaffRepo(deps.db),
    {
      byPhone: (phone) => users.users.byPhone(phone),
      profile: (id) => users.users.contact(id),
    },
    audit,
  );
  installConsoleGate(app, staff.resolve);
  await accessRoutes(app, staff, audit);
  return { staff, audit };
}
