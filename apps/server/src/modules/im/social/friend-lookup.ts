import { USER_BY_PHONE_PER_HOUR } from '@chaopin/contracts';
import { AppError } from '../../../platform/errors.ts';
import type { RateLimitStore } from '../../../platform/rate-limit.ts';
import type { SocialService } from './social.service.ts';

/** What the lookup needs from the app's accounts. */
export interface AccountsByPhone {
  byPhone(phone: string): Promise<{ id: number; nickname: string; avatar: string } | undefined>;
}

const HOUR_MS = 3_600_000;

/**
 * Finding someone to add as a friend by their phone number. Limited per asker
 * (USER_BY_PHONE_PER_HOUR), so that the lookup cannot be used to walk the phone book and learn
 * who has an account.
 */
export class FriendLookup {
  constructor(
    private readonly accounts: AccountsByPhone,
    private readonly social: SocialService,
    private readonly limits: RateLimitStore,
  ) {}

  async byPhone(askerId: number, phone: string) {
    const { count } = await this.limits.hit(`im:phone:${askerId}`, HOUR_MS);
    if (count > USER_BY_PHONE_PER_HOUR) throw new AppError('IM_LOOKUP_TOO_FREQUENT');
    const found = await this.accounts.byPhone(phone);
    if (!found) throw new AppError('IM_PHONE_NOT_FOUND');
    const userID = String(found.id);
    // Their chat profile exists from now on, so the friend request has someone to reach.
    await this.social.ensure(userID, found.nickname, found.avatar);
    return { userID, nick: found.nickname, avatar: found.avatar };
  }
}
