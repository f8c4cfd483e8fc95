import type {
  IncomeQuery,
  PayoutAccountBody,
  TeamQuery,
  WithdrawApplyBody,
  WithdrawListQuery,
} from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

/**
 * Promotion (推广): 推广中心, the team, commissions and invitations. Identity and the configured
 * numbers (promotion/identity, promotion/rules) are in member.ts, shared with the member pages.
 */
export const promotionApi = {
  center: () => get('promotion/center'),
  team: (query: TeamQuery) => get('promotion/team', query),
  /** `sum` totals every filtered row, not just this page. */
  income: (query: IncomeQuery) => get('promotion/income', query),
  invite: () => get('promotion/invite'),
  /** 好友助力红包: the friends who helped and what they earned me. */
  helpRed: (size: number) => get('promotion/helpRed', { size }),
  /** A shared invitation's landing (signed out too): the inviter and their helpers. */
  inviterCard: (code: string) => get('promotion/inviterCard', { code }),
  /** Only while identity.canBind: the server refuses once the window closed or a binding exists. */
  bind: (inviteCode: string) => post('promotion/bind', { inviteCode }),
};

/** Withdrawal of commission to the payment-app (支付宝) account. */
export const withdrawApi = {
  account: () => get('withdraw/account'),
  /** realName must equal the verified real name (REAL_NAME_REQUIRED without one). */
  bindAccount: (body: PayoutAccountBody) => post('withdraw/account', body),
  info: () => get('withdraw/info'),
  /** One withdrawal per clientKey: a resubmit after a lost answer answers the same one. */
  apply: (body: WithdrawApplyBody) => post('withdraw/apply', body),
  list: (query: WithdrawListQuery) => get('withdraw/list', query),
  detail: (withdrawNo: string) => get('withdraw/detail', { withdrawNo }),
};
