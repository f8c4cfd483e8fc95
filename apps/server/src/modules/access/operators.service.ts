import type { OperatorListQuery, OperatorRow, PageOf } from '@chaopin/contracts';
import type { ConsoleActor } from '../../platform/console-gate.ts';
import { AppError } from '../../platform/errors.ts';
import { maskPhone } from '../user/index.ts';
import type { AccessDb } from './access.tables.ts';
import type { AuditTrail } from './audit/audit-trail.ts';
import type { StaffRepo } from './staff.repo.ts';
import type { AccountPort } from './staff.service.ts';

/**
 * 平台运营: the platform's operators, made and removed by an operator (operator.write, which no
 * store role may hold). Never oneself, never the last one; a store's member is not made an
 * operator (their store rows would linger behind the operator's reach). Each change is audited
 * in its transaction and every node hears of it (the gate reads the role fresh; live 客服 desk
 * sockets are checked again).
 */
export class OperatorService {
  constructor(
    private readonly db: AccessDb,
    private readonly repo: StaffRepo,
    private readonly accounts: AccountPort,
    private readonly audit: AuditTrail,
    private readonly changed: (userId: number) => Promise<void>,
  ) {}

  async page(actor: ConsoleActor, q: OperatorListQuery): Promise<PageOf<OperatorRow>> {
    platformOnly(actor);
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 20;
    const { rows, total } = await this.repo.operatorPage((pageNum - 1) * pageSize, pageSize);
    return {
      list: rows.map((r) => ({
        userId: r.id,
        nickname: r.nickname,
        phone: maskPhone(r.phone),
        self: r.id === actor.userId,
      })),
      total,
      pageNum,
      pageSize,
    };
  }

  async add(actor: ConsoleActor, phone: string): Promise<{ userId: number }> {
    platformOnly(actor);
    const account = await this.accounts.byPhone(phone);
    if (!account) throw new AppError('USER_NOT_FOUND');
    await this.db.transaction().execute(async (trx) => {
      const operators = await this.repo.lockOperators(trx);
      if (operators.includes(account.id)) throw new AppError('OPERATOR_EXISTS');
      if ((await this.repo.rowsOf(account.id, trx)).length) throw new AppError('OPERATOR_IS_STAFF');
      await this.repo.setOperator(trx, account.id, true);
      await this.audit.record(trx, actor, {
        resource: 'operator',
        resourceId: account.id,
        action: 'create',
        storeId: null,
        before: { role: null },
        after: { role: 'operator' },
      });
    });
    await this.changed(account.id);
    return { userId: account.id };
  }

  async remove(actor: ConsoleActor, userId: number): Promise<void> {
    platformOnly(actor);
    if (userId === actor.userId) throw new AppError('OPERATOR_SELF');
    await this.db.transaction().execute(async (trx) => {
      // Locked: two operators removing each other at once are counted one after the other.
      const operators = await this.repo.lockOperators(trx);
      if (!operators.includes(userId)) throw new AppError('OPERATOR_NOT_FOUND');
      if (operators.length <= 1) throw new AppError('OPERATOR_LAST');
      await this.repo.setOperator(trx, userId, false);
      await this.audit.record(trx, actor, {
        resource: 'operator',
        resourceId: userId,
        action: 'delete',
        storeId: null,
        before: { role: 'operator' },
        after: { role: null },
      });
    });
    await this.changed(userId);
  }
}

/** The gate already asked for operator.write / operator.read; a store's reach never has it. */
function platformOnly(actor: ConsoleActor) {
  if (actor.storeIds !== null) throw new AppError('FORBIDDEN');
}
