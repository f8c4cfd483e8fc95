import { formatPrice } from '../../core/format.ts';

/**
 * The 礼物收益 line: what viewers paid, the host's share and what the host earned, so that
 * ¥2.60 for a ¥5.20 gift is explained. The share is today's; earnings are what was credited.
 */
export function giftSplitText(c: {
  giftAmount: number;
  giftSharePercent: number;
  earnings: number;
}): string {
  return `礼物价值 ${formatPrice(c.giftAmount)} · 主播分成 ${c.giftSharePercent}% · 收益 ${formatPrice(c.earnings)}`;
}
