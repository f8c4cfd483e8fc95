import type { UserDb } from './user.tables.ts';

/** SQL for the one-time sign-in tickets of the mini-program's <web-view> pages. */
export class WebTicketRepo {
  constructor(private readonly db: UserDb) {}

  /** Stores a ticket, and clears the expired ones (a few a minute at most). */
  async create(ticketHash: string, userId: number, expiresAt: Date): Promise<void> {
    await this.db.deleteFrom('user_web_ticket').where('expires_at', '<', new Date()).execute();
    await this.db
      .insertInto('user_web_ticket')
      .values({ ticket_hash: ticketHash, user_id: userId, expires_at: expiresAt })
      .execute();
  }

  /**
   * Uses a ticket up: one DELETE … RETURNING, so of two exchanges racing for it only one gets the
   * account. Undefined when it is unknown, used or expired.
   */
  async take(ticketHash: string): Promise<number | undefined> {
    const row = await this.db
      .deleteFrom('user_web_ticket')
      .where('ticket_hash', '=', ticketHash)
      .where('expires_at', '>', new Date())
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }
}
