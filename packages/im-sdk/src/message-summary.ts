import {
  GROUP_NOTICE,
  IM,
  type ImConversation,
  MESSAGE_FOR_SHOW,
  type MsgType,
} from '@chaopin/contracts';
import type { Message } from './types.ts';

/** What the conversation list says of a message: its unread and @-tips counting and its summary. */

/** 1 = @me, 2 = @all, for someone else's unrevoked group text that mentions this user. */
export function atTypes(m: Message, me: string): number[] {
  const list =
    m.flow === 'in' && !m.isRevoked && m.conversationType === 'GROUP'
      ? m.payload.atUserList
      : undefined;
  if (!Array.isArray(list)) return [];
  return [...(list.includes(me) ? [1] : []), ...(list.includes(IM.AT_ALL) ? [2] : [])];
}

/** Whether a message counts as unread: someone else's, after the read mark, not revoked, not a tip. */
export function counts(
  m: Pick<Message, 'flow' | 'sequence' | 'isRevoked' | 'type'>,
  readSequence: number,
) {
  return (
    m.flow === 'in' && m.sequence > readSequence && !m.isRevoked && m.type !== 'TIMGroupTipElem'
  );
}

/** A conversation's lastMessage from a message (SPEC placeholders such as [图片] for non-text). */
export function lastMessageOf(m: Message): ImConversation['lastMessage'] {
  return {
    lastTime: m.time,
    lastTimeMs: m.timeMs,
    lastSequence: m.sequence,
    fromAccount: m.from,
    messageForShow: m.isRevoked
      ? ''
      : m.type === 'TIMTextElem'
        ? String(m.payload.text ?? '')
        : (MESSAGE_FOR_SHOW[m.type as MsgType] ?? ''),
    payload: m.payload,
    type: m.type,
    isRevoked: m.isRevoked,
  };
}

/** Group system notices after which the group and its conversation leave every device. */
export const REMOVING_NOTICES: ReadonlySet<number> = new Set([
  GROUP_NOTICE.KICKED,
  GROUP_NOTICE.DISMISSED,
  GROUP_NOTICE.QUIT,
]);
