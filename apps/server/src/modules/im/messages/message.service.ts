import {
  CONV_TYPES,
  IM,
  type ImConversation,
  type ImConversationPage,
  type ImMessage,
  type MessageBody,
  PUSH,
} from '@chaopin/contracts';
import type { Transaction } from 'kysely';
import type { DB } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import { GroupCommit } from '../../../platform/group-commit.ts';
import { Turns } from '../../../platform/turns.ts';
import type { ImCaller, Pusher } from '../gateway.ts';
import {
  type ConvRef,
  c2cKey,
  groupKey,
  messageId,
  parseConversationID,
  systemKey,
} from '../keys.ts';
import type { SocialService } from '../social/social.service.ts';
import { buildConversations, conversationPage, type ListDeps } from './conversation-list.ts';
import { type HoppingQuery, messagesAround } from './hopping.ts';
import type { MessageRepo, MessageRow } from './message.repo.ts';
import type { GroupAccess, SystemPost } from './message-ports.ts';
import { checkMessageBody } from './message-rules.ts';
import type { SendBatchRepo, SendItem } from './send-batch.repo.ts';
import { conversationIdFor, toMessage } from './view.ts';

export type { GroupAccess, SystemPost } from './message-ports.ts';

type Trx = Transaction<DB>;
type Out = ImMessage & { timeMs: number };
/** The hook a new C2C message is told to (the shop's auto replies and the 客服 desk). */
export type C2cSent = (from: string, to: string, message: Out, caller: ImCaller) => void;
const SYNC_LIMIT = 500;
/** Sends per statement: big enough to carry a burst, small enough to keep one commit short. */
const SEND_BATCH_MAX = 256;

/** Messages, conversations, read marks and catch-up (the stored, sequenced chat). */
export class MessageService {
  /** Sends are stored by group commit: one statement for all sends waiting on the database. */
  private readonly sends: GroupCommit<SendItem, MessageRow | undefined>;
  private readonly groupTurns = new Turns();

  constructor(
    private readonly repo: MessageRepo,
    private readonly social: SocialService,
    private readonly push: Pusher,
    /** Group membership and roles (the group service, built on this one: late-bound in index.ts). */
    private readonly groups: GroupAccess,
    /** Told of each new C2C message once it is delivered (a resend of the same one is not new). */
    private readonly c2cSent: C2cSent,
    batches: SendBatchRepo,
    /** Batches in flight at once: a pool can run several; PGlite's one connection runs one. */
    maxInFlight = 1,
  ) {
    this.sends = new GroupCommit((items) => batches.insertMany(items), {
      keyOf: ({ m }) => `${m.conv_key}\u0000${m.from_id}\u0000${m.random}`,
      laneOf: ({ m }) => m.conv_key,
      maxInFlight,
      maxBatch: SEND_BATCH_MAX,
    });
  }

  private ref(me: string, conversationID: string): ConvRef {
    const ref = parseConversationID(me, conversationID);
    if (!ref) throw new AppError('IM_CONVERSATION_TYPE_INVALID');
    return ref;
  }

