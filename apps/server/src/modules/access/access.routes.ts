import {
  AuditListQuery,
  AuditPage,
  ConsoleMe,
  Empty,
  OperatorAddBody,
  OperatorListQuery,
  OperatorPage,
  OperatorRemoveBody,
  RoleCatalogue,
  StaffIdBody,
  StaffListQuery,
  StaffPage,
  StaffSaveBody,
} from '@chaopin/contracts';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { ANY_STAFF, consoleActor } from '../../platform/console-gate.ts';
import { ok } from '../../platform/envelope.ts';
import { API, responses, typed } from '../../platform/route-schema.ts';
import type { AuditTrail } from './audit/audit-trail.ts';
import type { OperatorService } from './operators.service.ts';
import type { StaffService } from './staff.service.ts';

const tags = ['admin'];
const gate = (perm?: string) => ({ auth: 'admin' as const, ...(perm ? { perm } : {}) });
/** Any console user (every role may read who they are). */
const anyStaff = { auth: 'admin' as const, perm: ANY_STAFF };

/** The console's own routes: who am I, staff and roles, operators, the audit log. */
export async function accessRoutes(
  app: FastifyInstance,
  {
    staff,
    operators,
    audit,
  }: { staff: StaffService; operators: OperatorService; audit: AuditTrail },
) {
  const r = typed(app);
  const base = `${API}/admin`;

  r.get(
    `${base}/me`,
    {
      config: anyStaff,
      schema: { tags, summary: '当前后台账号与权限', response: responses(ConsoleMe) },
    },
    async (req) => ok(await staff.me(consoleActor(req))),
  );

  r.get(
    `${base}/role/list`,
    {
      config: gate('staff.read'),
      schema: { tags, summary: '角色与权限目录', response: responses(RoleCatalogue) },
    },
    async () => ok(staff.catalogue()),
  );

  r.get(
    `${base}/staff/list`,
    {
      config: gate('staff.read'),
      schema: {
        tags,
        summary: '员工列表',
        querystring: StaffListQuery,
        response: responses(StaffPage),
      },
    },
    async (req) => ok(await staff.page(consoleActor(req), req.query)),
  );

  r.post(
    `${base}/staff/save`,
    {
      config: gate('staff.write'),
      schema: {
        tags,
        summary: '添加或调整员工',
        body: StaffSaveBody,
        response: responses(Type.Object({ id: Type.Integer() })),
      },
    },
    async (req) => ok(await staff.save(consoleActor(req), req.body)),
  );

  r.post(
    `${base}/staff/delete`,
    {
      config: gate('staff.write'),
      schema: { tags, summary: '移除员工', body: StaffIdBody, response: responses(Empty) },
    },
    async (req) => {
      await staff.remove(consoleActor(req), req.body.id);
      return ok(null);
    },
  );

  r.get(
    `${base}/operator/list`,
    {
      config: gate('operator.read'),
      schema: {
        tags,
        summary: '平台运营列表',
        querystring: OperatorListQuery,
        response: responses(OperatorPage),
      },
    },
    async (req) => ok(await operators.page(consoleActor(req), req.query)),
  );

  r.post(
    `${base}/operator/save`,
    {
      config: gate('operator.write'),
      schema: {
        tags,
        summary: '设为平台运营',
        body: OperatorAddBody,
        response: responses(Type.Object({ userId: Type.Integer() })),
      },
    },
    async (req) => ok(await operators.add(consoleActor(req), req.body.phone)),
  );

  r.post(
    `${base}/operator/delete`,
    {
      config: gate('operator.write'),
      schema: {
        tags,
        summary: '移除平台运营（不能移除自己或最后一位）',
        body: OperatorRemoveBody,
        response: responses(Empty),
      },
    },
    async (req) => {
      await operators.remove(consoleActor(req), req.body.userId);
      return ok(null);
    },
  );

  r.get(
    `${base}/audit/list`,
    {
      config: gate('audit.read'),
      schema: {
        tags,
        summary: '操作日志',
        querystring: AuditListQuery,
        response: responses(AuditPage),
      },
    },
    async (req) => ok(await audit.page(consoleActor(req), req.query)),
  );
}
