import { AppError } from '../../../platform/errors.ts';
import type { SocialService } from '../social/social.service.ts';

/**
 * The REST force logout. An operator account (one registered with a password) may log anyone out;
 * any other caller only themselves — a chat user's sig works as a bearer, and must not be able to
 * log everyone else out.
 */
export class ForceLogout {
  constructor(
    private readonly social: SocialService,
    private readonly sessions: { forceLogout(userID: string): Promise<void> },
  ) {}

  async kick(callerID: string, target: string): Promise<void> {
    if (callerID !== target && !(await this.social.passwordHash(callerID)))
      throw new AppError('IM_REST_KICK_FORBIDDEN');
    if (!(await this.social.exists(target))) throw new AppError('IM_USER_NOT_FOUND');
    await this.sessions.forceLogout(target);
  }
}
