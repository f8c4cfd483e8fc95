import { deskPreview, shopChatUserID, storeIdOfChatUser } from '@chaopin/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { GroupCommit } from '../../../platform/group-commit.ts';
import { c2cKey } from '../keys.ts';
import type { BuyerContact, BuyerMessageItem, BuyerMessageRepo } from './buyer-message.repo.ts';
import type { DeskRepo } from './desk.repo.ts';

/** The part of a stored C2C message the desk's state follows. */
export interface DeskMessage {
  type: string;
  payload: Record<string, unknown>;
  timeMs: number;
}

/**
 * Keeps the desk's conversations in step with the chat, off the sender's path. A buyer's message
 * to a store puts the conversation in the queue unless an agent has it: `buyerWrote`, which the
 * auto replies (shop/shop-reply.service.ts) call per buyer message and which also claims the
 * greeting; one statement per batch of them. An agent's answer (a store message from a live session, not the auto replies)
 * marks the buyer answered and leaves the assignment as it is (`onMessage`: one update). Other
 * messages cost nothing.
 */
export class DeskFlow {
  /** The clock (tests move it). */
  now: () => number = Date.now;
  private readonly inFlight = new Set<Promise<void>>();
  private readonly buyers: GroupCommit<BuyerMessageItem, BuyerContact>;
  private seq = 0;

  constructor(
    private readonly repo: DeskRepo,
    buyerMessages: BuyerMessageRepo,
    private readonly log: FastifyBaseLogger,
    /** Batches in flight at once: a pool can run several; PGlite's one connection runs one. */
    maxInFlight = 1,
  ) {
    this.buyers = new GroupCommit((items) => buyerMessages.record(items), {
      keyOf: () => String(++this.seq),
      // A conversation's messages never race in two batches at once.
      laneOf: (m) => `${m.storeId}\u0000${m.buyerId}`,
      maxInFlight,
      maxBatch: 256,
    });
  }

  /**
   * A buyer's message to a store: the desk's state and the greeting claim, group-committed (one
   * statement for the buyer messages waiting on the database; see BuyerMessageRepo).
   */
  buyerWrote(storeId: number, buyer: string, m: DeskMessage, now: number): Promise<BuyerContact> {
    return this.buyers.submit({
      storeId,
      buyerId: buyer,
      convKey: c2cKey(buyer, shopChatUserID(storeId)),
      t: m.timeMs,
      type: m.type,
      text: deskPreview(m.type, m.payload),
      now,
    });
  }

  /** Told of each new C2C message: a store's answer to a buyer (not an auto reply) counts. */
  onMessage(from: string, to: string, m: DeskMessage, automatic: boolean): void {
    const fromStore = storeIdOfChatUser(from);
    if (fromStore === undefined || automatic || storeIdOfChatUser(to) !== undefined) return;
    this.track(this.repo.storeReplied(fromStore, to, m.timeMs, this.now()), fromStore);
  }

  /** Resolves once the updates under way are written (shutdown, tests). */
  async idle(): Promise<void> {
    await this.buyers.idle();
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track(write: Promise<void>, storeId: number) {
    const work: Promise<void> = write
      .catch((err: unknown) => this.log.error({ err, storeId }, 'desk state update failed'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }
}
