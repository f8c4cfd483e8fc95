import type { Kysely } from 'kysely';

/**
 * Things that happened to a user's order or money, for modules that react to them (messages,
 * later commissions). Each names its user so that a reaction never reads another module's tables.
 */
export type DomainEvent =
  /** `amount` is what the user paid (fen): 0 for a ¥0 prize shipped free, which earns no reward. */
  | { type: 'order.paid'; userId: number; orderNos: string[]; amount: number }
  /**
   * Unpaid orders of the user were cancelled (by the user, or the pay timeout: `reason` says
   * which), in the cancelling transaction; their stock, coupons and discounts are back already.
   */
  | {
      type: 'order.cancelled';
      userId: number;
      orderIds: number[];
      orderNos: string[];
      reason: string;
    }
  /** A paid order was refunded in full before it shipped, and so closed (cancelled). */
  | { type: 'order.closed'; userId: number; orderId: number; orderNo: string }
  | { type: 'order.shipped'; userId: number; orderNo: string; carrier: string; trackingNo: string }
  | { type: 'order.signed'; userId: number; orderNo: string }
  | { type: 'order.received'; userId: number; orderNo: string; auto: boolean }
  | { type: 'refund.approved'; userId: number; orderNo: string; refundNo: string; amount: number }
  | { type: 'refund.rejected'; userId: number; orderNo: string; refundNo: string; reason: string }
  | {
      type: 'refund.refunded';
      userId: number;
      orderNo: string;
      refundNo: string;
      amount: number;
      /** The part of `amount` that was the order's shipping fee (the rest is the line's goods). */
      shipping?: number;
      /** The refunded line (a refund is always of one line). */
      orderItemId: number;
      /**
       * Nothing the buyer paid for the order's goods survives this refund (every line paid back in
       * full): the per-order rewards of its payment are undone now (see modules/*\/order-rewards).
       */
      orderRefunded: boolean;
    }
  | { type: 'invoice.issued'; userId: number; orderNo: string; invoiceId: number }
  /** An unpaid order with flash-sale lines was cancelled: their units go back to the sale. */
  | {
      type: 'seckill.released';
      userId: number;
      orderId: number;
      lines: { itemId: number; quantity: number }[];
    }
  /** A subscriber's flash-sale item opens soon (written once per user and item). */
  | {
      type: 'seckill.reminder';
      userId: number;
      itemId: number;
      title: string;
      flashPrice: number;
      startAt: Date;
    }
  /** A review was written (photos: how many images it carries). */
  | { type: 'review.written'; userId: number; evaluationId: number; photos: number }
  /** A new user bound to this user's invitation (once per invitee). */
  | { type: 'user.invited'; userId: number; inviteeId: number }
  /** The user's points of a year expire at `expiresAt` (written once per user and year). */
  | { type: 'points.expiring'; userId: number; points: number; expiresAt: Date }
  /** A pharmacist wrote the prescription the user asked for (once per request). */
  | { type: 'medicine.prescribed'; userId: number; visitId: number; validUntil: Date }
  /** A pharmacist turned the user's request down (once per request). */
  | { type: 'medicine.rejected'; userId: number; visitId: number; reason: string }
  /** A request waits for the pharmacist whose app account is `userId` (once per request). */
  | { type: 'medicine.assigned'; userId: number; visitId: number; visitNo: string }
  /** A host the user follows, or a 预告 the user subscribed to, went live (once per room). */
  | { type: 'live.started'; userId: number; roomId: number; title: string; hostName: string };

export type DomainEventType = DomainEvent['type'];

/** The event of one type, with its own fields. */
export type DomainEventOf<T extends DomainEventType> = Extract<DomainEvent, { type: T }>;

/** Runs inside the producer's transaction, so a reaction commits or rolls back with the change. */
export type DomainEventHandler<Tables, T extends DomainEventType = DomainEventType> = (
  trx: Kysely<Tables>,
  event: DomainEventOf<T>,
) => Promise<void>;

/**
 * In-process, transactional event hooks. Handlers are registered at boot; `emit` is awaited in the
 * transaction that made the change, so "order paid" and "message written" are one commit: nothing
 * is lost on a crash and nothing is written twice by a retry that the state guard already refused.
 *
 * Each event type has ONE handler, which runs the reactions of every module in an order written
 * down in one place (modules/reactions.ts), instead of an order that falls out of which module
 * happened to register first.
 */
export class DomainEvents<Tables> {
  private readonly handlers = new Map<DomainEventType, DomainEventHandler<Tables>>();
  private readonly observers: DomainEventHandler<Tables>[] = [];

  handle<T extends DomainEventType>(type: T, handler: DomainEventHandler<Tables, T>): void {
    if (this.handlers.has(type)) {
      throw new Error(`${type} has a handler already: add the step to it, in its place`);
    }
    // The map holds every type's handler; emit only ever passes it an event of its own type, which
    // TypeScript cannot see through the map's one value type.
    this.handlers.set(type, handler as unknown as DomainEventHandler<Tables>);
  }

  /** Tests: sees every event after its handler ran (in the same transaction); must not write. */
  observe(observer: DomainEventHandler<Tables>): void {
    this.observers.push(observer);
  }

  async emit(trx: Kysely<Tables>, event: DomainEvent): Promise<void> {
    await this.handlers.get(event.type)?.(trx, event);
    for (const observer of this.observers) await observer(trx, event);
  }
}
