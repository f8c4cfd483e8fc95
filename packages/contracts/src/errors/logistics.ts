import type { ErrorTable } from './table.ts';

/** Errors of logistics and evaluations. */
export const LOGISTICS_ERRORS = {
  LOGISTICS_NOT_SHIPPED: { status: 409, msg: '订单尚未发货，暂无物流信息' },
  EVALUATION_ITEM_NOT_FOUND: { status: 404, msg: '订单中没有该商品' },
  EVALUATION_NOT_ALLOWED: { status: 409, msg: '确认收货后才能评价' },
  EVALUATION_EXISTS: { status: 409, msg: '该商品已经评价过了' },
  EVALUATION_STARS_INVALID: { status: 400, msg: '请为商品打1-5星' },
  EVALUATION_CONTENT_TOO_LONG: { status: 400, msg: '评价内容不能超过500个字' },
  EVALUATION_IMAGES_TOO_MANY: { status: 400, msg: '最多上传9张图片' },
  EVALUATION_IMAGE_INVALID: { status: 400, msg: '图片地址无效，请重新上传' },
} as const satisfies ErrorTable;
