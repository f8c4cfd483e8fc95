import type { ErrorTable } from './table.ts';

/** Errors of the prize-guessing game (竞猜). */
export const GAME_ERRORS = {
  GAME_ROUND_NOT_FOUND: { status: 404, msg: '竞猜活动不存在' },
  GAME_ROUND_INVALID: {
    status: 400,
    msg: '请填写正确的竞猜活动（参与积分、每次可猜次数、截止时间与安慰奖）',
  },
  GAME_CLOSED: { status: 409, msg: '本轮竞猜已截止' },
  GAME_NOT_JOINED: { status: 409, msg: '请先报名参加本轮竞猜' },
  GAME_ALREADY_JOINED: { status: 409, msg: '您已报名本轮竞猜' },
  GAME_PAY_PASSWORD_REQUIRED: { status: 400, msg: '本轮需支付报名费，请输入支付密码' },
  GAME_GUESS_INVALID: { status: 400, msg: '请输入正确的竞猜价格' },
  GAME_GUESS_TOO_HIGH: { status: 400, msg: '竞猜价格不能超过{max}元' },
  GAME_GUESSES_USED: { status: 409, msg: '您的竞猜次数已用完，邀请好友可获得更多次数' },
  GAME_INVITER_INVALID: { status: 400, msg: '邀请人无效' },
  GAME_SEALED: { status: 409, msg: '竞猜尚未开奖，结果将在开奖后公布' },
  GAME_NOT_WINNER: { status: 403, msg: '您未中奖，无法领取奖品' },
  GAME_PRIZE_CLAIMED: { status: 409, msg: '奖品已领取' },
} as const satisfies ErrorTable;
