import { deskPreview, storeIdOfChatUser } from '@chaopin/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { c2cKey } from '../keys.ts';
import type { DeskRepo } from './desk.repo.ts';

/** The part of a stored C2C message the desk's state follows. */
export interface DeskMessage {
  type: string;
  payload: Record<string, unknown>;
  timeMs: number;
}

/**
 * Keeps the desk's conversations in step with the chat, off the sender's path: a buyer's message
 * to a store puts the conversation in the queue unless an agent has it (one upsert); an agent's
 * answer (a store message from a live session, not the auto replies) marks the buyer answered and
 * leaves the assignment as it is (one update). Other messages cost nothing.
 */
export class DeskFlow {
  /** The clock (tests move it). */
  now: () => number = Date.now;
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly repo: DeskRepo,
    private readonly log: FastifyBaseLogger,
  ) {}

  onMessage(from: string, to: string, m: DeskMessage, automatic: boolean): void {
    const toStore = storeIdOfChatUser(to);
    const fromStore = storeIdOfChatUser(from);
    if (toStore !== undefined && fromStore === undefined) {
      this.track(
        this.repo.buyerWrote(
          {
            storeId: toStore,
            buyerId: from,
            convKey: c2cKey(from, to),
            t: m.timeMs,
            type: m.type,
            text: deskPreview(m.type, m.payload),
          },
          this.now(),
        ),
        toStore,
      );
    } else if (fromStore !== undefined && toStore === undefined && !automatic) {
      this.track(this.repo.storeReplied(fromStore, to, m.timeMs, this.now()), fromStore);
    }
  }

  /** Resolves once the updates under way are written (shutdown, tests). */
  async idle(): Promise<void> {
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private track(write: Promise<void>, storeId: number) {
    const work: Promise<void> = write
      .catch((err: unknown) => this.log.error({ err, storeId }, 'desk state update failed'))
      .finally(() => this.inFlight.delete(work));
    this.inFlight.add(work);
  }
}
