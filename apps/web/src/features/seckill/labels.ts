import type { SeckillItemData, SeckillItemState } from '@chaopin/contracts';
import { formatDayTime } from '../../core/format.ts';

// Texts of the seckill pages only (clock.ts is also on the home page, so it stays small).

/** A start time in a list, by China day: 今天 10:00, 明天 10:00, else 11-20 10:00. */
export function startText(iso: string, now: Date | number = Date.now()): string {
  return formatDayTime(iso, now);
}

/** The item button's text per state (SPEC: 提醒我 / 已设置提醒 / 马上抢 / 已抢光 / 已结束). */
export function itemButtonText(state: SeckillItemState, subscribed: boolean): string {
  switch (state) {
    case 'remind':
      return subscribed ? '已设置提醒' : '提醒我';
    case 'buy':
      return '马上抢';
    case 'soldOut':
      return '已抢光';
    case 'ended':
      return '已结束';
  }
}

/**
 * Why 马上抢 is off although the sale is open, or null: the user already holds the limit (paid
 * or awaiting payment), so a captcha solved for it would only end in 每人限购.
 */
export function rushBlockedText(data: Pick<SeckillItemData, 'item' | 'mine'>): string | null {
  return data.item.state === 'buy' && data.mine >= data.item.perUserLimit ? '已达限购' : null;
}

/** An item's state as a word in lists (我的提醒). */
export const ITEM_STATE_TEXT: Record<SeckillItemState, string> = {
  remind: '即将开始',
  buy: '抢购中',
  soldOut: '已抢光',
  ended: '已结束',
};
