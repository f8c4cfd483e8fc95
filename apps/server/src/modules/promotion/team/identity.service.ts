import { createHash } from 'node:crypto';
import {
  type HelpRedData,
  type IdentityData,
  type InviteData,
  type InviterCardData,
  TIER_TEXT,
  type Tier,
} from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../../database.ts';
import type { AssetLoader } from '../../../platform/asset-loader.ts';
import { type BlobStore, urlForKey } from '../../../platform/blob-store.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { maskNickname } from '../../order/index.ts';
import type { PromoUserTable } from '../promotion.tables.ts';
import { renderInvitePoster } from './invite-poster.ts';
import type { PromoUserRepo } from './promo-user.repo.ts';

type PromoRow = Selectable<PromoUserTable>;

export interface IdentityRules {
  bindWindowHours: number;
  bailEnabled: boolean;
  bailAmount: number;
  inviteeGift: number;
  inviterReward: number;
}

/** What other modules do for identities (wired in index.ts). */
export interface IdentityPorts {
  verifyPayPassword(userId: number, password: string): Promise<void>;
  /** A fixed-amount red packet, written in the caller's transaction. */
  giveRedPacket(trx: Db, userId: number, title: string, amount: number): Promise<void>;
  /** A new binding, in its transaction (the inviter's points task). */
  invited(trx: Db, inviterId: number, inviteeId: number): Promise<void>;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

/** Helpers a shared invitation's landing shows: enough for a row of avatars. */
const INVITER_CARD_HELPERS = 8;

export function tierOf(row: Pick<PromoRow, 'identity' | 'member_until'>, now = Date.now()): Tier {
  if (row.identity) return row.identity;
  return row.member_until && row.member_until.getTime() > now ? 'member' : 'user';
}

/**
 * Who a user is in the programme: the tier, the invite code, the one binding to an inviter
 * (first binding wins, never to oneself or into a loop), the promoter identity (598 upgrade,
 * deposit or operator) and the invitation rewards.
 */
export class IdentityService {
  constructor(
    private readonly db: Db,
    private readonly repo: PromoUserRepo,
    private readonly ledger: Ledger,
    private readonly blobs: BlobStore,
    private readonly loadAsset: AssetLoader,
    private readonly ports: IdentityPorts,
    private readonly rules: IdentityRules,
  ) {}

  ensure(userId: number, db?: Db) {
    return this.repo.ensure(userId, db && narrowDb(db));
  }

  async identity(userId: number): Promise<IdentityData> {
    const row = await this.repo.ensure(userId);
    const [parent] = row.parent_id ? await this.repo.people([row.parent_id]) : [];
    const tier = tierOf(row);
    const member = Boolean(row.member_until && row.member_until.getTime() > Date.now());
    return {
      tier,
      tierText: TIER_TEXT[tier],
      memberUntil: row.member_until ? row.member_until.toISOString() : null,
      isMember: member,
      isPromoter: Boolean(row.identity),
      promoterSource: row.identity_source,
      inviteCode: row.invite_code,
      parent: parent ? { nickname: parent.nickname, avatar: parent.avatar } : null,
      boundAt: row.bound_at ? row.bound_at.toISOString() : null,
      canBind: !row.parent_id && (await this.windowOpen(userId)),
    };
  }

  private async windowOpen(userId: number, db: Db = this.db): Promise<boolean> {
    if (this.rules.bindWindowHours <= 0) return false;
    const at = await this.repo.registeredAt(userId, narrowDb(db));
    return Boolean(at && at.getTime() + this.rules.bindWindowHours * 3_600_000 > Date.now());
  }

