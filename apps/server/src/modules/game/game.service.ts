import type {
  ErrorId,
  GameGuessBody,
  GameInviteData,
  GameJoinBody,
  GameJoinData,
  GameMine,
  GamePrizeBody,
  GameResultRow,
  GameResultsData,
  GameRoundBody,
  GameRoundData,
  GameRoundsPage,
  GameRoundsQuery,
  NewOrderData,
} from '@chaopin/contracts';
import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { Ledger } from '../ledger/index.ts';
import { maskNickname } from '../order/index.ts';
import type { PointsService } from '../points/index.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { GameRepo } from './game.repo.ts';
import { settleRound } from './game-settlement.ts';
import { toRoundView } from './game-view.ts';

export const GAME_DEAL_PORT = 'game';

export interface GameRules {
  /** The largest guess, in fen. */
  maxGuess: number;
  /** Extra guesses friends can earn a player. */
  inviteMax: number;
  /** Whether the real price shows before the settlement. */
  showPrice: boolean;
}

/** The wallet side of a cash entry fee. */
export interface GameWallet {
  ledger: Ledger;
  verifyPayPassword(userId: number, password: string): Promise<void>;
}

/** What the game spends, refunds and shows of a player's points. */
export type GamePoints = Pick<PointsService, 'credit' | 'spend' | 'balance'>;

type RoundRow = NonNullable<Awaited<ReturnType<GameRepo['round']>>>;
type EntryRow = NonNullable<Awaited<ReturnType<GameRepo['entry']>>>;

const yuan = (fen: number) => (fen / 100).toFixed(2);

/**
 * The prize-guessing game. Joining pays the entry fee in points in the transaction that writes
 * the entry (once per player and round); guesses are taken under the round's share lock and
 * the entry's row lock, so the allowance holds under concurrent taps and no guess slips in once
 * the settlement (GameSweeper) holds the round. Before a round is settled no answer carries
 * anyone's guesses but the caller's own.
 */
export class GameService {
  constructor(
    private readonly db: Db,
    private readonly repo: GameRepo,
    private readonly points: GamePoints,
    private readonly rewards: RewardsService,
    readonly rules: GameRules,
    /** A cash entry fee is paid from the wallet with the pay password, through the ledger. */
    private readonly wallet: GameWallet,
  ) {}

  // --- operator -------------------------------------------------------------------------------

  async createRound(b: GameRoundBody, now = new Date()): Promise<number> {
    const closeAt = new Date(b.closeAt);
    if (Number.isNaN(closeAt.getTime()) || closeAt.getTime() <= now.getTime()) {
      throw new AppError('GAME_ROUND_INVALID');
    }
    const sku = await this.repo.sku(b.skuId);
    if (!sku) throw new AppError('SKU_NOT_FOUND');
    const realPrice = b.realPrice ?? sku.price;
    if (realPrice <= 0) throw new AppError('GAME_ROUND_INVALID');
    let couponId: number | null = null;
    if (b.consolation === 'coupon') {
      if (!b.couponTemplateId) throw new AppError('GAME_ROUND_INVALID');
      await this.rewards.couponName(b.couponTemplateId);
      couponId = b.couponTemplateId;
    }
    const row = await this.repo.insertRound({
      sku_id: sku.id,
      real_price: realPrice,
      entry_points: b.entryPoints,
      entry_cash: b.entryCash ?? 0,
      guesses_per_entry: b.guessesPerEntry,
      close_at: closeAt,
      consolation: b.consolation,
      coupon_template_id: couponId,
    });
    return row.id;
  }

  /** Ends an open round now (its settlement follows on the next sweep). */
  async closeNow(id: number, now = new Date()): Promise<void> {
    const round = await this.repo.round(id);
    if (!round) throw new AppError('GAME_ROUND_NOT_FOUND');
    if (!(await this.repo.closeNow(id, now))) throw new AppError('GAME_CLOSED');
  }

  // --- views ----------------------------------------------------------------------------------

  private async mine(r: RoundRow, entry: EntryRow | undefined): Promise<GameMine> {
    if (!entry) {
      return {
        joined: false,
        allowance: 0,
        used: 0,
        bonusGuesses: 0,
        guesses: [],
        isWinner: false,
        prizeOrderNo: null,
        consolationText: null,
      };
    }
    const guesses = await this.repo.guessesOf(entry.id);
    const isWinner = r.status === 'settled' && r.winner_user_id === entry.user_id;
    return {
      joined: true,
      allowance: r.guesses_per_entry + entry.bonus_guesses,
      used: entry.used,
      bonusGuesses: entry.bonus_guesses,
      guesses: guesses.map((g) => ({
        id: g.id,
        price: g.price,
        createdAt: g.created_at.toISOString(),
      })),
      isWinner,
      prizeOrderNo: isWinner ? r.prize_order_no : null,
      consolationText: entry.consolation_text,
    };
  }

  private async found(id: number): Promise<RoundRow> {
    const r = await this.repo.round(id);
    if (!r) throw new AppError('GAME_ROUND_NOT_FOUND');
    return r;
  }

