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

/** Runs inside the producer's transaction, so a reaction commits or rolls back with the change. */
export type DomainEventHandler<Tables> = (trx: Kysely<Tables>, event: DomainEvent) => Promise<void>;

/**
 * In-process, transactional event hooks. Handlers are registered at boot; `emit` is awaited in the
 * transaction that made the change, so "order paid" and "message written" are one commit: nothing
 * is lost on a crash and nothing is written twice by a retry that the state guard already refused.
 */
export class DomainEvents<Tables> {
  private readonly handlers: DomainEventHandler<Tables>[] = [];

  on(handler: DomainEventHandler<Tables>): void {
    this.handlers.push(handler);
  }

  async emit(trx: Kysely<Tables>, event: DomainEvent): Promise<void> {
    for (const handler of this.handlers) await handler(trx, event);
  }
}
