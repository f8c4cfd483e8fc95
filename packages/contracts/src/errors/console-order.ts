import type { ErrorTable } from './table.ts';

/** Errors of the console's order, shipping, after-sales and invoice pages. */
export const CONSOLE_ORDER_ERRORS = {
  CARRIER_UNKNOWN: { status: 400, msg: '快递公司不在支持列表中，请填写快递公司名称或编码' },
  ORDER_ALREADY_SHIPPED: { status: 409, msg: '订单已发货，运单号不同，请核对后再操作' },
  ORDER_ADDRESS_LOCKED: { status: 409, msg: '订单已发货或已关闭，不能再修改收货地址' },
  ORDER_REMARK_INVALID: { status: 400, msg: '商家备注不能超过200个字' },
  ORDER_RANGE_INVALID: { status: 400, msg: '请选择正确的时间范围' },
  SHIP_IMPORT_INVALID: {
    status: 400,
    msg: '请上传 CSV 文件，每行为：订单号,快递公司,快递单号',
  },
  SHIP_IMPORT_EMPTY: { status: 400, msg: '文件中没有要发货的订单' },
  SHIP_IMPORT_TOO_MANY: { status: 400, msg: '每次最多导入{max}行，请分批导入' },
  SHIP_IMPORT_ROW_INVALID: { status: 400, msg: '此行格式不对，应为：订单号,快递公司,快递单号' },
} as const satisfies ErrorTable;
