// Withdrawal of commission to a payment-app account.
import { type Static, Type } from 'typebox';
import { PagedQuery } from '../envelope.ts';
import { ClientKey, PayPassword } from './schemas.ts';

/** alipayNumber: the payment-app account commission is withdrawn to. */
export const PayoutAccountData = Type.Object({
  account: Type.Union([Type.String(), Type.Null()]),
  /** Masked: 张* */
  realName: Type.Union([Type.String(), Type.Null()]),
  boundAt: Type.Union([Type.String(), Type.Null()]),
  /** The user's verified real name exists (required before binding). */
  realNameVerified: Type.Boolean(),
});
export type PayoutAccountData = Static<typeof PayoutAccountData>;
export const PayoutAccountBody = Type.Object({
  /** A phone number or an e-mail address. */
  account: Type.String({
    minLength: 5,
    maxLength: 64,
    pattern: '^(1[3-9]\\d{9}|[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,})$',
    errorId: 'PAYOUT_ACCOUNT_INVALID',
  }),
  realName: Type.String({ minLength: 2, maxLength: 20, errorId: 'PAYOUT_NAME_MISMATCH' }),
});
export type PayoutAccountBody = Static<typeof PayoutAccountBody>;

export const WithdrawInfoData = Type.Object({
  withdrawable: Type.Integer(),
  debt: Type.Integer(),
  min: Type.Integer(),
  feeBp: Type.Integer(),
  dailyLimit: Type.Integer(),
  todayCount: Type.Integer(),
  account: PayoutAccountData,
  isPromoter: Type.Boolean(),
});
export type WithdrawInfoData = Static<typeof WithdrawInfoData>;

export const WithdrawApplyBody = Type.Object({
  amount: Type.Integer({ minimum: 1, maximum: 100_000_000, errorId: 'WITHDRAW_AMOUNT_INVALID' }),
  password: PayPassword,
  clientKey: ClientKey,
});
export type WithdrawApplyBody = Static<typeof WithdrawApplyBody>;

export const WITHDRAW_STATES = ['pending', 'paying', 'succeeded', 'rejected', 'failed'] as const;
export type WithdrawState = (typeof WITHDRAW_STATES)[number];
export const WITHDRAW_STATE_TEXT: Record<WithdrawState, string> = {
  pending: '审核中',
  paying: '打款中',
  succeeded: '提现成功',
  rejected: '已驳回',
  failed: '打款失败',
};
export const Withdrawal = Type.Object({
  withdrawNo: Type.String(),
  amount: Type.Integer(),
  fee: Type.Integer(),
  /** What reaches the account: amount − fee. */
  net: Type.Integer(),
  account: Type.String(),
  state: Type.Enum([...WITHDRAW_STATES]),
  stateText: Type.String(),
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
  finishedAt: Type.Union([Type.String(), Type.Null()]),
});
export type Withdrawal = Static<typeof Withdrawal>;
export const WithdrawalPage = Type.Object({
  list: Type.Array(Withdrawal),
  total: Type.Integer(),
  pageNum: Type.Integer(),
  pageSize: Type.Integer(),
});
export type WithdrawalPage = Static<typeof WithdrawalPage>;
export const WithdrawNoQuery = Type.Object({
  withdrawNo: Type.String({ minLength: 1, maxLength: 40, errorId: 'WITHDRAW_NOT_FOUND' }),
});
export type WithdrawNoQuery = Static<typeof WithdrawNoQuery>;
export const WithdrawListQuery = PagedQuery({
  state: Type.Optional(
    Type.Enum(['all', ...WITHDRAW_STATES], { default: 'all', errorId: 'INVALID_PARAM' }),
  ),
});
export type WithdrawListQuery = Static<typeof WithdrawListQuery>;
