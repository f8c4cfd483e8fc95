import {
  BARGAIN_CLAIM_STATUS_TEXT,
  BARGAIN_STATUS_TEXT,
  type BargainAdminItem,
  type BargainBrief,
  type BargainClaim,
  type BargainItem,
  type BargainPost,
  type BargainReward,
  type BargainStatus,
} from '@chaopin/contracts';
import { HOUR } from './bargain-common.ts';
import type { BargainRow, ClaimView, ItemRow } from './bargain-rows.repo.ts';

const yuan = (fen: number) => `¥${(fen / 100).toFixed(2)}`;

export function toReward(r: {
  reward_kind: 'none' | 'coupon' | 'redPacket';
  coupon_template_id: number | null;
  red_packet_amount: number;
  coupon_name?: string | null;
}): BargainReward {
  const title =
    r.reward_kind === 'redPacket'
      ? `${yuan(r.red_packet_amount)} 红包`
      : r.reward_kind === 'coupon'
        ? (r.coupon_name ?? '优惠券')
        : '';
  return {
    kind: r.reward_kind,
    couponTemplateId: r.reward_kind === 'coupon' ? r.coupon_template_id : null,
    redPacketAmount: r.reward_kind === 'redPacket' ? r.red_packet_amount : 0,
    title,
  };
}

export function toItem(r: ItemRow): BargainItem {
  const claimed = r.claimed ?? 0;
  return {
    id: r.id,
    edition: r.edition,
    productId: r.product_id,
    skuId: r.sku_id,
    title: r.title,
    skuName: r.sku_name,
    image: r.image,
    price: r.price,
    targetPrice: r.target_price,
    helpersNeeded: r.helpers_needed,
    timeLimitHours: r.time_limit_hours,
    stock: r.stock,
    stockLeft: Math.max(0, r.stock - claimed),
    perUserLimit: r.per_user_limit,
    reward: toReward(r),
    startedCount: r.started_count,
    claimedCount: claimed,
  };
}

/** A running bargain past its time reads as expired before the sweeper gets to it. */
export function statusOf(b: BargainRow, now: Date): BargainStatus {
  return b.status === 'running' && b.expires_at <= now ? 'expired' : b.status;
}

export function toBrief(
  b: BargainRow,
  item: { title: string; image: string } | undefined,
  claim: { status: BargainClaim['status'] } | undefined,
  now: Date,
  claimHours: number,
): BargainBrief {
  const status = statusOf(b, now);
  const span = b.original_price - b.target_price;
  return {
    id: b.id,
    itemId: b.item_id,
    edition: b.edition,
    title: item?.title ?? '',
    image: item?.image ?? '',
    originalPrice: b.original_price,
    currentPrice: b.current_price,
    targetPrice: b.target_price,
    remaining: b.current_price - b.target_price,
    progress: span > 0 ? Math.floor(((b.original_price - b.current_price) * 100) / span) : 100,
    helpersNeeded: b.helpers_needed,
    helpsDone: b.helps_done,
    status,
    statusText: BARGAIN_STATUS_TEXT[status],
    expiresAt: b.expires_at.toISOString(),
    succeededAt: b.succeeded_at?.toISOString() ?? null,
    claimDeadline: b.succeeded_at
      ? new Date(b.succeeded_at.getTime() + claimHours * HOUR).toISOString()
      : null,
    claimStatus: claim?.status ?? null,
    createdAt: b.created_at.toISOString(),
  };
}

export function toClaim(
  c: ClaimView,
  item: { title: string; image: string } | undefined,
): BargainClaim {
  return {
    id: c.id,
    bargainId: c.bargain_id,
    itemId: c.item_id,
    edition: c.edition,
    title: item?.title ?? '',
    image: item?.image ?? '',
    status: c.status,
    statusText: BARGAIN_CLAIM_STATUS_TEXT[c.status],
    rejectReason: c.reject_reason,
    orderNo: c.status === 'ordered' ? c.order_no : null,
    orderStatus: c.status === 'ordered' ? (c.order_status ?? null) : null,
    canPost: c.status === 'ordered' && c.received_at !== null && c.post_id === null,
    postId: c.post_id,
    createdAt: c.created_at.toISOString(),
  };
}

export function toPost(p: {
  id: number;
  item_id: number;
  nickname: string;
  avatar: string;
  content: string;
  images: string[];
  created_at: Date;
}): BargainPost {
  return {
    id: p.id,
    itemId: p.item_id,
    nickname: p.nickname,
    avatar: p.avatar,
    content: p.content,
    images: p.images,
    createdAt: p.created_at.toISOString(),
  };
}

export function toAdminItem(r: ItemRow): BargainAdminItem {
  return {
    ...toItem(r),
    enabled: r.enabled,
    sort: r.sort,
    createdAt: r.created_at.toISOString(),
  };
}
