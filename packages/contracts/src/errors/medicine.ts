import type { ErrorTable } from './table.ts';

/** Errors of 在线复诊开药: pharmacists, follow-up requests and prescriptions. */
export const MEDICINE_ERRORS = {
  MEDICINE_PHARMACIST_NOT_FOUND: { status: 404, msg: '药师不存在或已停止接诊' },
  MEDICINE_PHARMACIST_INVALID: { status: 400, msg: '请填写正确的药师信息' },
  MEDICINE_PHARMACIST_USER_NOT_FOUND: { status: 404, msg: '药师绑定的用户账号不存在' },
  MEDICINE_PHARMACIST_USER_TAKEN: { status: 409, msg: '该用户账号已绑定其他药师' },
  MEDICINE_PATIENT_NAME_INVALID: { status: 400, msg: '就诊人姓名须为2-20个字' },
  MEDICINE_GENDER_INVALID: { status: 400, msg: '请选择就诊人性别' },
  MEDICINE_AGE_INVALID: { status: 400, msg: '就诊人年龄须为1-120岁' },
  MEDICINE_DIAGNOSIS_INVALID: { status: 400, msg: '请填写线下已确诊的疾病（200字以内）' },
  MEDICINE_DRUGS_INVALID: { status: 400, msg: '所需药品不能超过500字' },
  MEDICINE_DESCRIPTION_INVALID: { status: 400, msg: '病情描述不能超过1000字' },
  MEDICINE_IMAGES_INVALID: { status: 400, msg: '最多上传6张处方或病历图片，请重新上传' },
  MEDICINE_CONSENT_REQUIRED: { status: 400, msg: '请确认已在线下医院确诊，本次为复诊' },
  MEDICINE_OPEN_LIMIT: {
    status: 409,
    msg: '您已有{max}个复诊申请待接诊，请等待药师处理后再提交',
  },
  MEDICINE_VISIT_NOT_FOUND: { status: 404, msg: '复诊申请不存在' },
  MEDICINE_VISIT_STATE: { status: 409, msg: '复诊申请状态已变化，请刷新后重试' },
  MEDICINE_PRESCRIPTION_INVALID: {
    status: 400,
    msg: '请填写正确的处方（在售药品规格各开一行、数量1-99、用法用量）',
  },
  /** Order placement: a 处方药 line with no valid prescription of the buyer covering it. */
  RX_REQUIRED: { status: 409, msg: '处方药需凭有效处方购买' },
  MEDICINE_REJECT_REASON_INVALID: { status: 400, msg: '请填写驳回原因（200字以内）' },
} as const satisfies ErrorTable;
