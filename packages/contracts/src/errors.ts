import { AFTERSALE_ERRORS } from './errors/aftersale.ts';
import { BARGAIN_ERRORS } from './errors/bargain.ts';
import { CARDS_ERRORS } from './errors/cards.ts';
import { CATALOGUE_ERRORS } from './errors/catalogue.ts';
import { CHAT_DESK_ERRORS } from './errors/chat-desk.ts';
import { CONSOLE_ERRORS } from './errors/console.ts';
import { CONSOLE_ORDER_ERRORS } from './errors/console-order.ts';
import { COUPON_ERRORS } from './errors/coupon.ts';
import { DRAW_ERRORS } from './errors/draw.ts';
import { FARM_ERRORS } from './errors/farm.ts';
import { GAME_ERRORS } from './errors/game.ts';
import { GODDESS_ERRORS } from './errors/goddess.ts';
import { IM_ERRORS } from './errors/im.ts';
import { INVOICE_ERRORS } from './errors/invoice.ts';
import { LIVE_ERRORS } from './errors/live.ts';
import { LOGISTICS_ERRORS } from './errors/logistics.ts';
import { MEDICINE_ERRORS } from './errors/medicine.ts';
import { MESSAGE_ERRORS } from './errors/message.ts';
import { POINTS_ERRORS } from './errors/points.ts';
import { PROMOTION_ERRORS } from './errors/promotion.ts';
import { REDEEM_ERRORS } from './errors/redeem.ts';
import { SECKILL_ERRORS } from './errors/seckill.ts';
import type { ErrorTable } from './errors/table.ts';
import { WECHAT_ERRORS } from './errors/wechat.ts';
import { ZONE_ERRORS } from './errors/zone.ts';

/**
 * The error catalogue: every error the API can answer, declared once.
 * `status` is the HTTP status (and the envelope `code`); `msg` is the Chinese text a toast shows.
 * A `{name}` in a msg is filled from the error's params (e.g. remaining tries).
 */
