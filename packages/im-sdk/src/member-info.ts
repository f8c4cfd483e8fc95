import { GROUP_TIP, type ImGroupProfile, MSG_TYPES } from '@chaopin/contracts';
import type { Message } from './types.ts';

type MemberTipEntry = { userID?: string; nameCard?: unknown };

/**
 * Applies "member info modified" tips (SPEC §4 type 7) about this user to the cached group list:
 * a name card changed on another device, or by the owner or an admin, shows in selfInfo at once.
 * Answers whether a cached group changed.
 */
export function applyMemberTips(
  list: Message[],
  me: string,
  groups: Map<string, ImGroupProfile>,
): boolean {
  let changed = false;
  for (const m of list) {
    if (m.type !== MSG_TYPES.GROUP_TIP || m.isRevoked) continue;
    const p = m.payload as { operationType?: number; groupID?: string; memberList?: unknown };
    if (p.operationType !== GROUP_TIP.MEMBER_PROFILE_UPDATED || !Array.isArray(p.memberList))
      continue;
    const g = groups.get(p.groupID ?? m.to);
    if (!g) continue;
    for (const e of p.memberList as MemberTipEntry[]) {
      if (e?.userID !== me || typeof e.nameCard !== 'string') continue;
      if (g.selfInfo.nameCard === e.nameCard) continue;
      groups.set(g.groupID, { ...g, selfInfo: { ...g.selfInfo, nameCard: e.nameCard } });
      changed = true;
    }
  }
  return changed;
}
