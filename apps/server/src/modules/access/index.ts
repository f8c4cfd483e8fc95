import type { FastifyInstance } from 'fastify';
import type { DB } from '../../database.ts';
import type { Deps } from '../../deps.ts';
import { installConsoleGate } from '../../platform/console-gate.ts';
import { narrowDb } from '../../platform/db.ts';
import type { UserModule } from '../user/index.ts';
import { accessRoutes } from './access.routes.ts';
import type { AccessTables } from './access.tables.ts';
import { AuditRepo } from './audit/audit.repo.ts';
import { AuditTrail } from './audit/audit-trail.ts';
import { OperatorService } from './operators.service.ts';
import { StaffRepo } from './staff.repo.ts';
import { StaffService } from './staff.service.ts';

/** Between nodes: a user's console access changed (staff row or operator mark). */
const ACCESS_CHANGED = 'console.access.changed';

export type { AccessTables } from './access.tables.ts';
export type { AuditEntry, AuditTrail } from './audit/audit-trail.ts';

export interface AccessModule {
  staff: StaffService;
  /** The audit port: every console write records itself through it, in its own transaction. */
  audit: AuditTrail;
  /**
   * Calls `listener` on every node after a user's console access changed (removed, narrowed,
   * moved to other stores, made or unmade an operator): e.g. the 客服 desk's live sockets are
   * checked again. The gate itself needs no notice: it reads the access on every request.
   */
  onChange(listener: (userId: number) => void): Promise<void>;
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
  const db = narrowDb<AccessTables, DB>(deps.db);
  const audit = new AuditTrail(new AuditRepo(db));
  const repo = new StaffRepo(db);
  const accounts = {
    byPhone: (phone: string) => users.users.byPhone(phone),
    profile: (id: number) => users.users.contact(id),
  };
  // The change has committed: a lost notice only leaves a desk socket open until its next
  // check (reconnect or REST call), so it is logged, never answered as the change failing.
  const changed = (userId: number) =>
    deps.bus
      .publish(ACCESS_CHANGED, String(userId))
      .catch((err: unknown) => deps.log.error({ err, userId }, 'console access notice lost'));
  const staff = new StaffService(db, repo, accounts, audit, changed);
  const operators = new OperatorService(db, repo, accounts, audit, changed);
  installConsoleGate(app, staff.resolve);
  await accessRoutes(app, { staff, operators, audit });
  return {
    staff,
    audit,
    onChange: (listener) =>
      deps.bus.subscribe(ACCESS_CHANGED, (message) => {
        const userId = Number(message);
        if (Number.isSafeInteger(userId)) listener(userId);
      }),
  };
}
