import { CONV_TYPES, type ConvType } from '@chaopin/contracts';

/**
 * A conversation has one key shared by its parties (the sequence space and the message rows) and,
 * per user, a TIM conversationID (`C2C<peer>`, `GROUP<groupID>`, `@TIM#SYSTEM`).
 */
export function c2cKey(a: string, b: string): string {
  return a < b ? `c:${a}|${b}` : `c:${b}|${a}`;
}
export const groupKey = (groupID: string) => `g:${groupID}`;
export const systemKey = (userID: string) => `s:${userID}`;

export interface ConvRef {
  type: ConvType;
  key: string;
  /** peer user id (C2C) or group id (GROUP); the user's own id for SYSTEM. */
  target: string;
  conversationID: string;
}

/** Resolves a user's conversationID to the shared key; undefined when it is not a known form. */
export function parseConversationID(userID: string, conversationID: string): ConvRef | undefined {
  if (conversationID === CONV_TYPES.SYSTEM) {
    return { type: CONV_TYPES.SYSTEM, key: systemKey(userID), target: userID, conversationID };
  }
  if (conversationID.startsWith('C2C') && conversationID.length > 3) {
    const peer = conversationID.slice(3);
    return { type: 'C2C', key: c2cKey(userID, peer), target: peer, conversationID };
  }
  if (conversationID.startsWith('GROUP') && conversationID.length > 5) {
    const gid = conversationID.slice(5);
    return { type: 'GROUP', key: groupKey(gid), target: gid, conversationID };
  }
  return undefined;
}

export const messageId = (key: string, seq: number) => `${key}#${seq}`;
