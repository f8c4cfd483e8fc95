import type { LoginData, WebTicketData } from '@chaopin/contracts';
import { newToken, sha256Hex } from '../../platform/crypto.ts';
import { AppError } from '../../platform/errors.ts';
import type { SessionService } from './session.service.ts';
import type { UserRepo } from './user.repo.ts';
import type { WebTicketRepo } from './web-ticket.repo.ts';

/** Long enough for a <web-view> to load and exchange it; short enough that a leaked URL is dead. */
export const WEB_TICKET_TTL_SECONDS = 60;

/**
 * The mini-program opens the web build's pages in a <web-view>, which shares no storage with it.
 * Rather than put the session token in the page's URL, it asks for a one-time ticket that the
 * page exchanges for a session of its own.
 */
export class WebTicketService {
  constructor(
    private readonly repo: WebTicketRepo,
    private readonly users: UserRepo,
    private readonly sessions: SessionService,
  ) {}

  async issue(userId: number): Promise<WebTicketData> {
    const ticket = newToken();
    const expiresAt = new Date(Date.now() + WEB_TICKET_TTL_SECONDS * 1000);
    await this.repo.create(sha256Hex(ticket), userId, expiresAt);
    return { ticket, expiresIn: WEB_TICKET_TTL_SECONDS };
  }

  async exchange(ticket: string, userAgent?: string): Promise<LoginData> {
    const userId = await this.repo.take(sha256Hex(ticket));
    if (userId === undefined) throw new AppError('WEB_TICKET_INVALID');
    const user = await this.users.findById(userId);
    if (!user) throw new AppError('WEB_TICKET_INVALID');
    if (user.status !== 1) throw new AppError('USER_DISABLED');
    return { token: await this.sessions.open(userId, userAgent), isNew: false };
  }
}