const CORE_ERRORS = {
  // generic
  INVALID_PARAM: { status: 400, msg: '参数错误，请检查后重试' },
  REWARD_KIND_UNKNOWN: { status: 400, msg: '不支持的奖励类型' },
  INVALID_CONTENT_TYPE: { status: 400, msg: '不支持的请求格式' },
  INVALID_JSON: { status: 400, msg: '请求内容格式错误' },
  /** The request itself could not be read (malformed HTTP, URL or body framing). */
  BAD_REQUEST: { status: 400, msg: '请求格式错误' },
  MULTIPART_INVALID: { status: 400, msg: '上传内容不完整或格式错误，请重新上传' },
  REQUEST_TIMEOUT: { status: 408, msg: '请求超时，请重试' },
  URL_TOO_LONG: { status: 414, msg: '请求地址过长' },
  HEADERS_TOO_LARGE: { status: 431, msg: '请求头或地址过长' },
  PAGE_INVALID: { status: 400, msg: '页码或每页条数不正确' },
  LOGIN_REQUIRED: { status: 401, msg: '请先登录' },
  FORBIDDEN: { status: 403, msg: '无权进行此操作' },
  NOT_FOUND: { status: 404, msg: '内容不存在或已删除' },
  ROUTE_NOT_FOUND: { status: 404, msg: '接口不存在' },
  METHOD_NOT_ALLOWED: { status: 404, msg: '接口不存在' },
  PAYLOAD_TOO_LARGE: { status: 413, msg: '请求内容过大' },
  TOO_MANY_REQUESTS: { status: 429, msg: '操作太频繁，请稍后再试' },
  INTERNAL: { status: 500, msg: '服务器开小差了，请稍后再试' },
  SHUTTING_DOWN: { status: 503, msg: '服务正在维护，请稍后再试' },
  /** More requests at once than the server serves: sent with Retry-After, try again then. */
  SERVER_BUSY: { status: 503, msg: '当前访问人数较多，请稍后再试' },

  // phone and SMS
  PHONE_INVALID: { status: 400, msg: '请输入正确的手机号' },
  SMS_TYPE_INVALID: { status: 400, msg: '验证码类型不正确' },
  SMS_TOO_FREQUENT: { status: 429, msg: '验证码发送太频繁，请{seconds}秒后再试' },
  SMS_DAILY_LIMIT: { status: 429, msg: '今日验证码发送次数已达上限，请明天再试' },
  SMS_CODE_FORMAT: { status: 400, msg: '请输入6位数字验证码' },
  SMS_CODE_WRONG: { status: 400, msg: '验证码错误' },
  SMS_CODE_EXPIRED: { status: 400, msg: '验证码已失效，请重新获取' },
  SMS_CODE_TOO_MANY: { status: 400, msg: '验证码错误次数过多，请重新获取' },

  // login and passwords
  PASSWORD_FORMAT: { status: 400, msg: '密码须为8-20位，且同时包含字母和数字' },
  PASSWORD_WRONG: { status: 400, msg: '手机号或密码错误' },
  PASSWORD_NOT_SET: { status: 400, msg: '该账号未设置登录密码，请使用验证码登录' },
  OLD_PASSWORD_WRONG: { status: 400, msg: '原密码错误' },
  PASSWORD_SAME: { status: 400, msg: '新密码不能与原密码相同' },
  LOGIN_LOCKED: { status: 429, msg: '密码错误次数过多，请15分钟后再试或使用验证码登录' },
  USER_NOT_FOUND: { status: 404, msg: '该手机号尚未注册' },
  USER_DISABLED: { status: 403, msg: '账号已被停用，请联系客服' },

  // profile
  NICKNAME_INVALID: { status: 400, msg: '昵称须为1-20个字符' },
  AVATAR_INVALID: { status: 400, msg: '头像地址无效，请重新上传' },
  PROFILE_EMPTY: { status: 400, msg: '请填写要修改的内容' },

  // mobile change
  PHONE_SAME: { status: 400, msg: '新手机号不能与当前手机号相同' },
  PHONE_TAKEN: { status: 409, msg: '该手机号已被其他账号绑定' },
  MOBILE_TICKET_INVALID: { status: 400, msg: '原手机号验证已失效，请重新验证' },

  // real name
  REAL_NAME_INVALID: { status: 400, msg: '请输入正确的真实姓名' },
  ID_CARD_INVALID: { status: 400, msg: '请输入正确的18位身份证号码' },
  ID_CARD_UNDERAGE: { status: 400, msg: '未满18周岁暂不支持实名认证' },
  REAL_NAME_DONE: { status: 409, msg: '您已完成实名认证' },
  ID_CARD_TAKEN: { status: 409, msg: '该身份证已被其他账号认证' },

  // pay password
  PAY_PASSWORD_FORMAT: { status: 400, msg: '支付密码须为6位数字' },
  PAY_PASSWORD_MISMATCH: { status: 400, msg: '两次输入的支付密码不一致' },
  PAY_PASSWORD_ALREADY_SET: { status: 409, msg: '已设置支付密码，请使用原密码修改' },
  PAY_PASSWORD_NOT_SET: { status: 409, msg: '请先设置支付密码' },
  PAY_PASSWORD_WRONG: { status: 400, msg: '支付密码错误，还可尝试{remaining}次' },
  PAY_PASSWORD_LOCKED: {
    status: 403,
    msg: '支付密码错误次数过多，已锁定24小时，可通过短信验证码重置',
  },
  PAY_PASSWORD_SAME: { status: 400, msg: '新支付密码不能与原密码相同' },

  // uploads
  UPLOAD_MISSING: { status: 400, msg: '路径错误' },
  UPLOAD_EMPTY: { status: 400, msg: '上传的文件是空的' },
  UPLOAD_TOO_MANY: { status: 400, msg: '每次只能上传一个文件' },
  IMAGE_TYPE: { status: 400, msg: '仅支持 JPG、PNG、GIF、WEBP 格式的图片' },
  VIDEO_TYPE: { status: 400, msg: '仅支持 MP4、WEBM、MOV 格式的视频' },
  IMAGE_TOO_LARGE: { status: 413, msg: '图片不能超过10MB' },
  VIDEO_TOO_LARGE: { status: 413, msg: '视频不能超过100MB' },
  // orders and payment
  ORDER_NOT_FOUND: { status: 404, msg: '订单不存在' },
  ORDER_STATE: { status: 409, msg: '订单状态已变化，请刷新后重试' },
  ORDER_ALREADY_PAID: { status: 409, msg: '订单已支付' },
  ORDER_CANCELLED: { status: 409, msg: '订单已取消' },
  ORDER_ITEMS_INVALID: { status: 400, msg: '请选择要购买的商品' },
  ORDER_NOTE_TOO_LONG: { status: 400, msg: '订单备注不能超过200个字' },
  CLIENT_KEY_INVALID: { status: 400, msg: '请求标识无效，请刷新页面后重新提交' },
  QUANTITY_INVALID: { status: 400, msg: '购买数量不正确' },
  SKU_NOT_FOUND: { status: 404, msg: '商品规格不存在' },
  PRODUCT_OFF_SHELF: { status: 409, msg: '商品已下架' },
  STOCK_NOT_ENOUGH: { status: 409, msg: '库存不足' },
  ADDRESS_REQUIRED: { status: 404, msg: '收货地址不存在，请重新选择' },
  BALANCE_NOT_ENOUGH: { status: 409, msg: '余额不足' },
  PAY_TYPE_INVALID: { status: 400, msg: '不支持的支付方式' },
  PAYMENT_NOT_FOUND: { status: 404, msg: '支付单不存在' },
  PAY_SIGNATURE_INVALID: { status: 400, msg: '支付通知签名无效' },
  PAY_AMOUNT_MISMATCH: { status: 400, msg: '支付金额不一致' },
  RECHARGE_AMOUNT_INVALID: { status: 400, msg: '充值金额须为1元至5000元' },
  SHIPPING_INFO_INVALID: { status: 400, msg: '请填写快递公司和运单号' },
  PRODUCT_INVALID: { status: 400, msg: '商品信息不完整或不正确' },
  STORE_NOT_FOUND: { status: 404, msg: '店铺不存在' },
  CATEGORY_NOT_FOUND: { status: 404, msg: '分类不存在' },

  // product detail, search, favourites
  PRODUCT_NOT_FOUND: { status: 404, msg: '商品不存在或已下架' },
  KEYWORD_INVALID: { status: 400, msg: '请输入1-30个字的搜索关键词' },
  IDS_INVALID: { status: 400, msg: '请选择要操作的内容' },
  // addresses
  ADDRESS_NOT_FOUND: { status: 404, msg: '收货地址不存在' },
  ADDRESS_LIMIT: { status: 409, msg: '最多保存20个收货地址' },
  REGION_INVALID: { status: 400, msg: '请选择正确的省市区' },
  CONSIGNEE_INVALID: { status: 400, msg: '收货人姓名须为1-25个字符' },
  ADDRESS_DETAIL_INVALID: { status: 400, msg: '详细地址须为2-120个字符' },
  // cart
  SKU_SOLD_OUT: { status: 409, msg: '商品已售罄' },
  CART_ITEM_NOT_FOUND: { status: 404, msg: '购物车商品不存在' },
  CART_FULL: { status: 409, msg: '购物车已满，请先清理部分商品' },
} as const satisfies ErrorTable;

