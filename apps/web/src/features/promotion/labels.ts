import {
  COMMISSION_STATE_TEXT,
  COMMISSION_STATES,
  TEAM_LEVELS,
  WITHDRAW_STATE_TEXT,
  WITHDRAW_STATES,
} from '@chaopin/contracts';
import { formatPrice } from '../../core/format.ts';
import { PATHS } from '../../ui/pageConfig.ts';
import type {
  IncomeFilter,
  IncomeLevel,
  IncomeState,
  TeamLevel,
  WithdrawTab,
} from '../../ui/promotion/promoKeys.ts';

// Shared with the wallet's withdraw rules; re-exported for the promotion pages.
export { bindWindowText, DEBT_RULE, rateText } from '../../ui/promoRuleText.ts';

export type {
  IncomeFilter,
  IncomeLevel,
  IncomeState,
  TeamLevel,
  WithdrawTab,
} from '../../ui/promotion/promoKeys.ts';

export const INCOME_STATES: readonly IncomeState[] = ['all', ...COMMISSION_STATES];
export const INCOME_LEVELS: readonly IncomeLevel[] = ['all', '1', '2'];
export const WITHDRAW_TABS: readonly WithdrawTab[] = ['all', ...WITHDRAW_STATES];

export const INCOME_STATE_TEXT: Record<IncomeState, string> = {
  all: '全部',
  ...COMMISSION_STATE_TEXT,
};
export const INCOME_LEVEL_TEXT: Record<IncomeLevel, string> = {
  all: '全部',
  '1': '一级',
  '2': '二级',
};
export const TEAM_LEVEL_TEXT: Record<TeamLevel, string> = { '1': '直属成员', '2': '间接成员' };
export const WITHDRAW_TAB_TEXT: Record<WithdrawTab, string> = {
  all: '全部',
  ...WITHDRAW_STATE_TEXT,
};

/** What the rate earns on an amount, rounded down to the fen as the server does. */
export function shareOf(fen: number, bp: number): number {
  return Math.floor((fen * bp) / 10_000);
}

/** The withdrawal fee and what reaches the account. */
export function feeOf(amount: number, feeBp: number): { fee: number; net: number } {
  const fee = shareOf(amount, feeBp);
  return { fee, net: amount - fee };
}

const YUAN = /^(\d{1,9})(?:\.(\d{0,2}))?$/;

/** '12.3' → 1230 fen, read from the text (never a float); null when not an amount. */
export function parseYuan(text: string): number | null {
  const m = YUAN.exec(text.trim());
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
}

/** What the amount field accepts while typing: digits and at most two decimals. */
export function cleanYuanInput(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = digits.split('.');
  return rest.length === 0
    ? whole.slice(0, 9)
    : `${whole.slice(0, 9)}.${rest.join('').slice(0, 2)}`;
}

export function debtText(debt: number): string {
  return `待还佣金 ${formatPrice(debt)}`;
}

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const isIn = <T extends string>(list: readonly T[], v: string | null): v is T =>
  (list as readonly (string | null)[]).includes(v);

/** The 收益明细 filter kept in the address; anything hand-edited falls back to 全部. */
export function incomeFilterFrom(params: URLSearchParams): IncomeFilter {
  const state = params.get('state');
  const level = params.get('level');
  const month = params.get('month') ?? '';
  return {
    state: isIn(INCOME_STATES, state) ? state : 'all',
    level: isIn(INCOME_LEVELS, level) ? level : 'all',
    month: MONTH.test(month) ? month : '',
  };
}

/** The search params of a filter, leaving out what is 全部. */
export function incomeFilterParams(filter: Partial<IncomeFilter>): Record<string, string> {
  const params: Record<string, string> = {};
  if (filter.state && filter.state !== 'all') params.state = filter.state;
  if (filter.level && filter.level !== 'all') params.level = filter.level;
  if (filter.month) params.month = filter.month;
  return params;
}

/** 收益明细 opened on a filter (from 推广中心 and 我的收益). */
export function incomeDetailPath(filter: Partial<IncomeFilter> = {}): string {
  const query = new URLSearchParams(incomeFilterParams(filter)).toString();
  return query ? `${PATHS.incomeDetail}?${query}` : PATHS.incomeDetail;
}

export function teamLevelFrom(params: URLSearchParams): TeamLevel {
  const level = params.get('level');
  return isIn(TEAM_LEVELS, level) ? level : '1';
}

export function withdrawTabFrom(params: URLSearchParams): WithdrawTab {
  const state = params.get('state');
  return isIn(WITHDRAW_TABS, state) ? state : 'all';
}

export const withdrawResultPath = (withdrawNo: string) =>
  `${PATHS.successfulWithdrawals}?withdrawNo=${encodeURIComponent(withdrawNo)}`;

/**
 * A link for a friend to a page of the app, through the login page with my code: a new user
 * registers bound to me and lands on the page; a signed-in one goes straight on to it.
 */
export function appLink(path: string, inviteCode: string): string {
  const query = new URLSearchParams({ invite: inviteCode, redirect: path }).toString();
  return `${location.origin}/#${PATHS.login}?${query}`;
}
