import { GAME_STATUS_TEXT, type GameRoundView } from '@chaopin/contracts';
import type { GameRepo } from './game.repo.ts';
import type { GameRules } from './game.service.ts';

type RoundRow = NonNullable<Awaited<ReturnType<GameRepo['round']>>>;

/** A round as a player sees it: no real price before the settlement unless the rules show it. */
export function toRoundView(r: RoundRow, now: Date, rules: GameRules): GameRoundView {
  const status =
    r.status === 'settled' ? 'settled' : r.close_at.getTime() > now.getTime() ? 'open' : 'closed';
  // Until the settlement (unless the operator shows prices) nothing points at the price: no
  // SKU name (it may name a price), no product or SKU id (goods/detail would show the price).
  const revealed = status === 'settled' || rules.showPrice;
  return {
    id: r.id,
    productId: revealed ? r.product_id : null,
    skuId: revealed ? r.sku_id : null,
    title: r.title,
    skuName: revealed ? r.sku_name : null,
    image: r.image,
    entryPoints: r.entry_points,
    entryCash: r.entry_cash,
    guessesPerEntry: r.guesses_per_entry,
    closeAt: r.close_at.toISOString(),
    status,
    statusText: GAME_STATUS_TEXT[status],
    realPrice: revealed ? r.real_price : null,
    players: Number(r.players ?? 0),
    consolation: r.consolation,
    consolationText:
      r.consolation === 'points'
        ? r.entry_cash > 0
          ? '未中奖返还全部报名费'
          : '未中奖返还全部报名积分'
        : r.consolation === 'coupon'
          ? `未中奖赠送「${r.coupon_name ?? '优惠券'}」`
          : '无',
    inviteMax: rules.inviteMax,
    maxGuess: rules.maxGuess,
    settledAt: r.settled_at ? r.settled_at.toISOString() : null,
  };
}
