import type { ErrorTable } from './table.ts';

/** Errors of the zones (专区) and the new-user full refund (新人全额返). */
export const ZONE_ERRORS = {
  ZONE_NOT_FOUND: { status: 404, msg: '活动专区不存在或已结束' },
  ZONE_INVALID: { status: 400, msg: '专区信息填写不正确' },
  ZONE_ITEMS_INVALID: { status: 400, msg: '专区商品填写不正确' },
} as const satisfies ErrorTable;
