import type { ErrorId } from '@chaopin/contracts';
import { HOUR } from '../bargain-common.ts';
import type { BargainRow } from '../bargain-rows.repo.ts';

/** The user's claim on an item as the rules read it. */
export interface ExistingClaim {
  bargain_id: number;
  status: string;
  approved_at: Date | null;
  order_status: string | null;
}

/**
 * Whether the bargain's owner may have its free order placed now, given the user's claim on
 * the item (null: none). An approved audit claim and a claim whose order was cancelled unpaid
 * (within the claim time) may be placed; any other claim is the one per user and item.
 */
export function claimError(
  b: BargainRow,
  existing: ExistingClaim | null,
  now: Date,
  claimHours: number,
): ErrorId | null {
  if (b.status !== 'succeeded' || !b.succeeded_at) return 'BARGAIN_NOT_SUCCEEDED';
  const late = now.getTime() > b.succeeded_at.getTime() + claimHours * HOUR;
  if (!existing) return late ? 'BARGAIN_CLAIM_EXPIRED' : null;
  if (existing.bargain_id !== b.id) return 'BARGAIN_CLAIMED';
  if (existing.status === 'audit' && existing.approved_at) return null;
  if (existing.status === 'ordered' && existing.order_status === 'cancelled') {
    return late ? 'BARGAIN_CLAIM_EXPIRED' : null;
  }
  return 'BARGAIN_CLAIMED';
}

/** Why a bargain's helps look farmed (its claim then waits in audit); [] when they do not. */
export function flagsOf(
  helps: { is_new_user: boolean; ip: string }[],
  limits: { auditNewUserPercent: number; auditSameIp: number },
): string[] {
  const flags: string[] = [];
  if (!helps.length) return flags;
  const fresh = helps.filter((h) => h.is_new_user).length;
  if ((fresh * 100) / helps.length >= limits.auditNewUserPercent) {
    flags.push('新用户助力占比过高');
  }
  const perIp = new Map<string, number>();
  for (const h of helps) if (h.ip) perIp.set(h.ip, (perIp.get(h.ip) ?? 0) + 1);
  if ([...perIp.values()].some((n) => n >= limits.auditSameIp)) {
    flags.push('同一设备/网络多次助力');
  }
  return flags;
}
