import { IM, type ImMessage } from '@chaopin/contracts';
import type { MessageRepo } from './message.repo.ts';
import { toMessage } from './view.ts';

/** TIM's getMessageListHopping: 0 older than the sequence, 1 newer (the sequence included). */
export interface HoppingQuery {
  conversationID: string;
  sequence?: number;
  count?: number;
  direction?: number;
}

export interface HoppingPage {
  messageList: Array<ImMessage & { timeMs: number }>;
  isCompleted: boolean;
  /** Where the next page in the same direction starts ('' when completed), as TIM answers. */
  nextMessageSeq: number | '';
}

/**
 * A page of a conversation's history around a sequence, oldest first, within what this user can
 * see (after its start_seq, e.g. a deleted conversation's old messages stay hidden). One row more
 * than asked is read to know whether the direction is completed.
 */
export async function messagesAround(
  repo: MessageRepo,
  me: string,
  convKey: string,
  q: HoppingQuery,
): Promise<HoppingPage> {
  const conv = await repo.conversationRow(me, convKey);
  if (!conv) return { messageList: [], isCompleted: true, nextMessageSeq: '' };
  const start = Number(conv.start_seq);
  const count = Math.min(Math.max(1, q.count ?? IM.MESSAGE_LIST_MAX), IM.MESSAGE_LIST_MAX);
  const newer = q.direction === 1;
  const rows = newer
    ? await repo.history(convKey, start, Number.MAX_SAFE_INTEGER, count + 1, (q.sequence ?? 1) - 1)
    : await repo.history(
        convKey,
        start,
        (q.sequence ?? Number.MAX_SAFE_INTEGER - 1) + 1,
        count + 1,
      );
  const more = rows.length > count;
  const page = rows.slice(0, count).map((r) => toMessage(r, q.conversationID));
  if (!newer) page.reverse();
  const edge = newer ? page.at(-1)?.sequence : page[0]?.sequence;
  return {
    messageList: page,
    isCompleted: !more,
    nextMessageSeq: more && edge !== undefined ? edge + (newer ? 1 : -1) : '',
  };
}
