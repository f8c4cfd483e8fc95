import {
  type PayoutAccountBody,
  type PayoutAccountData,
  WITHDRAW_STATE_TEXT,
  type WithdrawApplyBody,
  type Withdrawal,
  type WithdrawalPage,
  type WithdrawInfoData,
  type WithdrawListQuery,
} from '@chaopin/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../../database.ts';
import { dayAndMonthStart } from '../../../platform/china-time.ts';
import { narrowDb } from '../../../platform/db.ts';
import { AppError } from '../../../platform/errors.ts';
import type { Ledger } from '../../ledger/index.ts';
import { maskName } from '../../user/index.ts';
import type { WithdrawalTable } from '../promotion.tables.ts';
import type { PromoUserRepo } from '../team/promo-user.repo.ts';
import type { PayoutGateway, PayoutNotify } from './payout-gateway.ts';
import type { WithdrawalRepo } from './withdrawal.repo.ts';

export interface WithdrawRules {
  min: number;
  feeBp: number;
  dailyLimit: number;
}

/** What the user module answers about a user (passed in at wiring). */
export interface WithdrawUserPorts {
  realNameMatches(userId: number, name: string): Promise<'unverified' | 'match' | 'mismatch'>;
  verifyPayPassword(userId: number, password: string): Promise<void>;
}

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export function toWithdrawal(w: Selectable<WithdrawalTable>): Withdrawal {
  return {
    withdrawNo: w.withdraw_no,
    amount: w.amount,
    fee: w.fee,
    net: w.net,
    account: w.account,
    state: w.state,
    stateText: WITHDRAW_STATE_TEXT[w.state],
    rejectReason: w.reject_reason,
    createdAt: w.created_at.toISOString(),
    finishedAt: w.finished_at ? w.finished_at.toISOString() : null,
  };
}

/**
 * Withdrawal of commission to a payment-app account: the amount leaves the commission account
 * for `clearing:withdraw` when applied for (held at once), and from there either goes out
 * through the payout channel (its signed notify settles it) or comes back when the operator
 * rejects it or the channel fails. Each step is a state-guarded move plus a ledger transaction
 * keyed by the withdrawal number, so retries and duplicate notifies change nothing.
 */
export class WithdrawalService {
  constructor(
    private readonly db: Db,
    private readonly repo: WithdrawalRepo,
    private readonly promoUsers: PromoUserRepo,
    private readonly ledger: Ledger,
    private readonly gateway: PayoutGateway,
    private readonly users: WithdrawUserPorts,
    private readonly rules: WithdrawRules,
  ) {}

  async account(userId: number): Promise<PayoutAccountData> {
    const [row, verified] = await Promise.all([
      this.repo.account(userId),
      // Any name: only whether a verification exists matters here.
      this.users.realNameMatches(userId, ''),
    ]);
    return {
      account: row?.account ?? null,
      realName: row?.real_name_masked ?? null,
      boundAt: row ? row.bound_at.toISOString() : null,
      realNameVerified: verified !== 'unverified',
    };
  }

  /** Binds (or changes) the account; its holder's name must be the verified real name. */
  async bindAccount(userId: number, body: PayoutAccountBody): Promise<PayoutAccountData> {
    const name = body.realName.trim();
    const match = await this.users.realNameMatches(userId, name);
    if (match === 'unverified') throw new AppError('REAL_NAME_REQUIRED');
    if (match === 'mismatch') throw new AppError('PAYOUT_NAME_MISMATCH');
    await this.repo.saveAccount(userId, body.account.trim(), maskName(name));
    return this.account(userId);
  }

  async info(userId: number): Promise<WithdrawInfoData> {
    const [balance, account, promo, today] = await Promise.all([
      this.ledger.commissionOf(userId),
      this.account(userId),
      this.promoUsers.byUser(userId),
      this.repo.countSince(narrowDb(this.db), userId, dayAndMonthStart().today),
    ]);
    return {
      withdrawable: Math.max(0, balance),
      debt: Math.max(0, -balance),
      min: this.rules.min,
      feeBp: this.rules.feeBp,
      dailyLimit: this.rules.dailyLimit,
      todayCount: today,
      account,
      isPromoter: Boolean(promo?.identity),
    };
  }

  async apply(userId: number, body: WithdrawApplyBody): Promise<Withdrawal> {
    const earlier = await this.repo.byKey(narrowDb(this.db), userId, body.clientKey);
    if (earlier) return toWithdrawal(earlier);
    const promo = await this.promoUsers.byUser(userId);
    if (!promo?.identity) throw new AppError('PROMOTER_ONLY');
    const account = await this.repo.account(userId);
    if (!account) throw new AppError('PAYOUT_ACCOUNT_REQUIRED');
    if (body.amount < this.rules.min)
      throw new AppError('WITHDRAW_MIN', { min: yuan(this.rules.min) });
    const fee = Math.floor((body.amount * this.rules.feeBp) / 10_000);
    if (body.amount - fee <= 0) throw new AppError('WITHDRAW_AMOUNT_INVALID');
    await this.users.verifyPayPassword(userId, body.password);
    return this.db.transaction().execute(async (trx) => {
      // One application of a user at a time: the daily count and the balance are then exact.
      await this.promoUsers.lock(narrowDb(trx), userId);
      const again = await this.repo.byKey(narrowDb(trx), userId, body.clientKey);
      if (again) return toWithdrawal(again);
      const today = await this.repo.countSince(narrowDb(trx), userId, dayAndMonthStart().today);
      if (today >= this.rules.dailyLimit) {
        throw new AppError('WITHDRAW_DAILY_LIMIT', { limit: String(this.rules.dailyLimit) });
      }
      const balance = await this.ledger.commissionOf(userId, trx);
      if (balance < 0) throw new AppError('WITHDRAW_DEBT', { debt: yuan(-balance) });
      if (body.amount > balance) throw new AppError('WITHDRAW_NOT_ENOUGH');
      const w = await this.repo.insert(narrowDb(trx), {
        user_id: userId,
        client_key: body.clientKey,
        amount: body.amount,
        fee,
        net: body.amount - fee,
        account: account.account,
      });
      await this.ledger.post(trx, {
        kind: 'withdraw_hold',
        ref: w.withdraw_no,
        memo: '佣金提现申请',
        entries: [
          { accountId: await this.ledger.commission(trx, userId), amount: -w.amount },
          { accountId: await this.ledger.clearing(trx, 'withdraw'), amount: w.amount },
        ],
      });
      return toWithdrawal(w);
    });
  }

