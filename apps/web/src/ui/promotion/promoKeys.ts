import type { CommissionState, TEAM_LEVELS, WithdrawState } from '@chaopin/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../core/api/client.ts';

// The promotion domain's one key factory and the invitation reads, here because the points and
// zone share pages and 好友助力红包 show the invitation too. promotion/api.ts re-exports them and
// keeps promotionApi's invite, helpRed and inviterCard on these calls.

export type IncomeState = 'all' | CommissionState;
export type IncomeLevel = 'all' | '1' | '2';
export type TeamLevel = (typeof TEAM_LEVELS)[number];
export type WithdrawTab = 'all' | WithdrawState;

export interface IncomeFilter {
  state: IncomeState;
  level: IncomeLevel;
  /** YYYY-MM, or '' for every month. */
  month: string;
}

export const fetchInvite = () => get('promotion/invite');
/** 好友助力红包: the friends who helped and what they earned me. */
export const fetchHelpRed = (size: number) => get('promotion/helpRed', { size });
/** A shared invitation's landing (signed out too): the inviter and their helpers. */
export const fetchInviterCard = (code: string) => get('promotion/inviterCard', { code });

/**
 * Under ['promotion'] with the member pages' identity and rules (features/member/queries.ts):
 * a purchase, a binding or a withdrawal refreshes every figure of the programme at once.
 */
export const promoKeys = {
  all: ['promotion'] as const,
  center: ['promotion', 'center'] as const,
  team: (level: TeamLevel, keyword: string) => ['promotion', 'team', level, keyword] as const,
  income: (filter: IncomeFilter) => ['promotion', 'income', 'list', filter] as const,
  incomeSum: (state: CommissionState, level: '1' | '2') =>
    ['promotion', 'income', 'sum', state, level] as const,
  invite: ['promotion', 'invite'] as const,
  helpRed: ['promotion', 'helpRed'] as const,
  inviterCard: (code: string) => ['promotion', 'inviterCard', code] as const,
  withdrawInfo: ['promotion', 'withdraw', 'info'] as const,
  payoutAccount: ['promotion', 'withdraw', 'account'] as const,
  withdrawals: (tab: WithdrawTab) => ['promotion', 'withdraw', 'list', tab] as const,
  withdrawal: (withdrawNo: string) => ['promotion', 'withdraw', 'detail', withdrawNo] as const,
};

export const inviteQuery = () => queryOptions({ queryKey: promoKeys.invite, queryFn: fetchInvite });

export const inviterCardQuery = (code: string) =>
  queryOptions({
    queryKey: promoKeys.inviterCard(code),
    queryFn: () => fetchInviterCard(code),
    staleTime: 0,
  });

export const HELP_RED_SIZE = 50;
// A friend helps or a friend's order is received elsewhere: asked again on every visit.
export const helpRedQuery = () =>
  queryOptions({
    queryKey: promoKeys.helpRed,
    queryFn: () => fetchHelpRed(HELP_RED_SIZE),
    staleTime: 0,
  });