  async send(caller: ImCaller, body: MessageBody, provisioned = false): Promise<Out> {
    const me = caller.userID;
    const payload = checkMessageBody(body.type, body.payload);
    let key: string;
    let recipients: string[];
    let parties: Array<{ user: string; conversationID: string }> = [];
    if (body.conversationType === 'C2C') {
      key = c2cKey(me, body.to);
      recipients = [me, body.to];
      parties = [{ user: me, conversationID: `C2C${body.to}` }];
      if (body.to !== me) parties.push({ user: body.to, conversationID: `C2C${me}` });
    } else if (body.conversationType === 'GROUP') {
      // The checks await: without a turn, a later send could reach the queue before an earlier one.
      const turn = this.groupTurns.take(`${me}\u0000${body.to}`);
      try {
        await this.groups.assertCanSend(body.to, me);
        recipients = await this.groups.memberIds(body.to);
        await turn.ready;
      } finally {
        turn.done(); // the submit below is queued synchronously, before the next turn runs
      }
      key = groupKey(body.to);
    } else {
      throw new AppError('IM_CONVERSATION_TYPE_INVALID');
    }
    const row = await this.sends.submit({
      m: {
        conv_key: key,
        conv_type: body.conversationType,
        from_id: me,
        to_id: body.to,
        random: body.random,
        time_ms: Date.now(),
        type: body.type,
        payload,
        nick: '',
        avatar: '',
        priority: body.priority ?? 'Normal',
        client_seq: body.clientSequence ?? 0,
        cloud_custom_data: body.cloudCustomData ?? '',
      },
      parties,
      ...(body.conversationType === 'C2C' ? { c2cTo: body.to } : {}),
    });
    if (!row && body.conversationType === 'C2C') {
      // Refused inside the statement: say why.
      const ctx = await this.social.sendContext(me, body.to);
      if (!ctx.recipientExists) {
        // An app user who has never opened the chat gets their profile now, and the message.
        if (!provisioned && (await this.social.provision(body.to)))
          return this.send(caller, body, true);
        throw new AppError('IM_USER_NOT_FOUND');
      }
      if (ctx.blocked) throw new AppError('IM_IN_BLACKLIST');
    }
    // Otherwise nothing back only when a concurrent resend of the same random won the race.
    const stored = row ?? (await this.repo.findByRandom(key, me, body.random));
    if (!stored) throw new AppError('IM_MESSAGE_SEND_FAIL');
    this.deliver(stored, recipients, caller.socketId);
    const out = toMessage(stored, conversationIdFor(me, stored));
    if (row && body.conversationType === 'C2C') this.c2cSent(me, body.to, out, caller);
    return out;
  }

  /**
   * Stores a group tip or system notice at the next sequence; a repeated `random` from the same
   * sender returns the first one. (C2C and user group messages go through the group commit.)
   */
  private async store(
    m: Parameters<MessageRepo['insert']>[1],
    extra?: (trx: Trx, seq: number) => Promise<void>,
  ) {
    try {
      return await this.repo.transaction(async (trx) => {
        const seq = await this.repo.nextSeq(narrowDb(trx), m.conv_key, m.time_ms);
        const row = await this.repo.insert(narrowDb(trx), m, seq, messageId(m.conv_key, seq));
        if (!row) throw new DuplicateMessage();
        await extra?.(trx, seq);
        return row;
      });
    } catch (err) {
      if (!(err instanceof DuplicateMessage)) throw err;
      const first = await this.repo.findByRandom(m.conv_key, m.from_id, m.random);
      if (!first) throw new AppError('IM_MESSAGE_SEND_FAIL');
      return first;
    }
  }

  /** Posts a group tip or notice; for a user joining, their conversation starts just before it. */
  async postSystem(
    post: SystemPost,
    opts: { recipients: string[]; joiner?: string[] },
  ): Promise<Out> {
    const key = post.convType === 'GROUP' ? groupKey(post.target) : systemKey(post.target);
    const conversationID = post.convType === 'GROUP' ? `GROUP${post.target}` : CONV_TYPES.SYSTEM;
    const row = await this.store(
      {
        conv_key: key,
        conv_type: post.convType,
        from_id: post.from,
        to_id: post.target,
        random: Math.floor(Math.random() * 4294967295),
        time_ms: Date.now(),
        type: post.type,
        payload: post.payload,
        nick: '',
        avatar: '',
        priority: 'High',
        client_seq: 0,
        cloud_custom_data: '',
      },
      async (trx, seq) => {
        if (post.convType === CONV_TYPES.SYSTEM) {
          await this.repo.ensureConversation(narrowDb(trx), post.target, key, conversationID);
        }
        for (const u of opts.joiner ?? [])
          await this.repo.ensureConversation(narrowDb(trx), u, key, conversationID, seq - 1);
      },
    );
    this.deliver(row, opts.recipients);
    return toMessage(row, conversationID);
  }

