import type {
  HelpRedData,
  IdentityData,
  IncomePage,
  IncomeQuery,
  InviteData,
  InviterCardData,
  PayoutAccountBody,
  PayoutAccountData,
  PromoCenterData,
  TeamPage,
  TeamQuery,
  WithdrawApplyBody,
  Withdrawal,
  WithdrawalPage,
  WithdrawInfoData,
  WithdrawListQuery,
} from '@chaopin/contracts';
import { get, post } from './client.ts';

/**
 * Promotion (推广): 推广中心, the team, commissions and invitations. Identity and the configured
 * numbers (promotion/identity, promotion/rules) are in member.ts, shared with the member pages.
 */
export const promotionApi = {
  center: () => get<PromoCenterData>('promotion/center'),
  team: (query: TeamQuery) => get<TeamPage>('promotion/team', query),
  /** `sum` totals every filtered row, not just this page. */
  income: (query: IncomeQuery) => get<IncomePage>('promotion/income', query),
  invite: () => get<InviteData>('promotion/invite'),
  /** 好友助力红包: the friends who helped and what they earned me. */
  helpRed: (size: number) => get<HelpRedData>('promotion/helpRed', { size }),
  /** A shared invitation's landing (signed out too): the inviter and their helpers. */
  inviterCard: (code: string) => get<InviterCardData>('promotion/inviterCard', { code }),
  /** Only while identity.canBind: the server refuses once the window closed or a binding exists. */
  bind: (inviteCode: string) => post<IdentityData>('promotion/bind', { inviteCode }),
};

/** Withdrawal of commission to the payment-app (支付宝) account. */
export const withdrawApi = {
  account: () => get<PayoutAccountData>('withdraw/account'),
  /** realName must equal the verified real name (REAL_NAME_REQUIRED without one). */
  bindAccount: (body: PayoutAccountBody) => post<PayoutAccountData>('withdraw/account', body),
  info: () => get<WithdrawInfoData>('withdraw/info'),
  /** One withdrawal per clientKey: a resubmit after a lost answer answers the same one. */
  apply: (body: WithdrawApplyBody) => post<Withdrawal>('withdraw/apply', body),
  list: (query: WithdrawListQuery) => get<WithdrawalPage>('withdraw/list', query),
  detail: (withdrawNo: string) => get<Withdrawal>('withdraw/detail', { withdrawNo }),
};