/** Every error; later domains keep their entries in errors/<domain>.ts. */
export const ERRORS = {
  ...CORE_ERRORS,
  ...AFTERSALE_ERRORS,
  ...LOGISTICS_ERRORS,
  ...INVOICE_ERRORS,
  ...MESSAGE_ERRORS,
  ...IM_ERRORS,
  ...SECKILL_ERRORS,
  ...LIVE_ERRORS,
  ...COUPON_ERRORS,
  ...PROMOTION_ERRORS,
  ...POINTS_ERRORS,
  ...REDEEM_ERRORS,
  ...BARGAIN_ERRORS,
  ...ZONE_ERRORS,
  ...GAME_ERRORS,
  ...CARDS_ERRORS,
  ...DRAW_ERRORS,
  ...FARM_ERRORS,
  ...MEDICINE_ERRORS,
  ...GODDESS_ERRORS,
  ...CONSOLE_ERRORS,
  ...CONSOLE_ORDER_ERRORS,
  ...CATALOGUE_ERRORS,
  ...CHAT_DESK_ERRORS,
  ...WECHAT_ERRORS,
} as const satisfies ErrorTable;

export type ErrorId = keyof typeof ERRORS;

/** Fills `{name}` placeholders of a catalogue msg. */
export function formatErrorMsg(id: ErrorId, params?: Record<string, string | number>): string {
  const template: string = ERRORS[id].msg;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, key: string) =>
    key in params ? String(params[key]) : whole,
  );
}
