import { type PromoCenterData, type TeamPage, type TeamQuery, TIER_TEXT } from '@chaopin/contracts';
import { dayAndMonthStart } from '../../../platform/china-time.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { maskPhone } from '../../user/index.ts';
import type { CommissionService } from '../commission/commission.service.ts';
import type { WithdrawalService } from '../withdrawal/withdrawal.service.ts';
import type { IdentityService } from './identity.service.ts';
import { tierOf } from './identity.service.ts';
import type { PromoUserRepo } from './promo-user.repo.ts';

/** 推广中心 and 我的团队: read models over the binding tree, commissions and the ledger. */
export class TeamService {
  constructor(
    private readonly repo: PromoUserRepo,
    private readonly identities: IdentityService,
    private readonly commissions: CommissionService,
    private readonly withdrawals: WithdrawalService,
    private readonly ledger: Ledger,
  ) {}

  async team(userId: number, q: TeamQuery): Promise<TeamPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const level = q.level === '2' ? 2 : 1;
    const keyword = (q.keyword ?? '').trim();
    const me = await this.repo.ensure(userId);
    const after = keyword ? undefined : parseCursor(q.cursor);
    const { rows, total } = await this.repo.team(userId, level, keyword, {
      limit: pageSize,
      offset: (pageNum - 1) * pageSize,
      after,
    });
    const contributions = new Map(
      (
        await this.commissions.contributions(
          userId,
          rows.map((r) => r.user_id),
        )
      ).map((c) => [c.buyer_id, c]),
    );
    return {
      list: rows.map((r) => {
        const tier = tierOf(r);
        const c = contributions.get(r.user_id);
        return {
          userId: r.user_id,
          nickname: r.nickname,
          avatar: r.avatar,
          phone: maskPhone(r.phone),
          tier,
          tierText: TIER_TEXT[tier],
          joinedAt: r.bound_at ? r.bound_at.toISOString() : '',
          orderCount: Number(c?.orders ?? 0),
          contribution: Number(c?.amount ?? 0),
        };
      }),
      total: total ?? (level === 1 ? me.direct_count : me.indirect_count),
      pageNum,
      pageSize,
      directCount: me.direct_count,
      indirectCount: me.indirect_count,
      nextCursor:
        !keyword && rows.length === pageSize
          ? `${rows.at(-1)?.cursor}_${rows.at(-1)?.user_id}`
          : '',
    };
  }

  async center(userId: number): Promise<PromoCenterData> {
    const { today, month } = dayAndMonthStart();
    const [identity, me, sums, balance, withdrawn] = await Promise.all([
      this.identities.identity(userId),
      this.repo.ensure(userId),
      this.commissions.summary(userId, today, month),
      this.ledger.commissionOf(userId),
      this.withdrawals.withdrawn(userId),
    ]);
    return {
      identity,
      today: Number(sums.today),
      month: Number(sums.month),
      total: Number(sums.total),
      pending: Number(sums.pending),
      frozen: Number(sums.frozen),
      settled: Number(sums.settled),
      balance,
      withdrawable: Math.max(0, balance),
      debt: Math.max(0, -balance),
      withdrawn,
      orderCount: Number(sums.orders),
      directCount: me.direct_count,
      indirectCount: me.indirect_count,
    };
  }
}

/** A `nextCursor` back into the keyset it came from (the schema checked its shape). */
function parseCursor(cursor: string | undefined) {
  if (!cursor) return undefined;
  const [micros = '', id = ''] = cursor.split('_');
  if (Number(id) > 2_147_483_647) throw new AppError('INVALID_PARAM');
  return { micros, id: Number(id) };
}