  async list(userId: number | null, q: WithdrawListQuery): Promise<WithdrawalPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.page(
      userId,
      q.state ?? 'all',
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return { list: rows.map(toWithdrawal), total, pageNum, pageSize };
  }

  async detail(userId: number, withdrawNo: string): Promise<Withdrawal> {
    const w = await this.repo.byNo(withdrawNo);
    if (!w || w.user_id !== userId) throw new AppError('WITHDRAW_NOT_FOUND');
    return toWithdrawal(w);
  }

  withdrawn(userId: number) {
    return this.repo.withdrawn(userId);
  }

  /** The hold goes back to the commission account (a rejection or a failed payout). */
  private async giveBack(trx: Db, w: Selectable<WithdrawalTable>) {
    await this.ledger.post(trx, {
      kind: 'withdraw_return',
      ref: w.withdraw_no,
      memo: '提现退回',
      entries: [
        { accountId: await this.ledger.clearing(trx, 'withdraw'), amount: -w.amount },
        { accountId: await this.ledger.commission(trx, w.user_id), amount: w.amount },
      ],
    });
  }

  /** Operator: approves a pending application and asks the channel to pay its net amount. */
  async approve(withdrawNo: string): Promise<Withdrawal> {
    const w = await this.db.transaction().execute(async (trx) => {
      const found = await this.repo.lockByNo(narrowDb(trx), withdrawNo);
      if (!found) throw new AppError('WITHDRAW_NOT_FOUND');
      const moved = await this.repo.move(narrowDb(trx), found.id, ['pending'], 'paying', {
        decided: true,
      });
      if (!moved) throw new AppError('WITHDRAW_STATE');
      return moved;
    });
    await this.askPayout(w);
    return toWithdrawal(w);
  }

  private async askPayout(w: { withdraw_no: string; net: number; account: string }) {
    await this.gateway.payout({ withdrawNo: w.withdraw_no, amount: w.net, account: w.account });
  }

  async reject(withdrawNo: string, reason: string): Promise<Withdrawal> {
    const text = reason.trim();
    if (!text) throw new AppError('WITHDRAW_REJECT_REASON');
    return this.db.transaction().execute(async (trx) => {
      const found = await this.repo.lockByNo(narrowDb(trx), withdrawNo);
      if (!found) throw new AppError('WITHDRAW_NOT_FOUND');
      const moved = await this.repo.move(narrowDb(trx), found.id, ['pending'], 'rejected', {
        reject_reason: text,
        decided: true,
        finished: true,
      });
      if (!moved) throw new AppError('WITHDRAW_STATE');
      await this.giveBack(trx, moved);
      return toWithdrawal(moved);
    });
  }

  /** The channel's signed result: settles a paying withdrawal once; anything else is ignored. */
  async notify(n: PayoutNotify): Promise<'succeeded' | 'failed' | 'ignored'> {
    if (!this.gateway.verify(n)) throw new AppError('PAY_SIGNATURE_INVALID');
    const w = await this.repo.byNo(n.withdrawNo);
    if (!w) throw new AppError('WITHDRAW_NOT_FOUND');
    if (n.amount !== w.net) throw new AppError('PAY_AMOUNT_MISMATCH');
    return this.db.transaction().execute(async (trx) => {
      const to = n.result === 'succeeded' ? 'succeeded' : 'failed';
      const moved = await this.repo.move(narrowDb(trx), w.id, ['paying'], to, { finished: true });
      if (!moved) return 'ignored';
      if (to === 'failed') {
        await this.giveBack(trx, moved);
        return 'failed';
      }
      await this.ledger.post(trx, {
        kind: 'withdraw_paid',
        ref: moved.withdraw_no,
        memo: '佣金提现到账',
        entries: [
          { accountId: await this.ledger.clearing(trx, 'withdraw'), amount: -moved.amount },
          {
            accountId: await this.ledger.gateway(trx, `payout_${this.gateway.channel}`),
            amount: moved.net,
          },
          { accountId: await this.ledger.revenue(trx, 'withdraw_fee'), amount: moved.fee },
        ],
      });
      return 'succeeded';
    });
  }

  /** Payouts approved a while ago with no answer are asked for again (the channel pays once). */
  async retryUnanswered(olderThanMs = 60_000): Promise<number> {
    const rows = await this.repo.unanswered(new Date(Date.now() - olderThanMs), 50);
    for (const w of rows) await this.askPayout(w);
    return rows.length;
  }
}
