import type { CONV_TYPES, ImGroupProfile } from '@chaopin/contracts';

/** What the message service needs from groups (implemented by GroupService). */
export interface GroupAccess {
  /** Refuses a sender who is not a member, or is muted. */
  assertCanSend(groupID: string, userID: string): Promise<void>;
  memberIds(groupID: string): Promise<string[]>;
  role(groupID: string, userID: string): Promise<string | undefined>;
  profiles(groupIDs: string[], viewer: string): Promise<Map<string, ImGroupProfile>>;
}

/** A server-made message (group tip, group system notice) posted into a conversation. */
export interface SystemPost {
  convType: 'GROUP' | typeof CONV_TYPES.SYSTEM;
  /** group id (GROUP) or the receiving user (SYSTEM). */
  target: string;
  from: string;
  type: 'TIMGroupTipElem' | 'TIMGroupSystemNoticeElem';
  payload: Record<string, unknown>;
}
