import type { GoddessInviterQuery } from '@chaopin/contracts';
import { get, post } from '../../core/api/client.ts';

/** The goddess gang (女神帮): every number, rule and list comes from the server. */
export const goddessApi = {
  home: (link: GoddessInviterQuery) => get('goddess/home', link),
  join: (link: GoddessInviterQuery) => post('goddess/join', link),
  inviter: () => get('goddess/inviter'),
  friends: (pageNum: number, pageSize: number) => get('goddess/friends', { pageNum, pageSize }),
  deductions: (pageNum: number, pageSize: number) =>
    get('goddess/deductions', { pageNum, pageSize }),
};

export const goddessKeys = {
  all: ['goddess'] as const,
  home: (link: GoddessInviterQuery) => ['goddess', 'home', link] as const,
  inviter: ['goddess', 'inviter'] as const,
  friends: ['goddess', 'friends'] as const,
  deductions: ['goddess', 'deductions'] as const,
};

/** The invite link a friend opens: the gang's page carrying my user id (?inviter=). */
export function inviteLink(userId: number, goddessPath: string): string {
  return `${window.location.origin}${window.location.pathname}#${goddessPath}?inviter=${userId}`;
}

/**
 * Who the page's link names: ?inviter=<positive user id> or ?inviteCode=<the promotion code>.
 * Anything else is no inviter (the page never errors on a bad link).
 */
export function inviterParams(params: URLSearchParams): GoddessInviterQuery {
  const n = Number(params.get('inviter'));
  if (Number.isInteger(n) && n > 0 && n <= 2_147_483_647) return { inviter: n };
  const code = params.get('inviteCode') ?? '';
  if (/^[A-Za-z0-9]{4,16}$/.test(code)) return { inviteCode: code };
  return {};
}
