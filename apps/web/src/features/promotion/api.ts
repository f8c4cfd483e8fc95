import type {
  CommissionState,
  IncomeQuery,
  PayoutAccountBody,
  TeamQuery,
  WithdrawApplyBody,
  WithdrawListQuery,
} from '@chaopin/contracts';
import { infiniteQueryOptions, type QueryClient, queryOptions } from '@tanstack/react-query';
import { get, post } from '../../core/api/client.ts';
import { nextPage } from '../../core/queries.ts';
import {
  fetchHelpRed,
  fetchInvite,
  fetchInviterCard,
  promoKeys,
} from '../../ui/promotion/promoKeys.ts';
import { walletKeys } from '../../ui/wallet/walletKeys.ts';
import type { IncomeFilter, TeamLevel, WithdrawTab } from './labels.ts';

export {
  HELP_RED_SIZE,
  helpRedQuery,
  inviteQuery,
  inviterCardQuery,
  promoKeys,
} from '../../ui/promotion/promoKeys.ts';

/**
 * Promotion (推广): 推广中心, the team, commissions and invitations. Identity and the configured
 * numbers (promotion/identity, promotion/rules) are in member.ts, shared with the member pages.
 */
export const promotionApi = {
  center: () => get('promotion/center'),
  team: (query: TeamQuery) => get('promotion/team', query),
  /** `sum` totals every filtered row, not just this page. */
  income: (query: IncomeQuery) => get('promotion/income', query),
  invite: fetchInvite,
  /** 好友助力红包: the friends who helped and what they earned me. */
  helpRed: fetchHelpRed,
  /** A shared invitation's landing (signed out too): the inviter and their helpers. */
  inviterCard: fetchInviterCard,
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

export const TEAM_PAGE_SIZE = 20;
export const INCOME_PAGE_SIZE = 20;
export const WITHDRAW_PAGE_SIZE = 20;

// Orders received, refunds and withdrawals move these from elsewhere (other users' orders even),
// so money figures are asked again on every visit.
export const centerQuery = () =>
  queryOptions({ queryKey: promoKeys.center, queryFn: promotionApi.center, staleTime: 0 });

export const teamQuery = (level: TeamLevel, keyword: string) =>
  infiniteQueryOptions({
    queryKey: promoKeys.team(level, keyword),
    // Pages after the first follow the server's keyset cursor (a deep page costs what the first
    // does); a keyword search's few matches page by number.
    queryFn: ({ pageParam }: { pageParam: number | string }) =>
      promotionApi.team({
        level,
        keyword: keyword || undefined,
        ...(typeof pageParam === 'string' ? { cursor: pageParam } : { pageNum: pageParam }),
        pageSize: TEAM_PAGE_SIZE,
      }),
    initialPageParam: 1 as number | string,
    getNextPageParam: (last) => (keyword ? nextPage(last) : last.nextCursor || undefined),
  });

export const incomeQuery = (filter: IncomeFilter) =>
  infiniteQueryOptions({
    queryKey: promoKeys.income(filter),
    queryFn: ({ pageParam }) =>
      promotionApi.income({
        state: filter.state,
        level: filter.level,
        month: filter.month || undefined,
        pageNum: pageParam,
        pageSize: INCOME_PAGE_SIZE,
      }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** One cell of 我的收益's level × state table: only the filtered sum is read, so one row a page. */
export const incomeSumQuery = (state: CommissionState, level: '1' | '2') =>
  queryOptions({
    queryKey: promoKeys.incomeSum(state, level),
    queryFn: () => promotionApi.income({ state, level, pageNum: 1, pageSize: 1 }),
    select: (page) => page.sum,
    staleTime: 0,
  });

export const withdrawInfoQuery = () =>
  queryOptions({ queryKey: promoKeys.withdrawInfo, queryFn: withdrawApi.info, staleTime: 0 });

export const payoutAccountQuery = () =>
  queryOptions({ queryKey: promoKeys.payoutAccount, queryFn: withdrawApi.account });

export const withdrawalsQuery = (tab: WithdrawTab) =>
  infiniteQueryOptions({
    queryKey: promoKeys.withdrawals(tab),
    queryFn: ({ pageParam }) =>
      withdrawApi.list({ state: tab, pageNum: pageParam, pageSize: WITHDRAW_PAGE_SIZE }),
    initialPageParam: 1,
    getNextPageParam: nextPage,
    staleTime: 0,
  });

/** States the platform still has to move: the result page keeps asking while in one. */
export const WITHDRAW_POLL_MS = 3000;
const MOVING = new Set(['pending', 'paying']);

export const withdrawalQuery = (withdrawNo: string) =>
  queryOptions({
    queryKey: promoKeys.withdrawal(withdrawNo),
    queryFn: () => withdrawApi.detail(withdrawNo),
    staleTime: 0,
    refetchInterval: (query) =>
      query.state.data && MOVING.has(query.state.data.state) ? WITHDRAW_POLL_MS : false,
  });

/** After commission moved (a withdrawal, a binding): the programme's figures and 我的资产's tile. */
export async function refreshPromotion(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: promoKeys.all }),
    queryClient.invalidateQueries({ queryKey: walletKeys.assets }),
  ]);
}