  async list(q: GameRoundsQuery, now = new Date()): Promise<GameRoundsPage> {
    const pageNum = q.pageNum ?? 1;
    const pageSize = q.pageSize ?? 10;
    const [rows, total] = await this.repo.page(pageSize, (pageNum - 1) * pageSize);
    return {
      list: rows.map((r) => toRoundView(r, now, this.rules)),
      total: total.n,
      pageNum,
      pageSize,
    };
  }

  async round(id: number, userId: number | null, now = new Date()): Promise<GameRoundData> {
    const r = await this.found(id);
    const entry = userId ? await this.repo.entry(id, userId) : undefined;
    return {
      round: toRoundView(r, now, this.rules),
      mine: userId ? await this.mine(r, entry) : null,
      serverTime: now.toISOString(),
    };
  }

  /** Every guess, with masked names and the winner: only once the round is settled. */
  async results(id: number, now = new Date()): Promise<GameResultsData> {
    const r = await this.found(id);
    if (r.status !== 'settled') throw new AppError('GAME_SEALED');
    const rows = await this.repo.results(id);
    const guesses: GameResultRow[] = rows.map((g) => ({
      id: g.id,
      name: maskNickname(g.nickname),
      price: g.price,
      diff: Math.abs(g.price - r.real_price),
      createdAt: g.created_at.toISOString(),
      winner: g.id === r.winner_guess_id,
    }));
    return {
      round: toRoundView(r, now, this.rules),
      realPrice: r.real_price,
      winner: guesses.find((g) => g.winner) ?? null,
      guesses,
    };
  }

  // --- playing --------------------------------------------------------------------------------

  private checkOpen(r: { status: string; close_at: Date } | undefined, now: Date) {
    if (!r) throw new AppError('GAME_ROUND_NOT_FOUND');
    if (r.status !== 'open' || r.close_at.getTime() <= now.getTime()) {
      throw new AppError('GAME_CLOSED');
    }
  }

  /**
   * Joins a round once, paying its entry fee in points in the same transaction (not enough
   * points: nothing is written). The same key answers its entry again; another key
   * GAME_ALREADY_JOINED. A valid inviter (another player of the round) earns one more guess, up
   * to the max.
   */
  async join(userId: number, b: GameJoinBody, now = new Date()): Promise<GameJoinData> {
    await this.checkPayPassword(userId, b);
    const fresh = await this.db.transaction().execute(async (trx) => {
      const round = await this.repo.lockRoundShared(narrowDb(trx), b.roundId);
      const answerExisting = async () => {
        const existing = await this.repo.entry(b.roundId, userId, narrowDb(trx));
        if (!existing) return null;
        if (existing.client_key !== b.clientKey) throw new AppError('GAME_ALREADY_JOINED');
        return false;
      };
      if (!round) throw new AppError('GAME_ROUND_NOT_FOUND');
      const before = await answerExisting();
      if (before === false) return false;
      this.checkOpen(round, now);
      const inviterId = b.inviterId && b.inviterId !== userId ? b.inviterId : null;
      const inviter = inviterId
        ? await this.repo.entry(b.roundId, inviterId, narrowDb(trx))
        : undefined;
      const inserted = await this.repo.insertEntry(narrowDb(trx), {
        round_id: b.roundId,
        user_id: userId,
        client_key: b.clientKey,
        paid_points: round.entry_points,
        paid_cash: round.entry_cash,
        inviter_id: inviter ? inviter.user_id : null,
      });
      if (!inserted) {
        // A concurrent join of this player committed first.
        if ((await answerExisting()) === false) return false;
        throw new AppError('GAME_ALREADY_JOINED');
      }
      if (round.entry_points > 0) {
        await this.points.spend(trx, userId, round.entry_points, {
          kind: 'game_entry',
          ref: `${b.roundId}:${userId}`,
          memo: `竞猜报名（第${b.roundId}期）`,
        });
      }
      if (round.entry_cash > 0) {
        // The ledger's floor refuses a wallet short of the fee (BALANCE_NOT_ENOUGH): all rolls back.
        await this.wallet.ledger.post(trx, {
          kind: 'game_entry_cash',
          ref: `${b.roundId}:${userId}`,
          memo: `竞猜报名费（第${b.roundId}期）`,
          entries: [
            { accountId: await this.wallet.ledger.wallet(trx, userId), amount: -round.entry_cash },
            { accountId: await this.wallet.ledger.revenue(trx, 'game'), amount: round.entry_cash },
          ],
        });
      }
      if (inviter)
        await this.repo.bonus(narrowDb(trx), b.roundId, inviter.user_id, this.rules.inviteMax);
      return true;
    });
    const r = await this.found(b.roundId);
    const entry = await this.repo.entry(b.roundId, userId);
    return {
      fresh,
      paidPoints: entry?.paid_points ?? 0,
      paidCash: entry?.paid_cash ?? 0,
      balance: await this.points.balance(userId),
      mine: await this.mine(r, entry),
    };
  }