  /**
   * Binds the user to the owner of the invite code: at registration, or later within the
   * window. Bindings take one lock between them, so two users binding to each other at once
   * cannot make a loop. The invitee's gift is given once, with the binding.
   */
  async bind(userId: number, inviteCode: string, atRegistration: boolean): Promise<IdentityData> {
    const parent = await this.repo.byCode(inviteCode);
    if (!parent) throw new AppError('INVITE_CODE_NOT_FOUND');
    if (parent.user_id === userId) throw new AppError('BIND_SELF');
    await this.repo.ensure(userId);
    await this.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(hashtext('promo_bind'))`.execute(trx);
      const me = await this.repo.lock(narrowDb(trx), userId);
      if (me.parent_id) throw new AppError('BIND_DONE');
      if (!atRegistration && !(await this.windowOpen(userId, trx))) {
        throw new AppError('BIND_CLOSED');
      }
      if (await this.repo.isAncestorOrSelf(narrowDb(trx), userId, parent.user_id)) {
        throw new AppError('BIND_LOOP');
      }
      const up = await this.repo.lock(narrowDb(trx), parent.user_id);
      if (!(await this.repo.bind(narrowDb(trx), userId, parent.user_id, up.parent_id))) {
        throw new AppError('BIND_DONE');
      }
      if (
        await this.repo.reward(
          narrowDb(trx),
          userId,
          'invitee',
          parent.user_id,
          this.rules.inviteeGift,
        )
      ) {
        await this.ports.giveRedPacket(trx, userId, '新人邀请红包', this.rules.inviteeGift);
      }
      await this.ports.invited(trx, parent.user_id, userId);
    });
    return this.identity(userId);
  }

  /** The inviter's reward when the invitee's first order is received (once per invitee). */
  async onReceived(trx: Db, inviteeId: number): Promise<void> {
    const me = await this.repo.byUser(inviteeId, narrowDb(trx));
    if (!me?.parent_id || this.rules.inviterReward <= 0) return;
    if (
      await this.repo.reward(
        narrowDb(trx),
        inviteeId,
        'inviter',
        me.parent_id,
        this.rules.inviterReward,
      )
    ) {
      await this.ports.giveRedPacket(trx, me.parent_id, '邀请好友奖励', this.rules.inviterReward);
    }
  }

  /** userHelpRed: the friends who helped (bound to my invitation) and the red packets they earned me. */
  async helpRed(userId: number, size = 20): Promise<HelpRedData> {
    const me = await this.repo.ensure(userId);
    const [rows, rewards] = await Promise.all([
      this.repo.helpers(userId, size),
      this.repo.helperRewards(userId),
    ]);
    return {
      rewardPerFriend: this.rules.inviterReward,
      inviteeGift: this.rules.inviteeGift,
      helperCount: me.direct_count,
      rewardedCount: rewards.n,
      earned: rewards.sum,
      helpers: rows.map((r) => ({
        nickname: r.nickname,
        avatar: r.avatar,
        helpedAt: (r.bound_at ?? new Date(0)).toISOString(),
        reward: r.amount,
      })),
    };
  }

  /** The shared invitation's landing: who invites, and the friends who helped (names masked). */
  async inviterCard(code: string): Promise<InviterCardData> {
    const row = await this.repo.byCode(code);
    if (!row) throw new AppError('INVITE_CODE_NOT_FOUND');
    const [[me], helpers] = await Promise.all([
      this.repo.people([row.user_id]),
      this.repo.helpers(row.user_id, INVITER_CARD_HELPERS),
    ]);
    return {
      nickname: me?.nickname ?? '',
      avatar: me?.avatar ?? '',
      helperCount: row.direct_count,
      inviteeGift: this.rules.inviteeGift,
      helpers: helpers.map((h) => ({
        nickname: maskNickname(h.nickname),
        avatar: h.avatar,
        helpedAt: (h.bound_at ?? new Date(0)).toISOString(),
      })),
    };
  }

  /** inviteFriend / userQR: the code, the registration link and a poster drawn once per look. */
  async invite(userId: number, origin: string): Promise<InviteData> {
    const row = await this.repo.ensure(userId);
    const [me] = await this.repo.people([userId]);
    const link = `${origin}/#/pages/login/login?invite=${row.invite_code}`;
    const gift =
      this.rules.inviteeGift > 0
        ? `注册即得 ${yuan(this.rules.inviteeGift)} 红包`
        : '注册即可绑定好友关系';
    const look = [me?.nickname, me?.avatar, link, gift].join('\n');
    const key = `invite/${row.invite_code.toLowerCase()}-${createHash('sha256').update(look).digest('hex').slice(0, 16)}.png`;
    if (!(await this.blobs.open(key))) {
      const png = await renderInvitePoster({
        avatar: me?.avatar ? await this.loadAsset(me.avatar) : undefined,
        nickname: me?.nickname ?? '',
        inviteCode: row.invite_code,
        link,
        gift,
      });
      await this.blobs.put(key, png, 'image/png');
    }
    return {
      inviteCode: row.invite_code,
      link,
      posterUrl: urlForKey(key),
      inviteeGift: this.rules.inviteeGift,
      inviterReward: this.rules.inviterReward,
      invitedCount: row.direct_count,
    };
  }

  /**
   * The 598 upgrade: paying for an upgrade package makes the buyer a promoter. Idempotent (a
   * granted identity is kept), and it runs in the payment's transaction, so a duplicate payment
   * notify — refused by the payment's state guard — never reaches it twice.
   */
  async onPackagePaid(trx: Db, userId: number, productIds: readonly number[]): Promise<boolean> {
    if (!(await this.repo.packagesAmong(narrowDb(trx), productIds))) return false;
    await this.repo.ensure(userId, narrowDb(trx));
    return this.repo.setIdentity(narrowDb(trx), userId, 'promoter', 'upgrade', true);
  }

  /** The deposit (bail) variant: the deposit is held by the platform, not spent. */
  async payBail(userId: number, password: string): Promise<IdentityData> {
    if (!this.rules.bailEnabled) throw new AppError('BAIL_DISABLED');
    const row = await this.repo.ensure(userId);
    if (row.identity) throw new AppError('UPGRADE_DONE');
    await this.ports.verifyPayPassword(userId, password);
    await this.db.transaction().execute(async (trx) => {
      const me = await this.repo.lock(narrowDb(trx), userId);
      if (me.identity) throw new AppError('UPGRADE_DONE');
      await this.ledger.post(trx, {
        kind: 'upgrade_bail',
        ref: String(userId),
        memo: '推广员保证金',
        entries: [
          { accountId: await this.ledger.wallet(trx, userId), amount: -this.rules.bailAmount },
          {
            accountId: await this.ledger.clearing(trx, 'upgrade_bail'),
            amount: this.rules.bailAmount,
          },
        ],
      });
      await this.repo.setIdentity(narrowDb(trx), userId, 'promoter', 'bail', true);
    });
    return this.identity(userId);
  }

  /** Operator: grants 推广员 / 店主, or takes an operator's grant back (user). */
  async setByOperator(userId: number, tier: 'user' | 'promoter' | 'owner'): Promise<IdentityData> {
    if (!(await this.repo.registeredAt(userId))) throw new AppError('USER_NOT_FOUND');
    await this.repo.ensure(userId);
    await this.repo.setIdentity(
      narrowDb(this.db),
      userId,
      tier === 'user' ? null : tier,
      tier === 'user' ? null : 'operator',
      false,
    );
    return this.identity(userId);
  }
}
