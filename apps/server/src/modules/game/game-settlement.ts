import type { Db } from '../../database.ts';
import { narrowDb } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { RewardsService } from '../rewards/index.ts';
import type { GameRepo } from './game.repo.ts';
import type { GamePoints, GameWallet } from './game.service.ts';

const yuan = (fen: number) => (fen / 100).toFixed(2);

/** What settling a round uses: the game's SQL, points and the wallet's ledger for refunds, rewards. */
export interface SettlementDeps {
  repo: GameRepo;
  points: GamePoints;
  rewards: RewardsService;
  wallet: GameWallet;
}

/**
 * Settles one locked, due round: the nearest guess wins (the earliest on a tie), the round
 * turns settled and every other player gets the consolation, all in the caller's transaction.
 */
export async function settleRound(
  { repo, points, rewards, wallet }: SettlementDeps,
  trx: Db,
  round: {
    id: number;
    real_price: number;
    consolation: 'points' | 'coupon' | 'none';
    coupon_template_id: number | null;
  },
  now: Date,
): Promise<boolean> {
  const best = await repo.nearest(narrowDb(trx), round.id, round.real_price);
  const winner = best ? { userId: best.user_id, guessId: best.id } : null;
  if (!(await repo.markSettled(narrowDb(trx), round.id, winner, now))) return false;
  const template =
    round.consolation === 'coupon' && round.coupon_template_id
      ? await couponOf(rewards, trx, round.coupon_template_id)
      : undefined;
  for (const e of await repo.entries(narrowDb(trx), round.id)) {
    if (winner && e.user_id === winner.userId) {
      await repo.setConsolation(narrowDb(trx), e.id, 'prize', '恭喜中奖，请确认收货地址领取奖品');
      continue;
    }
    if (round.consolation === 'points' && (e.paid_points > 0 || e.paid_cash > 0)) {
      if (e.paid_points > 0) {
        await points.credit(trx, e.user_id, e.paid_points, {
          kind: 'game_refund',
          ref: `${round.id}:${e.user_id}`,
          memo: `竞猜未中奖返还（第${round.id}期）`,
        });
      }
      if (e.paid_cash > 0) {
        const ledger = wallet.ledger;
        await ledger.post(trx, {
          kind: 'game_refund_cash',
          ref: `${round.id}:${e.user_id}`,
          memo: `竞猜未中奖返还报名费（第${round.id}期）`,
          entries: [
            { accountId: await ledger.revenue(trx, 'game'), amount: -e.paid_cash },
            { accountId: await ledger.wallet(trx, e.user_id), amount: e.paid_cash },
          ],
        });
      }
      const back = [
        e.paid_points > 0 ? `${e.paid_points}积分` : '',
        e.paid_cash > 0 ? `¥${yuan(e.paid_cash)}` : '',
      ].filter(Boolean);
      await repo.setConsolation(narrowDb(trx), e.id, 'points', `已返还${back.join('和')}`);
      continue;
    }
    if (template) {
      // The coupon module's own grant (its total, the user's allowance, its validity); one
      // that cannot be given leaves the player with none and the settlement goes on.
      const granted = await rewards.tryGrant(
        trx,
        e.user_id,
        { kind: 'coupon', templateId: template.id },
        { source: 'game', ref: `${round.id}:${e.user_id}`, title: `竞猜（第${round.id}期）` },
      );
      if (granted) {
        await repo.setConsolation(narrowDb(trx), e.id, 'coupon', `获得优惠券「${template.name}」`);
        continue;
      }
      await repo.setConsolation(narrowDb(trx), e.id, 'none', '优惠券已发完');
      continue;
    }
    await repo.setConsolation(narrowDb(trx), e.id, 'none', '未中奖');
  }
  return true;
}

/** The consolation coupon's template, or none when it is gone (the round settles all the same). */
async function couponOf(
  rewards: RewardsService,
  trx: Db,
  templateId: number,
): Promise<{ id: number; name: string } | undefined> {
  try {
    return { id: templateId, name: await rewards.couponName(templateId, trx) };
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}
