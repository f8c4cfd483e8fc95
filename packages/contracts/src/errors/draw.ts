import type { ErrorTable } from './table.ts';

/** Errors of the lucky draw (幸运抽奖). */
export const DRAW_ERRORS = {
  DRAW_NOT_FOUND: { status: 404, msg: '抽奖活动不存在' },
  DRAW_CLOSED: { status: 409, msg: '抽奖活动未开始或已结束' },
  DRAW_INVALID: {
    status: 400,
    msg: '请填写正确的抽奖活动（6-8个奖品，权重、库存与奖品内容须匹配）',
  },
  DRAW_NO_CHANCE: { status: 409, msg: '今日抽奖次数已用完' },
  DRAW_POINTS_NOT_ENOUGH: { status: 409, msg: '积分不足，每次抽奖需{cost}积分' },
  DRAW_RESULT_NOT_FOUND: { status: 404, msg: '中奖记录不存在' },
  DRAW_NOT_PRODUCT: { status: 409, msg: '该奖品无需填写地址领取' },
  DRAW_PRIZE_CLAIMED: { status: 409, msg: '奖品已领取' },
  DRAW_USER_NOT_FOUND: { status: 404, msg: '用户不存在' },
  DRAW_CHANCES_INVALID: { status: 400, msg: '赠送次数须为1-100次' },
} as const satisfies ErrorTable;
