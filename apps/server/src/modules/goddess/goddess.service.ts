import type {
  GoddessDeductionPage,
  GoddessFriendPage,
  GoddessHome,
  GoddessInviterQuery,
  GoddessJoinBody,
  GoddessMine,
  GoddessMyInviter,
  GoddessPageQuery,
  GoddessPerson,
  GoddessRules,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ledger } from '../ledger/index.ts';
import type { GoddessRepo, PersonRow } from './goddess.repo.ts';

/** The ledger kind of an invitation's 抵扣金 (its ref is the invitee: one reward per join). */
export const GODDESS_REWARD_KIND = 'goddess_reward';

export interface GoddessOptions {
  /** 抵扣金 (fen) per invited friend. */
  inviteReward: number;
  /** Rewarded invitations per inviter per China day. */
  dailyMax: number;
}

/** The promotion module's invite codes, which the gang reuses rather than minting its own. */
export interface InviteCodes {
  /** The user's code (made on first need). */
  codeOf(userId: number): Promise<string>;
  /** The owner of a code as typed, or null. */
  ownerOf(code: string): Promise<number | null>;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

const toPerson = (p: PersonRow): GoddessPerson => ({
  userId: p.id,
  nickname: p.nickname,
  avatar: p.avatar,
});

/**
 * The goddess gang (女神帮). Joining is one transaction: the member row (its primary key keeps a
 * second join out), and for a join through an inviter one of the inviter's rewards of the day
 * (a conditional upsert of the day's counter) with its 抵扣金 posted to the inviter's red-packet
 * balance under a key of the invitee, so it is posted once whatever the retries and nodes.
 */
export class GoddessService {
  constructor(
    private readonly db: Db,
    private readonly repo: GoddessRepo,
    private readonly ledger: Ledger,
    private readonly codes: InviteCodes,
    private readonly opts: GoddessOptions,
  ) {}

  rules(): GoddessRules {
    const { inviteReward, dailyMax } = this.opts;
    const lines = [
      '登录用户均可加入女神帮，每人只能加入一次；通过好友的邀请链接或邀请码加入，邀请人在加入时确定，不能邀请自己。',
    ];
    if (inviteReward > 0 && dailyMax > 0) {
      lines.push(
        `好友通过您的邀请加入女神帮，您可获得 ${yuan(inviteReward)} 抵扣金。`,
        `每天最多奖励 ${dailyMax} 位好友，超出后好友仍计入邀请人数，但不再发放抵扣金。`,
        '抵扣金直接计入您的红包余额，下单时按红包规则自动抵扣。',
      );
    } else {
      lines.push('当前邀请好友暂无抵扣金奖励。');
    }
    return { inviteReward, dailyMax, lines };
  }

