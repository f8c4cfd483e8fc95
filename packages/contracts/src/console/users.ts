import { type Static, Type } from 'typebox';
import { MAX_ID } from '../constants.ts';
import { Page, PagedQuery } from '../envelope.ts';

const UserId = Type.Integer({ minimum: 1, maximum: MAX_ID, errorId: 'CONSOLE_USER_NOT_FOUND' });
const Day = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', errorId: 'DATE_RANGE_INVALID' });
export const USER_STATUSES = { normal: '正常', banned: '已封禁' } as const;
const UserStatus = Type.Union([Type.Literal('normal'), Type.Literal('banned')], {
  errorId: 'INVALID_PARAM',
});

/**
 * `GET admin/user/list`: `q` finds by id (digits that are one), phone (3+ digits) or nickname;
 * registered between two China days (inclusive).
 */
export const UserListQuery = PagedQuery({
  q: Type.Optional(Type.String({ maxLength: 40, errorId: 'INVALID_PARAM' })),
  status: Type.Optional(UserStatus),
  test: Type.Optional(Type.Boolean({ errorId: 'INVALID_PARAM' })),
  registeredFrom: Type.Optional(Day),
  registeredTo: Type.Optional(Day),
  sort: Type.Optional(
    Type.Union([Type.Literal('id'), Type.Literal('createdAt')], { errorId: 'INVALID_PARAM' }),
  ),
  order: Type.Optional(
    Type.Union([Type.Literal('asc'), Type.Literal('desc')], { errorId: 'INVALID_PARAM' }),
  ),
});
export type UserListQuery = Static<typeof UserListQuery>;

export const ConsoleUserRow = Type.Object({
  id: Type.Integer(),
  nickname: Type.String(),
  avatar: Type.String(),
  /** Always masked (138****0000): the full number through admin/user/reveal (user.pii, audited). */
  phone: Type.String(),
  status: UserStatus,
  isTest: Type.Boolean(),
  realNameVerified: Type.Boolean(),
  createdAt: Type.String(),
});
export type ConsoleUserRow = Static<typeof ConsoleUserRow>;
export const ConsoleUserPage = Page(ConsoleUserRow);

export const UserIdQuery = Type.Object({ id: UserId });
export type UserIdQuery = Static<typeof UserIdQuery>;

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const ConsoleUserDetail = Type.Object({
  profile: Type.Object({
    ...ConsoleUserRow.properties,
    role: Type.String(),
    banReason: Nullable(Type.String()),
    bannedAt: Nullable(Type.String()),
    hasPassword: Type.Boolean(),
    hasPayPassword: Type.Boolean(),
    /** The pay password is locked after too many wrong tries, until this time. */
    payPasswordLockedUntil: Nullable(Type.String()),
    payPasswordFails: Type.Integer(),
  }),
  realName: Type.Object({
    verified: Type.Boolean(),
    /** Masked (张*) and masked (1101**********777X). */
    realName: Type.String(),
    idCard: Type.String(),
    verifiedAt: Nullable(Type.String()),
    /** The full ID number is kept (encrypted) and may be revealed with user.pii. */
    idCardKept: Type.Boolean(),
  }),
  orders: Type.Object({
    total: Type.Integer(),
    paid: Type.Integer(),
    /** What the buyer paid for their paid orders (fen). */
    paidAmount: Type.Integer(),
    recent: Type.Array(
      Type.Object({
        orderNo: Type.String(),
        storeId: Type.Integer(),
        storeName: Type.String(),
        status: Type.String(),
        payAmount: Type.Integer(),
        createdAt: Type.String(),
      }),
    ),
  }),
  /** From the ledger: wallet, red packets and commission in fen, points in points. */
  balances: Type.Object({
    wallet: Type.Integer(),
    redPacket: Type.Integer(),
    points: Type.Integer(),
    commission: Type.Integer(),
  }),
  sessions: Type.Array(
    Type.Object({
      userAgent: Type.String(),
      createdAt: Type.String(),
      lastSeenAt: Type.String(),
      expiresAt: Type.String(),
    }),
  ),
});
export type ConsoleUserDetail = Static<typeof ConsoleUserDetail>;

export const USER_BAN_REASON_MAX = 200;
export const UserBanBody = Type.Object({
  id: UserId,
  reason: Type.String({
    minLength: 1,
    maxLength: USER_BAN_REASON_MAX,
    errorId: 'USER_BAN_REASON_INVALID',
  }),
});
export type UserBanBody = Static<typeof UserBanBody>;

export const UserIdBody = Type.Object({ id: UserId });
export type UserIdBody = Static<typeof UserIdBody>;

export const UserMarkTestBody = Type.Object({
  id: UserId,
  test: Type.Boolean({ errorId: 'INVALID_PARAM' }),
});
export type UserMarkTestBody = Static<typeof UserMarkTestBody>;

/** `GET admin/user/reveal` (user.pii): one full value, itself written to the audit log. */
export const UserRevealQuery = Type.Object({
  id: UserId,
  field: Type.Union([Type.Literal('phone'), Type.Literal('idCard')], {
    errorId: 'REVEAL_FIELD_INVALID',
  }),
});
export type UserRevealQuery = Static<typeof UserRevealQuery>;
export const UserReveal = Type.Object({ field: Type.String(), value: Type.String() });
export type UserReveal = Static<typeof UserReveal>;
