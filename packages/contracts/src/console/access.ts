import { type Static, Type } from 'typebox';
import { MAX_ID, PHONE_PATTERN } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';

const StoreId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STORE_NOT_FOUND' });
const RoleName = Type.Union(
  [Type.Literal('operator'), Type.Literal('owner'), Type.Literal('staff'), Type.Literal('agent')],
  { errorId: 'STAFF_ROLE_INVALID' },
);

/** `GET admin/me`: who is signed in to the console, and what they may do. */
export const ConsoleMe = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  /** Masked (138****0000). */
  phone: Type.String(),
  role: RoleName,
  roleName: Type.String(),
  /** The store a 商家 / 店员 works for; null for the platform operator. */
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  storeName: Type.Union([Type.String(), Type.Null()]),
  /** Every store this account may see (a 客服 may serve several); null = all stores. */
  storeIds: Type.Union([Type.Array(Type.Integer()), Type.Null()]),
  permissions: Type.Array(Type.String()),
});
export type ConsoleMe = Static<typeof ConsoleMe>;

export const StaffListQuery = PagedQuery({
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
  role: Type.Optional(RoleName),
  storeId: Type.Optional(StoreId),
});
export type StaffListQuery = Static<typeof StaffListQuery>;

export const StaffRow = Type.Object({
  id: Type.Integer(),
  userId: Type.Integer(),
  nickname: Type.String(),
  phone: Type.String(),
  role: RoleName,
  roleName: Type.String(),
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  storeName: Type.Union([Type.String(), Type.Null()]),
  permissions: Type.Array(Type.String()),
  createdAt: Type.String(),
});
export type StaffRow = Static<typeof StaffRow>;
export const StaffPage = Page(StaffRow);

/**
 * `POST admin/staff/save`: make a registered phone a console user, or change one (`id`).
 * The operator makes anyone; a 商家 makes 店员 and 客服 of their own store, granting at most
 * what they hold.
 */
export const StaffSaveBody = Type.Object({
  id: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STAFF_NOT_FOUND' })),
  /** Whom to make a console user; a change (`id`) may leave it out. */
  phone: Type.Optional(Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' })),
  role: RoleName,
  storeId: Type.Optional(Type.Union([StoreId, Type.Null()])),
  /** A 店员's permissions (other roles take their role's). */
  permissions: Type.Optional(
    Type.Array(Type.String({ maxLength: 40, errorId: 'STAFF_PERMISSION_INVALID' }), {
      maxItems: 40,
      errorId: 'STAFF_PERMISSION_INVALID',
    }),
  ),
});
export type StaffSaveBody = Static<typeof StaffSaveBody>;

export const StaffIdBody = Type.Object({
  id: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'STAFF_NOT_FOUND' }),
});
export type StaffIdBody = Static<typeof StaffIdBody>;

export const RoleRow = Type.Object({
  role: RoleName,
  name: Type.String(),
  permissions: Type.Array(Type.String()),
  storeScoped: Type.Boolean(),
});
export const PermissionRow = Type.Object({ code: Type.String(), name: Type.String() });
export const RoleCatalogue = Type.Object({
  roles: Type.Array(RoleRow),
  permissions: Type.Array(PermissionRow),
});
export type RoleCatalogue = Static<typeof RoleCatalogue>;

const Time = Type.String({ format: 'date-time', errorId: 'AUDIT_RANGE_INVALID' });
export const AuditListQuery = PagedQuery({
  actorId: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'INVALID_PARAM' })),
  resource: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
  resourceId: Type.Optional(Type.String({ maxLength: 64, errorId: 'INVALID_PARAM' })),
  storeId: Type.Optional(StoreId),
  from: Type.Optional(Time),
  to: Type.Optional(Time),
});
export type AuditListQuery = Static<typeof AuditListQuery>;

export const AuditRow = Type.Object({
  id: Type.Integer(),
  at: Type.String(),
  actorId: Type.Integer(),
  actorName: Type.String(),
  actorRole: Type.String(),
  ip: Type.String(),
  resource: Type.String(),
  resourceId: Type.String(),
  action: Type.String(),
  storeId: Type.Union([Type.Integer(), Type.Null()]),
  /** Only what changed: field → [before, after]. */
  diff: Type.Record(Type.String(), Type.Array(Type.Unknown())),
  before: Type.Unknown(),
  after: Type.Unknown(),
});
export type AuditRow = Static<typeof AuditRow>;
export const AuditPage = Page(AuditRow);

/** `GET admin/operator/list`: the platform's operators (平台运营). */
export const OperatorListQuery = PagedQuery({});
export type OperatorListQuery = Static<typeof OperatorListQuery>;

export const OperatorRow = Type.Object({
  userId: Type.Integer(),
  nickname: Type.String(),
  /** Masked (138****0000). */
  phone: Type.String(),
  /** The signed-in operator's own row (they may not remove themselves). */
  self: Type.Boolean(),
});
export type OperatorRow = Static<typeof OperatorRow>;
export const OperatorPage = Page(OperatorRow);

/** `POST admin/operator/save`: makes a registered phone a platform operator. */
export const OperatorAddBody = Type.Object({
  phone: Type.String({ pattern: PHONE_PATTERN, errorId: 'PHONE_INVALID' }),
});
export type OperatorAddBody = Static<typeof OperatorAddBody>;

/** `POST admin/operator/delete`: the account stays a shopper; never oneself nor the last operator. */
export const OperatorRemoveBody = Type.Object({
  userId: Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'OPERATOR_NOT_FOUND' }),
});
export type OperatorRemoveBody = Static<typeof OperatorRemoveBody>;