  async home(userId: number, link: GoddessInviterQuery): Promise<GoddessHome> {
    const [me, memberCount] = await Promise.all([
      this.repo.member(userId),
      this.repo.memberCount(),
    ]);
    let inviter: GoddessPerson | null = null;
    let mine: GoddessMine | null = null;
    if (me) {
      const [stats, inviteCode, rewardedToday, person] = await Promise.all([
        this.repo.inviteStats(userId),
        this.codes.codeOf(userId),
        this.repo.rewardedOn(userId, chinaDay()),
        me.inviter_id ? this.repo.person(me.inviter_id) : undefined,
      ]);
      inviter = person ? toPerson(person) : null;
      mine = {
        joinedAt: me.joined_at.toISOString(),
        inviteCode,
        invitedCount: stats.invited,
        rewardedCount: stats.rewarded,
        earned: stats.earned,
        rewardedToday,
      };
    } else if (link.inviter !== undefined || link.inviteCode !== undefined) {
      // The page shows the link's inviter when they can invite; a bad link just shows none.
      try {
        const id = await this.inviterOf(userId, await this.linkedInviter(link));
        const person = id === null ? undefined : await this.repo.person(id);
        inviter = person ? toPerson(person) : null;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return { memberCount, userId, joined: Boolean(me), mine, inviter, rules: this.rules() };
  }

  /** The user id a link names (an id, or the owner of an invite code), unchecked; null for none. */
  private async linkedInviter(q: GoddessInviterQuery): Promise<number | null> {
    if (q.inviter !== undefined && q.inviteCode !== undefined) {
      throw new AppError('GODDESS_INVITER_INVALID');
    }
    if (q.inviteCode === undefined) return q.inviter ?? null;
    const owner = await this.codes.ownerOf(q.inviteCode);
    if (owner === null) throw new AppError('GODDESS_INVITER_NOT_FOUND');
    return owner;
  }

  /** The link's inviter, checked: someone else, and a member. Null for no inviter. */
  private async inviterOf(
    userId: number,
    inviterId: number | null,
    db: Db = this.db,
  ): Promise<number | null> {
    if (inviterId === null) return null;
    if (inviterId === userId) throw new AppError('GODDESS_INVITE_SELF');
    if (!(await this.repo.member(inviterId, narrowDb(db)))) {
      if (!(await this.repo.person(inviterId, narrowDb(db))))
        throw new AppError('GODDESS_INVITER_NOT_FOUND');
      throw new AppError('GODDESS_INVITER_NOT_MEMBER');
    }
    return inviterId;
  }

  async join(userId: number, body: GoddessJoinBody): Promise<GoddessHome> {
    if (await this.repo.member(userId)) throw new AppError('GODDESS_JOINED');
    // Read before the transaction: embedded mode has one connection, which the transaction holds.
    const linked = await this.linkedInviter(body);
    await this.db.transaction().execute(async (trx) => {
      const inviterId = await this.inviterOf(userId, linked, trx);
      if (!(await this.repo.insertMember(narrowDb(trx), userId, inviterId))) {
        throw new AppError('GODDESS_JOINED');
      }
      const amount = this.opts.inviteReward;
      if (inviterId === null || amount <= 0) return;
      const day = chinaDay();
      if (!(await this.repo.takeDailyReward(narrowDb(trx), inviterId, day, this.opts.dailyMax)))
        return;
      await this.repo.setReward(narrowDb(trx), userId, amount);
      await this.ledger.post(trx, {
        kind: GODDESS_REWARD_KIND,
        ref: String(userId),
        memo: '女神帮邀请好友抵扣金',
        entries: [
          { accountId: await this.ledger.revenue(trx, 'redpacket'), amount: -amount },
          { accountId: await this.ledger.redPacket(trx, inviterId), amount },
        ],
      });
    });
    return this.home(userId, {});
  }

  async myInviter(userId: number): Promise<GoddessMyInviter> {
    const me = await this.repo.member(userId);
    if (!me) return { joined: false, inviter: null, joinedAt: null };
    const person = me.inviter_id ? await this.repo.person(me.inviter_id) : undefined;
    return {
      joined: true,
      inviter: person ? toPerson(person) : null,
      joinedAt: me.joined_at.toISOString(),
    };
  }

  async friends(userId: number, q: GoddessPageQuery): Promise<GoddessFriendPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const me = await this.repo.member(userId);
    if (!me) return { list: [], total: 0, pageNum, pageSize, joined: false };
    const { rows, total } = await this.repo.friends(
      userId,
      false,
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: rows.map((r) => ({
        userId: r.user_id,
        nickname: r.nickname,
        avatar: r.avatar,
        joinedAt: r.joined_at.toISOString(),
        rewarded: r.reward > 0,
        reward: r.reward,
      })),
      total,
      pageNum,
      pageSize,
      joined: true,
    };
  }

  async deductions(userId: number, q: GoddessPageQuery): Promise<GoddessDeductionPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const me = await this.repo.member(userId);
    if (!me) return { list: [], total: 0, pageNum, pageSize, joined: false, earned: 0 };
    const [{ rows, total }, stats] = await Promise.all([
      this.repo.friends(userId, true, pageSize, (pageNum - 1) * pageSize),
      this.repo.inviteStats(userId),
    ]);
    return {
      list: rows.map((r) => ({
        friendId: r.user_id,
        friendNickname: r.nickname,
        friendAvatar: r.avatar,
        amount: r.reward,
        createdAt: r.joined_at.toISOString(),
      })),
      total,
      pageNum,
      pageSize,
      joined: true,
      earned: stats.earned,
    };
  }
}
