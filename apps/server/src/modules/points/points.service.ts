import {
  POINTS_KIND_TEXT,
  type PointsBillPage,
  type PointsBillQuery,
  type PointsHomeData,
  type PointsShareData,
  type SignInData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { chinaDay, dayBefore, monthRange } from '../../platform/china-time.ts';
import { narrowDb } from '../../platform/db.ts';
import type { Ledger, LedgerReads } from '../ledger/index.ts';
import type { PointsRepo } from './points.repo.ts';

/** Bill rows whose memo is the order's number (the row links to it). */
const ORDER_MEMO_KINDS = new Set([
  'first_order',
  'first_order_refund',
  'points_release',
  'points_refund',
]);

export interface PointsRules {
  signIn: number;
  streak7Bonus: number;
  streak30Bonus: number;
  firstOrder: number;
  reviewPhoto: number;
  share: number;
  invite: number;
  perYuan: number;
  maxSharePercent: number;
  expiryYears: number;
  expiryNoticeDays: number;
}

/** Runs in a fresh sign-in's transaction: the user and the China day signed in. */
export type SignInHook = (trx: Db, userId: number, day: string) => Promise<void>;

/** What a sign-in on the `streak`th day in a row gives. */
export function signInPoints(streak: number, r: PointsRules): number {
  return r.signIn + (streak === 7 ? r.streak7Bonus : 0) + (streak === 30 ? r.streak30Bonus : 0);
}

/**
 * Points: earned by the daily sign-in (streak bonuses on day 7 and 30) and the first paid order
 * of a day; every movement is a ledger posting between `revenue:points` (the platform's points
 * budget) and the user's `points:<id>` account, keyed once per (kind, user and day).
 */
export class PointsService {
  constructor(
    private readonly db: Db,
    private readonly repo: PointsRepo,
    private readonly ledger: Ledger,
    private readonly ledgerReads: LedgerReads,
    readonly rules: PointsRules,
    /** Another module's reaction to a fresh sign-in, run in its transaction (集卡 gives a card). */
    private readonly signedIn: SignInHook,
  ) {}

  async home(userId: number, now = new Date()): Promise<PointsHomeData> {
    const today = chinaDay(now);
    const [balance, debt, month, yesterday, sharedToday] = await Promise.all([
      this.ledger.pointsOf(userId),
      this.ledger.pointsDebtOf(userId),
      this.repo.between(userId, `${today.slice(0, 8)}01`, today),
      this.repo.day(userId, dayBefore(today)),
      this.ledgerReads.posted('share', `${userId}:${today}`),
    ]);
    const signed = month.find((d) => d.day === today);
    const streak = signed ? signed.streak : (yesterday?.streak ?? 0);
    return {
      balance,
      debt,
      today,
      signedToday: Boolean(signed),
      streak,
      nextPoints: signInPoints(signed ? signed.streak + 1 : streak + 1, this.rules),
      month: month.map((d) => ({ day: d.day, points: d.points, streak: d.streak })),
      sharedToday,
      rules: this.rules,
    };
  }

  /** Today's sign-in, once: a second tap (or a second node) answers the first one. */
  async signIn(userId: number, now = new Date()): Promise<SignInData> {
    const today = chinaDay(now);
    const done = await this.db.transaction().execute(async (trx) => {
      const yesterday = await this.repo.day(userId, dayBefore(today), narrowDb(trx));
      const streak = (yesterday?.streak ?? 0) + 1;
      const points = signInPoints(streak, this.rules);
      if (
        !(await this.repo.insert(narrowDb(trx), { user_id: userId, day: today, streak, points }))
      ) {
        return null;
      }
      await this.ledger.post(trx, {
        kind: 'signin',
        ref: `${userId}:${today}`,
        memo: streak > 1 ? `连续签到第${streak}天` : '每日签到',
        entries: [
          { accountId: await this.ledger.revenue(trx, 'points'), amount: -points },
          { accountId: await this.ledger.points(trx, userId), amount: points },
        ],
      });
      await this.signedIn(trx, userId, today);
      return { points, streak };
    });
    const first = done ?? (await this.repo.day(userId, today));
    return {
      fresh: Boolean(done),
      points: first?.points ?? 0,
      streak: first?.streak ?? 0,
      balance: await this.ledger.pointsOf(userId),
    };
  }

  /** The share task (sharePage): its points once a China-time day, whatever the taps and nodes. */
  async share(userId: number, now = new Date()): Promise<PointsShareData> {
    const day = chinaDay(now);
    const fresh =
      this.rules.share > 0 &&
      (await this.db.transaction().execute((trx) =>
        this.credit(trx, userId, this.rules.share, {
          kind: 'share',
          ref: `${userId}:${day}`,
          memo: '分享得积分',
        }),
      ));
    return { fresh, points: this.rules.share, balance: await this.ledger.pointsOf(userId) };
  }

  /** review.written: a review with photos earns its points once (keyed by the review). */
  async onReview(trx: Db, userId: number, evaluationId: number, photos: number): Promise<void> {
    if (photos <= 0 || this.rules.reviewPhoto <= 0) return;
    await this.credit(trx, userId, this.rules.reviewPhoto, {
      kind: 'review_photo',
      ref: String(evaluationId),
      memo: '晒图评价',
    });
  }

  /** user.invited: each friend who binds to the user's invitation earns them points once. */
  async onInvited(trx: Db, inviterId: number, inviteeId: number): Promise<void> {
    if (this.rules.invite <= 0) return;
    await this.credit(trx, inviterId, this.rules.invite, {
      kind: 'invite',
      ref: String(inviteeId),
      memo: '邀请好友',
    });
  }

  /**
   * order.paid: the first paid order of a China-time day earns its points once, owned by the
   * payment's first order (its number is the posting's memo). Keyed `<user>:<day>`; once a refund
   * undid that bonus the day's next key is `<user>:<day>#1` (then #2…), so the next order paid
   * that day earns it again while two concurrent payments still collide on one key.
   */
  async onPaid(trx: Db, userId: number, orderNo: string, now = new Date()): Promise<void> {
    if (this.rules.firstOrder <= 0) return;
    const base = `${userId}:${chinaDay(now)}`;
    for (let undone = 0; ; undone += 1) {
      const ref = undone ? `${base}#${undone}` : base;
      if (
        await this.credit(trx, userId, this.rules.firstOrder, {
          kind: 'first_order',
          ref,
          memo: orderNo,
        })
      ) {
        return;
      }
      if (!(await this.ledgerReads.posted('first_order_refund', ref, trx))) return;
    }
  }

  /**
   * refund.refunded of a fully refunded order: the day's first-order bonus it earned is taken
   * back once (keyed like the bonus). Points already spent leave the account below zero: a debt
   * shown as 0 points that later earnings pay first (as a clawed-back commission's debt).
   */
  async onOrderRefunded(trx: Db, userId: number, orderNo: string): Promise<void> {
    const bonus = await this.ledgerReads.entryByMemo(trx, {
      userId,
      account: 'points',
      txnKind: 'first_order',
      memo: orderNo,
    });
    if (!bonus) return;
    const points = Number(bonus.amount);
    await this.ledger.post(trx, {
      kind: 'first_order_refund',
      ref: bonus.ref,
      memo: orderNo,
      entries: [
        { accountId: await this.ledger.points(trx, userId), amount: -points, mayGoNegative: true },
        { accountId: await this.ledger.revenue(trx, 'points'), amount: points },
      ],
    });
  }

  /**
   * Spends a user's points inside the caller's transaction (the mall, a paid draw): a posting to
   * the platform's points budget keyed by (kind, ref), so a retry spends nothing twice. Throws
   * POINTS_NOT_ENOUGH (the ledger's floor) and the caller's transaction rolls back.
   */
  async spend(
    trx: Db,
    userId: number,
    points: number,
    t: { kind: string; ref: string; memo: string },
  ): Promise<boolean> {
    return this.ledger.post(trx, {
      ...t,
      entries: [
        { accountId: await this.ledger.points(trx, userId), amount: -points },
        { accountId: await this.ledger.revenue(trx, 'points'), amount: points },
      ],
    });
  }

  /** Gives a user points inside the caller's transaction (a redeem code), keyed by (kind, ref). */
  async credit(
    trx: Db,
    userId: number,
    points: number,
    t: { kind: string; ref: string; memo: string },
  ): Promise<boolean> {
    return this.ledger.post(trx, {
      ...t,
      entries: [
        { accountId: await this.ledger.revenue(trx, 'points'), amount: -points },
        { accountId: await this.ledger.points(trx, userId), amount: points },
      ],
    });
  }

  /** The balance, read in the caller's transaction when given one. */
  balance(userId: number, db?: Db): Promise<number> {
    return this.ledger.pointsOf(userId, db);
  }

  async bill(userId: number, q: PointsBillQuery): Promise<PointsBillPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const range = q.month ? monthRange(q.month) : undefined;
    const page = await this.ledgerReads.billPage(
      { userId, accounts: ['points'], ...(range ? { from: range[0], to: range[1] } : {}) },
      pageSize,
      (pageNum - 1) * pageSize,
    );
    return {
      list: page.rows.map((r) => ({
        id: r.id,
        kind: r.txn_kind,
        title:
          r.txn_kind === 'signin'
            ? r.memo || '每日签到'
            : (POINTS_KIND_TEXT[r.txn_kind] ?? '积分变动'),
        amount: r.amount,
        orderNo: ORDER_MEMO_KINDS.has(r.txn_kind) ? r.memo : null,
        createdAt: r.created_at.toISOString(),
      })),
      total: page.total,
      pageNum,
      pageSize,
      earned: page.income,
      spent: page.expense,
      balance: await this.ledger.pointsOf(userId),
    };
  }
}
