import {
  type DeskAgent,
  type DeskBuyerInfo,
  type DeskConversation,
  type DeskCredential,
  type DeskListQuery,
  type DeskState,
  holds,
  ORDER_STATUS_TEXT,
  type PageOf,
  STAFF_ROLES,
  shopChatUserID,
} from '@chaopin/contracts';
import type { Db } from '../../../database.ts';
import {
  assertStore,
  type ConsoleActor,
  inScope,
  storeFilter,
} from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import type { BuyerOrderRow } from '../../order/index.ts';
import { SDK_APP_ID } from '../session/im-sig.ts';
import type { DeskListRow, DeskRepo, DeskRow } from './desk.repo.ts';

/** What the desk needs from the rest of the app. */
export interface DeskPorts {
  /** The store's name and logo; STORE_NOT_FOUND when there is none. */
  store(storeId: number): Promise<{ name: string; logo: string }>;
  /** Makes (or keeps) a chat account's profile. */
  ensureProfile(userID: string, nick: string, avatar: string): Promise<void>;
  /** A desk credential for a chat account, bound to the agent it is issued to. */
  issueSig(userID: string, agentId: number): { userSig: string; expireAt: number };
  /** The store's people who may answer its chat (chat.write). */
  agents(storeId: number): Promise<Array<{ userId: number; nickname: string; role: string }>>;
  /** A buyer's latest orders with the store. */
  recentOrders(userId: number, storeId: number): Promise<BuyerOrderRow[]>;
  audit: AuditTrail;
}

const isAppUser = (id: string) => /^[1-9]\d{0,9}$/.test(id) && Number(id) <= 2_147_483_647;
/** A 商家 or the operator may transfer or close any conversation of their stores. */
const supervises = (actor: ConsoleActor) => actor.role === 'operator' || actor.role === 'owner';

const state = (r: DeskRow): DeskState => ({
  id: r.id,
  storeId: r.store_id,
  conversationID: `C2C${r.buyer_id}`,
  status: r.status,
  agentUserId: r.agent_id,
});
const auditState = (r: Pick<DeskRow, 'status' | 'agent_id'>) => ({
  status: r.status,
  agentUserId: r.agent_id,
});

/**
 * The 客服 desk: agents speak as the store's chat account (credential), take waiting buyers from
 * the queue (claim: one winner), transfer and close them. Every conversation is refused as not
 * found outside the caller's stores; every change is audited in its own transaction.
 */
export class DeskService {
  /** The clock (tests move it). */
  now: () => number = Date.now;

  constructor(
    private readonly repo: DeskRepo,
    private readonly ports: DeskPorts,
  ) {}

  async credential(actor: ConsoleActor, storeId: number): Promise<DeskCredential> {
    assertStore(actor, storeId, 'STORE_NOT_FOUND');
    // The credential speaks as the store: reading the desk is not enough.
    if (!holds(actor.permissions, 'chat.write')) throw new AppError('FORBIDDEN');
    const store = await this.ports.store(storeId);
    const userID = shopChatUserID(storeId);
    await this.ports.ensureProfile(userID, store.name, store.logo);
    const { userSig, expireAt } = this.ports.issueSig(userID, actor.userId);
    return {
      storeId,
      storeName: store.name,
      avatar: store.logo,
      userID,
      userSig,
      expireAt,
      sdkAppId: SDK_APP_ID,
    };
  }

  async queue(actor: ConsoleActor, q: DeskListQuery): Promise<PageOf<DeskConversation>> {
    const { pageNum, pageSize, offset } = paging(q);
    const { rows, total } = await this.repo.queue(storeFilter(actor, q.storeId), offset, pageSize);
    return { list: rows.map((r) => this.view(r)), total, pageNum, pageSize };
  }

  async mine(actor: ConsoleActor, q: DeskListQuery): Promise<PageOf<DeskConversation>> {
    const { pageNum, pageSize, offset } = paging(q);
    const { rows, total } = await this.repo.mine(
      actor.userId,
      storeFilter(actor, q.storeId),
      offset,
      pageSize,
    );
    return { list: rows.map((r) => this.view(r)), total, pageNum, pageSize };
  }