  private deliver(row: MessageRow, recipients: string[], exceptSocket?: string) {
    if (row.conv_type === 'C2C') {
      this.push.toUsers(
        [row.from_id],
        PUSH.MESSAGE,
        toMessage(row, `C2C${row.to_id}`),
        exceptSocket,
      );
      if (row.to_id !== row.from_id)
        this.push.toUsers([row.to_id], PUSH.MESSAGE, toMessage(row, `C2C${row.from_id}`));
      return;
    }
    this.push.toUsers(
      recipients,
      PUSH.MESSAGE,
      toMessage(row, conversationIdFor('', row)),
      exceptSocket,
    );
  }

  /** Removes a group conversation for a user who left (on every device: they get GROUP_REMOVED). */
  async dropGroupConversation(userID: string, groupID: string) {
    await this.repo.removeConversation(userID, groupKey(groupID));
  }

  async revoke(caller: ImCaller, conversationID: string, sequence: number) {
    const me = caller.userID;
    const ref = this.ref(me, conversationID);
    const row = await this.repo.find(ref.key, sequence);
    if (!row || !(await this.repo.conversationRow(me, ref.key)))
      throw new AppError('IM_MESSAGE_NOT_FOUND');
    if (row.type === 'TIMGroupTipElem' || row.type === 'TIMGroupSystemNoticeElem')
      throw new AppError('IM_REVOKE_DENIED');
    let allowed = false;
    if (row.from_id === me) {
      if (Date.now() - row.time_ms > IM.REVOKE_WINDOW_MS) {
        const role = ref.type === 'GROUP' ? await this.groups.role(ref.target, me) : undefined;
        if (role !== 'Owner' && role !== 'Admin') throw new AppError('IM_REVOKE_TIMEOUT');
      }
      allowed = true;
    } else if (ref.type === 'GROUP') {
      const role = await this.groups.role(ref.target, me);
      allowed = role === 'Owner' || role === 'Admin';
    }
    if (!allowed) throw new AppError('IM_REVOKE_DENIED');
    const revoked = (await this.repo.revoke(ref.key, sequence, Date.now())) ?? row;
    const recipients =
      ref.type === 'GROUP' ? await this.groups.memberIds(ref.target) : [row.from_id, row.to_id];
    for (const u of new Set(recipients)) {
      this.push.toUsers([u], PUSH.REVOKED, {
        conversationID: conversationIdFor(u, revoked),
        sequence,
        ID: revoked.msg_id,
      });
    }
    return { conversationID, sequence, ID: revoked.msg_id };
  }

  async history(
    me: string,
    conversationID: string,
    count: number = IM.MESSAGE_LIST_MAX,
    nextReqMessageID?: string,
  ) {
    const ref = this.ref(me, conversationID);
    const conv = await this.repo.conversationRow(me, ref.key);
    if (!conv) return { messageList: [], nextReqMessageID: '', isCompleted: true };
    let before = Number.MAX_SAFE_INTEGER;
    if (nextReqMessageID) {
      const at = await this.repo.seqOfId(nextReqMessageID);
      if (!at || at.conv_key !== ref.key) throw new AppError('IM_MESSAGE_NOT_FOUND');
      before = at.seq;
    }
    const n = Math.min(count, IM.MESSAGE_LIST_MAX);
    const rows = await this.repo.history(ref.key, Number(conv.start_seq), before, n);
    const list = rows.reverse().map((r) => toMessage(r, conversationID));
    const oldest = list[0];
    const isCompleted = rows.length < n || !oldest || oldest.sequence <= Number(conv.start_seq) + 1;
    return {
      messageList: list,
      nextReqMessageID: isCompleted ? '' : (oldest?.ID ?? ''),
      isCompleted,
    };
  }

  /** TIM's getMessageListHopping (hopping.ts). */
  hopping(me: string, q: HoppingQuery) {
    return messagesAround(this.repo, me, this.ref(me, q.conversationID).key, q);
  }

