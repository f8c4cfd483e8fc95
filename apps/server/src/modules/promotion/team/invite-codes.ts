import type { Db } from '../../../database.ts';
import { narrowDb } from '../../../platform/db.ts';
import { PromoUserRepo } from './promo-user.repo.ts';

/** A user's invite code (made on first ask) and the owner of a code: one code per user, shared by every module that invites. */
export interface InviteCodes {
  codeOf(userId: number): Promise<string>;
  ownerOf(code: string): Promise<number | null>;
}

/** The promotion module's invite codes, for other modules (the goddess gang invites with the same code). */
export function inviteCodes(db: Db): InviteCodes {
  const promoUsers = new PromoUserRepo(narrowDb(db));
  return {
    codeOf: async (userId) => (await promoUsers.ensure(userId)).invite_code,
    ownerOf: async (code) => (await promoUsers.byCode(code))?.user_id ?? null,
  };
}