  /**
   * A round with a cash fee asks for the pay password before its transaction (wrong tries are
   * counted and committed by the password service whatever the join does); a retry of a join
   * that went through answers it without asking again.
   */
  private async checkPayPassword(userId: number, b: GameJoinBody): Promise<void> {
    const round = await this.repo.round(b.roundId);
    if (!round || round.entry_cash <= 0) return;
    const existing = await this.repo.entry(b.roundId, userId);
    if (existing?.client_key === b.clientKey) return;
    if (!b.payPassword) throw new AppError('GAME_PAY_PASSWORD_REQUIRED');
    await this.wallet.verifyPayPassword(userId, b.payPassword);
  }

  /** One sealed guess (fen), while the round is open and the player has guesses left. */
  async guess(userId: number, b: GameGuessBody, now = new Date()): Promise<GameMine> {
    if (b.price > this.rules.maxGuess) {
      throw new AppError('GAME_GUESS_TOO_HIGH', { max: yuan(this.rules.maxGuess) });
    }
    await this.db.transaction().execute(async (trx) => {
      const round = await this.repo.lockRoundShared(narrowDb(trx), b.roundId);
      this.checkOpen(round, now);
      if (!round) return;
      const entry = await this.repo.lockEntry(narrowDb(trx), b.roundId, userId);
      if (!entry) throw new AppError('GAME_NOT_JOINED');
      const added = await this.repo.addGuess(
        narrowDb(trx),
        {
          id: entry.id,
          round_id: b.roundId,
          user_id: userId,
          allowance: round.guesses_per_entry + entry.bonus_guesses,
        },
        b.price,
      );
      if (!added) throw new AppError('GAME_GUESSES_USED');
    });
    return this.mine(await this.found(b.roundId), await this.repo.entry(b.roundId, userId));
  }

  async invite(userId: number, roundId: number): Promise<GameInviteData> {
    await this.found(roundId);
    const entry = await this.repo.entry(roundId, userId);
    const invited = await this.repo.invitedCount(roundId, userId);
    return {
      roundId,
      inviterId: userId,
      joined: Boolean(entry),
      bonusGuesses: entry?.bonus_guesses ?? 0,
      inviteMax: this.rules.inviteMax,
      invited: invited.n,
    };
  }

  // --- settlement (called by the sweeper in its transaction) ----------------------------------

  /** Settles one locked, due round in the caller's transaction (game-settlement.ts). */
  settle(trx: Db, round: Parameters<typeof settleRound>[2], now: Date): Promise<boolean> {
    const { repo, points, rewards, wallet } = this;
    return settleRound({ repo, points, rewards, wallet }, trx, round, now);
  }

  // --- the prize ------------------------------------------------------------------------------

  /** info: the winner's ¥0 prize order for the round's SKU, through the kernel's rewards. */
  async claimPrize(userId: number, b: GamePrizeBody): Promise<NewOrderData> {
    const r = await this.found(b.roundId);
    if (r.status !== 'settled') throw new AppError('GAME_SEALED');
    if (r.winner_user_id !== userId) throw new AppError('GAME_NOT_WINNER');
    const placed = await this.rewards.prizeOrder(userId, {
      port: GAME_DEAL_PORT,
      ref: r.id,
      skuId: r.sku_id,
      clientKey: b.clientKey,
      addressId: b.addressId,
      note: b.note,
    });
    return placed.data;
  }

  /** DealPort.check: the round settled, the caller its winner, no live prize order yet. */
  async checkDeals(
    trx: Db,
    deals: readonly { ref: number; userId: number }[],
  ): Promise<(ErrorId | null)[]> {
    const rounds = new Map(
      (await this.repo.lockRounds(narrowDb(trx), [...new Set(deals.map((d) => d.ref))])).map(
        (r) => [r.id, r],
      ),
    );
    const taken = new Set<number>();
    const answers: (ErrorId | null)[] = [];
    for (const d of deals) {
      const r = rounds.get(d.ref);
      if (!r) {
        answers.push('GAME_ROUND_NOT_FOUND');
        continue;
      }
      if (r.status !== 'settled') {
        answers.push('GAME_SEALED');
        continue;
      }
      if (r.winner_user_id !== d.userId) {
        answers.push('GAME_NOT_WINNER');
        continue;
      }
      let live = taken.has(r.id);
      if (!live && r.prize_order_id !== null) {
        // An unpaid prize order that expired gives the winner another try.
        const o = await this.repo.orderStatus(narrowDb(trx), r.prize_order_id);
        live = o?.status !== 'cancelled';
      }
      if (live) {
        answers.push('GAME_PRIZE_CLAIMED');
        continue;
      }
      taken.add(r.id);
      answers.push(null);
    }
    return answers;
  }

  /** DealPort.record: the placed prize orders. */
  async recordDeals(
    trx: Db,
    rows: readonly { ref: number; userId: number; orderId: number; orderNo: string }[],
  ): Promise<void> {
    for (const row of rows)
      await this.repo.recordPrize(narrowDb(trx), row.ref, row.orderId, row.orderNo);
  }
}