  /** Takes a waiting buyer: of agents claiming at once, one wins, the others get 409. */
  async claim(actor: ConsoleActor, id: number): Promise<DeskState> {
    const seen = await this.inReach(actor, id);
    return this.repo.transaction(async (trx) => {
      const row = await this.repo.claim(narrowDb(trx), id, actor.userId, this.now());
      if (!row) {
        const now = (await this.repo.byId(id, narrowDb(trx))) ?? seen;
        if (now.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
        if (now.agent_id === actor.userId) return state(now);
        throw new AppError('CHAT_ALREADY_CLAIMED');
      }
      await this.record(trx, actor, row, 'claim', seen);
      return state(row);
    });
  }

  /** Hands a conversation to another agent of its store. */
  async transfer(actor: ConsoleActor, id: number, toAgentUserId: number): Promise<DeskState> {
    const seen = await this.inReach(actor, id);
    this.assertMayChange(actor, seen);
    if (seen.agent_id === toAgentUserId) throw new AppError('CHAT_TRANSFER_SAME');
    const agents = await this.ports.agents(seen.store_id);
    if (!agents.some((a) => a.userId === toAgentUserId))
      throw new AppError('CHAT_TRANSFER_TARGET_INVALID');
    return this.repo.transaction(async (trx) => {
      const to = { status: 'assigned' as const, agentId: toAgentUserId };
      const row = await this.repo.move(narrowDb(trx), seen, to, this.now());
      if (!row) throw new AppError('CHAT_CONVERSATION_CHANGED');
      await this.record(trx, actor, row, 'transfer', seen);
      return state(row);
    });
  }

  /** Ends a conversation: it leaves the lists until the buyer writes again. */
  async close(actor: ConsoleActor, id: number): Promise<DeskState> {
    const seen = await this.inReach(actor, id);
    this.assertMayChange(actor, seen);
    return this.repo.transaction(async (trx) => {
      const to = { status: 'closed' as const, agentId: seen.agent_id };
      const row = await this.repo.move(narrowDb(trx), seen, to, this.now());
      if (!row) throw new AppError('CHAT_CONVERSATION_CHANGED');
      await this.record(trx, actor, row, 'close', seen);
      return state(row);
    });
  }

  async agents(actor: ConsoleActor, storeId: number): Promise<{ list: DeskAgent[] }> {
    assertStore(actor, storeId, 'STORE_NOT_FOUND');
    const list = await this.ports.agents(storeId);
    return {
      list: list.map((a) => ({
        ...a,
        roleName: STAFF_ROLES[a.role as keyof typeof STAFF_ROLES] ?? a.role,
      })),
    };
  }

  /** The buyer beside the chat: nickname, avatar and their latest orders with this store. */
  async buyer(actor: ConsoleActor, storeId: number, buyer: string): Promise<DeskBuyerInfo> {
    assertStore(actor, storeId, 'CHAT_CONVERSATION_NOT_FOUND');
    // Only a buyer who wrote to the store: no looking up anyone else's profile or orders.
    if (!(await this.repo.byPair(storeId, buyer)))
      throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    const [profile, orders] = await Promise.all([
      this.repo.profile(buyer),
      isAppUser(buyer) ? this.ports.recentOrders(Number(buyer), storeId) : Promise.resolve([]),
    ]);
    return {
      userID: buyer,
      nickname: profile?.nick ?? buyer,
      avatar: profile?.avatar ?? '',
      orders: orders.map((o) => ({
        id: o.id,
        orderNo: o.order_no,
        status: o.status,
        statusName: ORDER_STATUS_TEXT[o.status as keyof typeof ORDER_STATUS_TEXT] ?? o.status,
        payAmount: o.pay_amount,
        createdAt: new Date(o.created_at).toISOString(),
        itemCount: o.item_count,
        title: o.title,
        image: o.image,
      })),
    };
  }

  /** A conversation of the actor's stores (another store's is not found). */
  private async inReach(actor: ConsoleActor, id: number): Promise<DeskRow> {
    const row = await this.repo.byId(id);
    if (!row || !inScope(actor, row.store_id)) throw new AppError('CHAT_CONVERSATION_NOT_FOUND');
    return row;
  }

  /** Closed ones stay closed; another agent's conversation is theirs unless a supervisor acts. */
  private assertMayChange(actor: ConsoleActor, row: DeskRow) {
    if (row.status === 'closed') throw new AppError('CHAT_CONVERSATION_CLOSED');
    if (row.status === 'assigned' && row.agent_id !== actor.userId && !supervises(actor))
      throw new AppError('CHAT_NOT_YOURS');
  }

  private record(trx: Db, actor: ConsoleActor, row: DeskRow, action: string, before: DeskRow) {
    return this.ports.audit.record(trx, actor, {
      resource: 'chatConversation',
      resourceId: row.id,
      action,
      storeId: row.store_id,
      before: { buyer: row.buyer_id, ...auditState(before) },
      after: { buyer: row.buyer_id, ...auditState(row) },
    });
  }

  private view(r: DeskListRow): DeskConversation {
    const now = this.now();
    return {
      id: r.id,
      storeId: r.store_id,
      storeName: r.store_name ?? '',
      conversationID: `C2C${r.buyer_id}`,
      buyer: { userID: r.buyer_id, nickname: r.nick ?? r.buyer_id, avatar: r.avatar ?? '' },
      status: r.status,
      agentUserId: r.agent_id,
      waitingSince: r.waiting_since_ms,
      waitingSeconds:
        r.waiting_since_ms === null
          ? 0
          : Math.max(0, Math.floor((now - r.waiting_since_ms) / 1000)),
      lastMessage: { type: r.last_buyer_type, text: r.last_buyer_text, time: r.last_buyer_ms },
      unread: r.unread,
    };
  }
}

function paging(q: DeskListQuery) {
  const pageNum = q.pageNum ?? 1;
  const pageSize = q.pageSize ?? 20;
  return { pageNum, pageSize, offset: (pageNum - 1) * pageSize };
}
