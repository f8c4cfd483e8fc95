import type { ErrorTable } from './table.ts';

/** Errors of the flash sale (秒杀), its reminders and the proof-of-work captcha. */
export const SECKILL_ERRORS = {
  SECKILL_NOT_FOUND: { status: 404, msg: '秒杀商品不存在或已下架' },
  SECKILL_SESSION_NOT_FOUND: { status: 404, msg: '秒杀场次不存在' },
  SECKILL_NOT_STARTED: { status: 409, msg: '秒杀尚未开始，请稍后再来' },
  SECKILL_ENDED: { status: 409, msg: '本场秒杀已结束' },
  SECKILL_SOLD_OUT: { status: 409, msg: '手慢了，商品已抢光' },
  SECKILL_LIMIT: { status: 409, msg: '每人限购{limit}件，您已抢购过该商品' },
  SECKILL_BUSY: { status: 429, msg: '抢购人数过多，请稍后再试' },
  SECKILL_SUBSCRIBE_CLOSED: { status: 409, msg: '秒杀已开始，无需设置提醒' },
  SECKILL_TIME_INVALID: { status: 400, msg: '请设置正确的场次时间（结束须晚于开始，最长24小时）' },
  SECKILL_ITEMS_INVALID: { status: 400, msg: '请添加1-50个秒杀商品，每个商品只能出现一次' },
  SECKILL_PRICE_INVALID: { status: 400, msg: '秒杀价须大于0且低于商品原价' },
  SECKILL_STOCK_INVALID: { status: 400, msg: '秒杀库存须为1-100000，且不超过商品库存' },
  SECKILL_SESSION_OVERLAP: { status: 409, msg: '该商品已在同一时段的其他场次中' },
  CAPTCHA_REQUIRED: { status: 400, msg: '请先完成人机验证' },
  CAPTCHA_INVALID: { status: 400, msg: '人机验证未通过，请重新验证' },
  CAPTCHA_EXPIRED: { status: 400, msg: '人机验证已过期，请重新验证' },
  CAPTCHA_USED: { status: 409, msg: '该验证已使用过，请重新验证' },
  CAPTCHA_ACTION_INVALID: { status: 400, msg: '不支持的验证场景' },
} as const satisfies ErrorTable;