  async setRead(caller: ImCaller, conversationID: string) {
    const me = caller.userID;
    const ref = this.ref(me, conversationID);
    const [conv] = await this.repo.conversations(me, ref.key);
    if (!conv) throw new AppError('IM_CONVERSATION_NOT_FOUND');
    const last = await this.repo.find(ref.key, conv.last_seq);
    const readMs = last?.time_ms ?? Date.now();
    await this.repo.markRead(me, ref.key, conv.last_seq, readMs);
    this.push.toUsers(
      [me],
      PUSH.READ,
      { conversationID, readSequence: conv.last_seq },
      caller.socketId,
    );
    if (ref.type === 'C2C' && ref.target !== me) {
      this.push.toUsers([ref.target], PUSH.PEER_READ, {
        conversationID: `C2C${me}`,
        peerReadTime: readMs,
      });
    }
    return { conversationID, readSequence: conv.last_seq };
  }

  async deleteConversation(caller: ImCaller, conversationID: string) {
    const ref = this.ref(caller.userID, conversationID);
    if (!(await this.repo.hideConversation(caller.userID, ref.key)))
      throw new AppError('IM_CONVERSATION_NOT_FOUND');
    this.push.toUsers(
      [caller.userID],
      PUSH.CONVERSATION_DELETED,
      { conversationID },
      caller.socketId,
    );
    return { conversationID };
  }

  async conversation(me: string, conversationID: string): Promise<ImConversation> {
    const ref = this.ref(me, conversationID);
    const [conv] = await buildConversations(
      this.listDeps,
      me,
      await this.repo.conversations(me, ref.key),
    );
    if (!conv) throw new AppError('IM_CONVERSATION_NOT_FOUND');
    return conv;
  }

  /** Every visible conversation (the reconnect catch-up's complete list). */
  async conversations(me: string): Promise<ImConversation[]> {
    return buildConversations(this.listDeps, me, await this.repo.conversations(me));
  }

  /** One page of the conversation list, newest first (SPEC §7 conversation paging). */
  conversationPage(me: string, timeStamp?: string, count?: number): Promise<ImConversationPage> {
    return conversationPage(this.listDeps, me, timeStamp, count);
  }

  /**
   * Clears the @-tips of a group conversation up to `upToSequence` (default: its last message)
   * without marking anything read; the user's other sessions drop the same tips.
   */
  async deleteGroupAtTips(caller: ImCaller, conversationID: string, upToSequence?: number) {
    const me = caller.userID;
    const ref = this.ref(me, conversationID);
    if (ref.type !== 'GROUP') throw new AppError('IM_CONVERSATION_TYPE_INVALID');
    const atReadSequence = await this.repo.lists.markAtRead(me, ref.key, upToSequence);
    if (atReadSequence === undefined) throw new AppError('IM_CONVERSATION_NOT_FOUND');
    const out = { conversationID, atReadSequence };
    this.push.toUsers([me], PUSH.AT_TIPS_DELETED, out, caller.socketId);
    return out;
  }

  async peerReadTimes(me: string, userIDList: string[]) {
    const reads = await this.repo.peerReads(
      me,
      userIDList.map((u) => c2cKey(me, u)),
    );
    return userIDList.map((userID) => ({
      userID,
      peerReadTime: reads.get(c2cKey(me, userID)) ?? 0,
    }));
  }

  /** A reconnecting client's catch-up: what it missed by sequence, revocations since, fresh conversations. */
  async sync(me: string, known: Record<string, number>, since: number) {
    const serverTime = Date.now();
    const missed = await this.repo.missed(me, known, SYNC_LIMIT);
    const revoked = since > 0 ? await this.repo.revokedSince(me, since) : [];
    return {
      serverTime,
      conversations: await this.conversations(me),
      messages: missed.map((m) => toMessage(m, m.conversation_id)),
      more: missed.length >= SYNC_LIMIT,
      revoked: revoked.map((r) => ({
        conversationID: r.conversation_id,
        sequence: r.seq,
        ID: r.msg_id,
      })),
    };
  }

  private get listDeps(): ListDeps {
    return { repo: this.repo, social: this.social, groups: this.groups };
  }
}

class DuplicateMessage extends Error {}
