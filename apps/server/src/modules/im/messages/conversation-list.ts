import {
  CONV_TYPES,
  compareConversations,
  IM,
  type ImConversation,
  type ImConversationPage,
  type ImGroupProfile,
} from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { SocialService } from '../social/social.service.ts';
import type { ConversationRow, MessageRepo } from './message.repo.ts';
import type { GroupAccess } from './message.service.ts';
import { parsePageCursor, toLastMessage, toPageCursor } from './view.ts';

export interface ListDeps {
  repo: MessageRepo;
  social: SocialService;
  groups: GroupAccess;
}

/**
 * One page of the user's conversation list (SPEC §7 conversation paging): `timeStamp` is the
 * previous page's cursor. Pages are cut in SQL by a (last message time, conversationID) keyset,
 * so a page never repeats or skips a conversation that did not move. One that moves to the top
 * meanwhile (a new message) is above the cursor: the SDK reads the head of the list again, down
 * to its first page's serverTime.
 */
export async function conversationPage(
  d: ListDeps,
  me: string,
  timeStamp?: string,
  count: number = IM.CONVERSATIONS_CACHED,
): Promise<ImConversationPage> {
  const after = parsePageCursor(timeStamp);
  if (after === null) throw new AppError('IM_CONVERSATION_PAGE_INVALID');
  const size = Math.min(count, IM.CONVERSATION_PAGE_MAX);
  const serverTime = Date.now();
  const rows = await d.repo.lists.page(me, after, size + 1);
  const page = rows.slice(0, size);
  const last = page.at(-1);
  return {
    conversations: await buildConversations(d, me, page),
    timeStamp: last ? toPageCursor(last.last_ms, last.conversation_id) : (timeStamp ?? ''),
    completeFlag: rows.length <= size,
    serverTime,
  };
}

/**
 * Conversation rows → what the client shows. Unread counts and @-tips are read within the
 * sequences the rows were read at (see MessageRepo.unreadCounts), so a message committing
 * meanwhile is counted once: by its push, not also by this snapshot.
 */
export async function buildConversations(
  d: ListDeps,
  me: string,
  rows: ConversationRow[],
): Promise<ImConversation[]> {
  if (!rows.length) return [];
  const groupRows = rows.filter((r) => r.conversation_id.startsWith('GROUP'));
  const [lasts, unread, peerReads, mentions] = await Promise.all([
    d.repo.messagesAt(rows.map((r) => ({ key: r.conv_key, seq: r.last_seq }))),
    d.repo.unreadCounts(
      me,
      rows.map((r) => ({
        key: r.conv_key,
        after: Math.max(r.read_seq, r.start_seq),
        upTo: r.last_seq,
      })),
    ),
    d.repo.peerReads(
      me,
      rows.filter((r) => r.conversation_id.startsWith('C2C')).map((r) => r.conv_key),
    ),
    d.repo.unreadMentions(
      me,
      groupRows.map((r) => ({
        key: r.conv_key,
        after: Math.max(r.read_seq, r.start_seq, r.at_read_seq),
        upTo: r.last_seq,
      })),
    ),
  ]);
  const atInfo = new Map<string, ImConversation['groupAtInfoList']>();
  for (const m of mentions) {
    const atMe = m.atUserList.includes(me);
    const atAll = m.atUserList.includes(IM.AT_ALL);
    if (!atMe && !atAll) continue;
    const list = atInfo.get(m.conv_key) ?? [];
    // atTypeArray: 1 = @me, 2 = @all (TIM's TYPES.CONV_AT_ME / CONV_AT_ALL).
    list.push({
      from: m.from,
      groupID: m.groupID,
      messageSequence: m.seq,
      atTypeArray: [...(atMe ? [1] : []), ...(atAll ? [2] : [])],
    });
    atInfo.set(m.conv_key, list);
  }
  const lastByKey = new Map(lasts.map((m) => [m.conv_key, m]));
  const peers = rows
    .filter((r) => r.conversation_id.startsWith('C2C'))
    .map((r) => r.conversation_id.slice(3));
  const groupIds = groupRows.map((r) => r.conversation_id.slice(5));
  const [profiles, groups] = await Promise.all([
    d.social.profiles(peers),
    groupIds.length
      ? d.groups.profiles(groupIds, me)
      : Promise.resolve(new Map<string, ImGroupProfile>()),
  ]);
  const out = rows.map((r): ImConversation => {
    const isC2C = r.conversation_id.startsWith('C2C');
    const isGroup = r.conversation_id.startsWith('GROUP');
    const conv: ImConversation = {
      conversationID: r.conversation_id,
      type: isC2C ? 'C2C' : isGroup ? 'GROUP' : CONV_TYPES.SYSTEM,
      unreadCount: unread.get(r.conv_key) ?? 0,
      lastMessage: toLastMessage(lastByKey.get(r.conv_key)),
      peerReadTime: isC2C ? (peerReads.get(r.conv_key) ?? 0) : 0,
      readSequence: Math.max(r.read_seq, r.start_seq),
      groupAtInfoList: atInfo.get(r.conv_key) ?? [],
    };
    if (isC2C) {
      const p = profiles.get(r.conversation_id.slice(3));
      if (p) conv.userProfile = p;
    }
    if (isGroup) {
      const g = groups.get(r.conversation_id.slice(5));
      if (g) conv.groupProfile = g;
    }
    return conv;
  });
  return out.sort(compareConversations);
}
