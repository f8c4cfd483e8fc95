import type { ErrorTable } from './table.ts';

/** Errors of invoices and the service pages (feedback, contact us, reports, rules, dictionary). */
export const INVOICE_ERRORS = {
  // invoice titles
  INVOICE_TITLE_NOT_FOUND: { status: 404, msg: '发票抬头不存在或已删除' },
  INVOICE_TITLE_TYPE_INVALID: { status: 400, msg: '请选择抬头类型（个人或企业）' },
  INVOICE_TITLE_NAME_INVALID: { status: 400, msg: '请输入1-60个字的发票抬头名称' },
  INVOICE_TITLE_FIELD_INVALID: { status: 400, msg: '开户银行、账号、地址或电话过长' },
  CREDIT_CODE_INVALID: { status: 400, msg: '请输入正确的18位统一社会信用代码' },
  EMAIL_INVALID: { status: 400, msg: '请输入正确的邮箱地址' },
  INVOICE_TITLE_LIMIT: { status: 409, msg: '最多保存20个发票抬头' },

  // invoices
  INVOICE_NOT_FOUND: { status: 404, msg: '发票不存在' },
  INVOICE_ORDER_NOT_FINISHED: { status: 409, msg: '订单确认收货后才能申请开票' },
  INVOICE_EXISTS: { status: 409, msg: '该订单已申请过发票' },
  INVOICE_REFUND_OPEN: { status: 409, msg: '订单有进行中的退款，请退款完成后再申请开票' },
  INVOICE_NOTHING_TO_INVOICE: { status: 409, msg: '订单已全额退款，无需开票' },
  INVOICE_CONTENT_INVALID: { status: 400, msg: '请选择正确的发票内容' },
  INVOICE_NOT_ISSUED: { status: 409, msg: '发票尚未开具，请稍后再试' },
  INVOICE_ALREADY_ISSUED: { status: 409, msg: '发票已开具' },

  // service pages
  DICTIONARY_NOT_FOUND: { status: 404, msg: '字典不存在' },
  RULE_NOT_FOUND: { status: 404, msg: '规则不存在' },
  RULE_INVALID: {
    status: 400,
    msg: '规则编码为小写字母开头的字母、数字或下划线；标题1-60个字；正文1-200段，每段1-2000个字',
  },
  FEEDBACK_TYPE_INVALID: { status: 400, msg: '请选择反馈类型' },
  FEEDBACK_CONTENT_INVALID: { status: 400, msg: '请输入1-500个字的反馈内容' },
  FEEDBACK_IMAGES_INVALID: { status: 400, msg: '最多上传6张图片，且须为本站上传的图片' },
  REPORT_TARGET_INVALID: { status: 400, msg: '举报对象不正确' },
  REPORT_REASON_INVALID: { status: 400, msg: '请选择举报原因' },
  REPORT_DESCRIPTION_INVALID: { status: 400, msg: '举报描述不能超过500个字' },
  REPORT_IMAGES_INVALID: { status: 400, msg: '最多上传6张图片，且须为本站上传的图片' },
  REPORT_DUPLICATE: { status: 409, msg: '您已举报过，我们会尽快处理' },
} as const satisfies ErrorTable;
