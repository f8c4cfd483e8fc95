import {
  type BargainBrief,
  type BargainClaim,
  type BargainHelpBlock,
  type BargainReward,
  ORDER_STATUS_TEXT,
} from '@chaopin/contracts';
import { formatPrice } from '../../core/format.ts';
import { hms } from '../../ui/countdown/clock.ts';
import { type BargainPage, bargainPath } from './edition.ts';

/** 86399 → 23:59:59; a day or more → 1天 00:00:00 (a bargain runs up to 30 days). */
export function formatLeft(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const days = Math.floor(s / 86_400);
  return days > 0 ? `${days}天 ${hms(s % 86_400)}` : hms(s);
}

type Prices = Pick<BargainBrief, 'originalPrice' | 'currentPrice' | 'targetPrice' | 'status'>;

/**
 * Whole percent of the way from the start price to the target. A running bargain never shows
 * 100 (at least a fen is left until its last help), a succeeded one always does.
 */
export function progressPercent(b: Prices): number {
  if (b.status === 'succeeded') return 100;
  const span = b.originalPrice - b.targetPrice;
  if (span <= 0) return 0;
  const done = Math.floor(((b.originalPrice - b.currentPrice) * 100) / span);
  return Math.min(99, Math.max(0, done));
}

/** Helps still needed (the starter's own first cut is not one of them). */
export function helpsLeft(b: Pick<BargainBrief, 'helpersNeeded' | 'helpsDone'>): number {
  return Math.max(0, b.helpersNeeded - b.helpsDone);
}

/** What a card of one of my bargains offers next, and the page (with its id) it opens. */
export function nextStep(
  b: Pick<BargainBrief, 'id' | 'itemId' | 'edition' | 'status' | 'claimStatus'>,
): { label: string; path: string } {
  const at = (page: BargainPage, query: Record<string, number>) =>
    bargainPath(b.edition, page, query);
  if (b.claimStatus === 'audit') return { label: '审核中', path: at('audit', { bargainId: b.id }) };
  if (b.claimStatus === 'ordered') {
    return { label: '查看订单', path: at('audit', { bargainId: b.id }) };
  }
  if (b.claimStatus === 'rejected') {
    return { label: '审核未通过', path: at('audit', { bargainId: b.id }) };
  }
  if (b.status === 'succeeded') return { label: '立即领取', path: at('thirdStep', { id: b.id }) };
  if (b.status === 'running') {
    return { label: '邀请好友帮砍', path: at('homeZeroBargain', { id: b.id }) };
  }
  return { label: '重新发起', path: at('homeZeroDetail', { id: b.itemId }) };
}

const BLOCK_TEXT: Record<BargainHelpBlock, string> = {
  login: '登录后即可帮好友砍价',
  own: '这是你发起的砍价，快去邀请好友帮砍吧',
  helped: '你已经帮TA砍过了',
  ended: '砍价已结束',
};

export function helpBlockText(block: BargainHelpBlock | null): string {
  return block ? BLOCK_TEXT[block] : '';
}

/** 「¥2.00红包」 or the coupon's name; '' when helping earns nothing. */
export function rewardText(reward: BargainReward): string {
  if (reward.kind === 'none') return '';
  if (reward.title) return reward.title;
  return reward.kind === 'redPacket' ? `${formatPrice(reward.redPacketAmount)}红包` : '优惠券';
}

/** The order's state as the order pages say it (the claim carries the raw status). */
export function orderStatusText(status: string | null): string {
  if (!status) return '';
  return status in ORDER_STATUS_TEXT
    ? ORDER_STATUS_TEXT[status as keyof typeof ORDER_STATUS_TEXT]
    : status;
}

/**
 * A claim's progress bar: its steps and the one it is at (index; the ones before are done). A
 * claim in review is at its own 审核中 step, after 领取免单 (which is done once claimed).
 */
export function claimProgress(
  claim: Pick<BargainClaim, 'status' | 'orderStatus' | 'canPost' | 'postId'>,
): { steps: string[]; current: number } {
  if (claim.status === 'audit') {
    return { steps: ['领取免单', '审核中', '下单发货', '确认收货', '晒单'], current: 1 };
  }
  const steps = ['领取免单', '下单发货', '确认收货', '晒单'];
  if (claim.postId !== null) return { steps, current: 3 };
  if (claim.canPost) return { steps, current: 2 };
  return { steps, current: claim.status === 'ordered' ? 1 : 0 };
}
