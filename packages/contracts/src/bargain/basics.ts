// The bargain's defaults, editions, statuses and limits, and a bargain's share path.

/** Operator defaults (env BARGAIN_*); the pages show what is configured. */
export const BARGAIN_DEFAULTS = {
  HELPERS_NEEDED: 10,
  TIME_LIMIT_HOURS: 24,
  PER_USER_LIMIT: 1,
  /** Hours after success in which the free order may be claimed. */
  CLAIM_HOURS: 48,
  /** A helper registered within this many days is a new user and cuts more. */
  NEW_USER_DAYS: 7,
} as const;

/** Operator defaults of the editions' pages (env BARGAIN_NORMAL_* / BARGAIN_NEWYEAR_*). */
export const BARGAIN_EDITION_DEFAULTS = {
  normal: {
    title: '砍价免费拿',
    themeColor: '#ff4d4f',
    bannerText: '邀请好友帮砍，砍到0元免费拿',
    rulesText: [
      '1. 选择心仪商品发起砍价，自己先砍一刀；',
      '2. 在规定时间内邀请好友帮砍，每位好友每次砍价只能帮砍一次，新用户砍得更多；',
      '3. 砍至目标价即砍价成功，请在规定时间内领取并填写收货地址，仅需支付运费（如有）；',
      '4. 每人每件商品限领一次，异常助力的领取需经审核后发货；',
      '5. 超时未砍至目标价则砍价失败，好友获得的助力奖励不受影响。',
    ].join('\n'),
  },
  newYear: {
    title: '新春砍价',
    themeColor: '#d4380d',
    bannerText: '新春好礼砍到0元，好友助力领红包',
    rulesText: [
      '1. 新春专场商品，发起后自己先砍一刀；',
      '2. 邀请亲友帮砍，每位好友助力即得新春红包；',
      '3. 砍至目标价后在规定时间内领取，仅需支付运费（如有）；',
      '4. 每人每件商品限领一次，异常助力的领取需经审核后发货；',
      '5. 超时未砍成则砍价失败，好友的红包照常有效。',
    ].join('\n'),
  },
} as const;

export const BARGAIN_EDITIONS = ['normal', 'newYear'] as const;
export type BargainEditionId = (typeof BARGAIN_EDITIONS)[number];

/** running: collecting helps; succeeded: reached the target (claimable); expired: ran out of time. */
export const BARGAIN_STATUSES = ['running', 'succeeded', 'expired'] as const;
export type BargainStatus = (typeof BARGAIN_STATUSES)[number];
export const BARGAIN_STATUS_TEXT: Record<BargainStatus, string> = {
  running: '砍价中',
  succeeded: '砍价成功',
  expired: '已过期',
};

/** audit: flagged, waiting for the operator; ordered: the order exists; rejected: refused by the operator. */
export const BARGAIN_CLAIM_STATUSES = ['audit', 'ordered', 'rejected'] as const;
export type BargainClaimStatus = (typeof BARGAIN_CLAIM_STATUSES)[number];
export const BARGAIN_CLAIM_STATUS_TEXT: Record<BargainClaimStatus, string> = {
  audit: '审核中',
  ordered: '已下单',
  rejected: '审核未通过',
};

export const BARGAIN_REWARD_KINDS = ['none', 'coupon', 'redPacket'] as const;
export type BargainRewardKind = (typeof BARGAIN_REWARD_KINDS)[number];
/** Why the caller may not help (null when they may). */
export const BARGAIN_HELP_BLOCKS = ['login', 'own', 'helped', 'ended'] as const;
export type BargainHelpBlock = (typeof BARGAIN_HELP_BLOCKS)[number];

/** 晒单 photos: at most this many; each a site path (/uploads/…) or an http(s) URL. */
export const BARGAIN_POST_IMAGES_MAX = 9;
export const BARGAIN_POST_TEXT_MAX = 500;
export const BARGAIN_IMAGE_PATTERN =
  '^(?!.*\\.\\.)(/(?!/)[A-Za-z0-9_~%./-]{1,300}|https?://[A-Za-z0-9.-]{1,253}(:[0-9]{1,5})?(/[^\\s]{0,500})?)$';

/** The hash-route path of a bargain's help page (share link). */
export function bargainSharePath(edition: BargainEditionId, bargainId: number): string {
  return edition === 'newYear'
    ? `/rootPages/homeZeroYuanNewYear/helpBargain?id=${bargainId}`
    : `/rootPages/homeZeroYuan/helpBargain?id=${bargainId}`;
}
