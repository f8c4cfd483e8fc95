import type { AuditListQuery } from '@chaopin/contracts';
import { type AnyDb, viewOf } from '../../../platform/db.ts';
import { userReads } from '../../user/index.ts';
import type { AccessDb, AccessTables } from '../access.tables.ts';

export interface AuditInsert {
  actor_id: number;
  actor_role: string;
  ip: string;
  resource: string;
  resource_id: string;
  action: string;
  store_id: number | null;
  before: unknown;
  after: unknown;
  diff: Record<string, unknown[]>;
}

const json = (v: unknown) => (v === undefined || v === null ? null : JSON.stringify(v));

/** The append-only audit log: insert in the writer's transaction, search by actor, resource, time. */
export class AuditRepo {
  constructor(private readonly db: AccessDb) {}

  /** `writer` is the writer's transaction, on whatever view of the database its module has. */
  async insert(writer: AnyDb, row: AuditInsert): Promise<void> {
    await viewOf<AccessTables>(writer)
      .insertInto('audit_log')
      .values({
        ...row,
        before: json(row.before),
        after: json(row.after),
        diff: JSON.stringify(row.diff),
      })
      .execute();
  }

  async page(q: AuditListQuery, stores: readonly number[] | null, offset: number, limit: number) {
    if (stores?.length === 0) return { rows: [], total: 0 };
    let query = this.db
      .selectFrom('audit_log as a')
      .leftJoin(userReads.publicView(this.db).as('u'), 'u.id', 'a.actor_id');
    if (stores) query = query.where('a.store_id', 'in', [...stores]);
    if (q.actorId) query = query.where('a.actor_id', '=', q.actorId);
    if (q.resource) query = query.where('a.resource', '=', q.resource);
    if (q.resourceId) query = query.where('a.resource_id', '=', q.resourceId);
    if (q.from) query = query.where('a.at', '>=', new Date(q.from));
    if (q.to) query = query.where('a.at', '<', new Date(q.to));
    const [rows, count] = await Promise.all([
      query
        .select([
          'a.id',
          'a.at',
          'a.actor_id',
          'a.actor_role',
          'a.ip',
          'a.resource',
          'a.resource_id',
          'a.action',
          'a.store_id',
          'a.before',
          'a.after',
          'a.diff',
          'u.nickname',
        ])
        .orderBy('a.at', 'desc')
        .orderBy('a.id', 'desc')
        .offset(offset)
        .limit(limit)
        .execute(),
      query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { rows, total: Number(count.n) };
  }
}
