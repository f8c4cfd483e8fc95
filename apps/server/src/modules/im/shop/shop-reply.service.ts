import {
  fillShopName,
  SHOP_REPLY_DEFAULTS,
  type ShopReplyBody,
  type ShopReplySettings,
  shopChatUserID,
  storeIdOfChatUser,
} from '@chaopin/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../database.ts';
import type { ConsoleActor } from '../../../platform/console-gate.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { AuditTrail } from '../../access/index.ts';
import type { ShopReplyRepo } from './shop-reply.repo.ts';

/** What the auto replies need from the rest of the app. */
export interface ShopReplyPorts {
  /** The store's name; STORE_NOT_FOUND when there is no such store. */
  storeName(storeId: number): Promise<string>;
  /** Whether any of these chat accounts has a live session on any node. */
  online(userIDs: readonly string[]): Promise<boolean>;
  /** Sends a text from one chat account to another through the message service. */
  sendText(from: string, to: string, text: string): Promise<void>;
  /** The console's audit port (every change of the texts is recorded with it). */
  audit: Pick<AuditTrail, 'record'>;
  /**
   * Records a buyer's message to a store (the 客服 desk's queue and this conversation's greeting
   * claim, in one statement; desk/desk.repo.ts): whether this message claimed the greeting (true
   * for exactly one caller however many first messages race), and the last away reply's time.
   */
  recordBuyerMessage(
    storeId: number,
    buyer: string,
    message: BuyerMessage,
    now: number,
  ): Promise<{ greeted: boolean; awayMs: number }>;
}

/** The part of a buyer's message the desk keeps (its time, kind and a preview of it). */
export interface BuyerMessage {
  type: string;
  payload: Record<string, unknown>;
  timeMs: number;
}

/**
 * The chat accounts that answer for a store: its own account store_<id> (message/shopByChatId),
 * which every agent on the 客服 desk signs in as (admin/chat/credential; one session per agent),
 * so an agent with the desk open is online here.
 */
export const operatorsOf = (storeId: number): string[] => [shopChatUserID(storeId)];

/**
 * Shop chat (客服) auto replies. A buyer's first message to a store is greeted with the store's
 * welcome text; while none of the store's operators is online, the buyer gets its away text, at
 * most once per conversation per `awayMs`. Both are claimed in the database before they are sent
 * (greeting: the insert of the conversation's row; away: a guarded update of its time), so
 * concurrent messages, on any node, send each reply once.
 */
export class ShopReplies {
  /** The clock (tests move it). */
  now: () => number = Date.now;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: ShopReplyRepo,
    private readonly ports: ShopReplyPorts,
    private readonly awayMs: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Told of each new C2C message: a buyer writing to a store gets the store's replies. */
  onMessage(from: string, to: string, message: BuyerMessage): void {
    const storeId = storeIdOfChatUser(to);
    if (storeId === undefined || storeIdOfChatUser(from) !== undefined) return;
    // Not awaited by the sender's ack: the replies arrive as pushes right after it.
    const work: Promise<void> = this.answer(storeId, from, message)
      .catch((err: unknown) => {
        if (err instanceof AppError) this.log.warn({ storeId, err: err.id }, 'shop reply skipped');
        else this.log.error({ err, storeId }, 'shop reply failed');
      })
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }

  /** Resolves once the replies under way are sent (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private async answer(storeId: number, buyer: string, message: BuyerMessage): Promise<void> {
    const now = this.now();
    const contact = await this.ports.recordBuyerMessage(storeId, buyer, message, now);
    let texts: { welcome: string; away: string } | undefined;
    if (contact.greeted) {
      texts = await this.filledTexts(storeId);
      await this.ports.sendText(shopChatUserID(storeId), buyer, texts.welcome);
    }
    const since = now - this.awayMs;
    // The presence check asks every node: only when an away reply is due at all.
    if (contact.awayMs > since) return;
    if (await this.ports.online(operatorsOf(storeId))) return;
    if ((await this.repo.claimAway(storeId, buyer, since, now)) === undefined) return;
    texts ??= await this.filledTexts(storeId);
    await this.ports.sendText(shopChatUserID(storeId), buyer, texts.away);
  }

  private async filledTexts(storeId: number) {
    const [name, row] = await Promise.all([
      this.ports.storeName(storeId),
      this.repo.texts(storeId),
    ]);
    return {
      welcome: fillShopName(row?.welcome_text ?? SHOP_REPLY_DEFAULTS.welcome, name),
      away: fillShopName(row?.away_text ?? SHOP_REPLY_DEFAULTS.away, name),
    };
  }

  /** The operator's view: the templates in force, whether each is the default, the interval. */
  async settings(storeId: number): Promise<ShopReplySettings> {
    const [storeName, row] = await Promise.all([
      this.ports.storeName(storeId),
      this.repo.texts(storeId),
    ]);
    return {
      storeId,
      storeName,
      welcomeText: row?.welcome_text ?? SHOP_REPLY_DEFAULTS.welcome,
      awayText: row?.away_text ?? SHOP_REPLY_DEFAULTS.away,
      welcomeIsDefault: (row?.welcome_text ?? null) === null,
      awayIsDefault: (row?.away_text ?? null) === null,
      awayIntervalSeconds: Math.round(this.awayMs / 1000),
    };
  }

  /** Sets either text or both; a blank one goes back to the default. Audited. */
  async update(actor: ConsoleActor, body: ShopReplyBody): Promise<ShopReplySettings> {
    if (body.welcomeText === undefined && body.awayText === undefined)
      throw new AppError('SHOP_REPLY_EMPTY');
    await this.ports.storeName(body.storeId);
    const own = (text: string) => text.trim() || null;
    const set = {
      ...(body.welcomeText === undefined ? {} : { welcome_text: own(body.welcomeText) }),
      ...(body.awayText === undefined ? {} : { away_text: own(body.awayText) }),
    };
    await this.repo.transaction(async (trx: Db) => {
      const before = await this.repo.texts(body.storeId, narrowDb(trx));
      await this.repo.setTexts(body.storeId, set, Date.now(), narrowDb(trx));
      const was = {
        welcomeText: before?.welcome_text ?? null,
        awayText: before?.away_text ?? null,
      };
      await this.ports.audit.record(trx, actor, {
        resource: 'chatReply',
        resourceId: body.storeId,
        action: 'update',
        storeId: body.storeId,
        before: was,
        after: {
          welcomeText: set.welcome_text === undefined ? was.welcomeText : set.welcome_text,
          awayText: set.away_text === undefined ? was.awayText : set.away_text,
        },
      });
    });
    return this.settings(body.storeId);
  }
}
