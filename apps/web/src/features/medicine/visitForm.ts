import {
  PHONE_REGEX,
  VISIT_AGE_MAX,
  VISIT_AGE_MIN,
  VISIT_DESCRIPTION_MAX,
  VISIT_DIAGNOSIS_MAX,
  VISIT_DRUGS_MAX,
  VISIT_NAME_MAX,
  VISIT_NAME_MIN,
  type VisitGender,
} from '@chaopin/contracts';

/** What the 复诊开药 form holds (text as typed; the server trims and checks again). */
export interface VisitFormValues {
  pharmacistId?: number;
  patientName?: string;
  gender?: VisitGender;
  age?: string;
  phone?: string;
  diagnosis?: string;
  drugs?: string;
  description?: string;
  confirmed?: boolean;
}

const chars = (s: string | undefined) => [...(s ?? '').trim()].length;

/** Each field's check: the Chinese message to show, or undefined when it is fine. */
export const VISIT_CHECKS: {
  [K in keyof Required<VisitFormValues>]: (v: VisitFormValues[K]) => string | undefined;
} = {
  pharmacistId: (v) => (v ? undefined : '请选择接诊药师'),
  patientName: (v) => {
    const n = chars(v);
    if (n === 0) return '请填写就诊人姓名';
    return n < VISIT_NAME_MIN || n > VISIT_NAME_MAX
      ? `就诊人姓名须为${VISIT_NAME_MIN}-${VISIT_NAME_MAX}个字`
      : undefined;
  },
  gender: (v) => (v ? undefined : '请选择就诊人性别'),
  age: (v) => {
    if (!v?.trim()) return '请填写就诊人年龄';
    const n = Number(v);
    return /^\d{1,3}$/.test(v.trim()) && n >= VISIT_AGE_MIN && n <= VISIT_AGE_MAX
      ? undefined
      : `年龄须为${VISIT_AGE_MIN}-${VISIT_AGE_MAX}岁`;
  },
  phone: (v) => {
    if (!v) return '请填写联系电话';
    return PHONE_REGEX.test(v) ? undefined : '请输入正确的手机号';
  },
  diagnosis: (v) => {
    const n = chars(v);
    if (n === 0) return '请填写线下医院已确诊的疾病';
    return n > VISIT_DIAGNOSIS_MAX ? `确诊疾病不能超过${VISIT_DIAGNOSIS_MAX}字` : undefined;
  },
  drugs: (v) => (chars(v) > VISIT_DRUGS_MAX ? `所需药品不能超过${VISIT_DRUGS_MAX}字` : undefined),
  description: (v) =>
    chars(v) > VISIT_DESCRIPTION_MAX ? `病情描述不能超过${VISIT_DESCRIPTION_MAX}字` : undefined,
  confirmed: (v) => (v ? undefined : '请确认已在线下医院确诊，本次为复诊'),
};

/** The first problem of the form, in the order the fields show, or undefined. */
export function firstVisitError(values: VisitFormValues): string | undefined {
  for (const key of Object.keys(VISIT_CHECKS) as (keyof VisitFormValues)[]) {
    const check = VISIT_CHECKS[key] as (v: unknown) => string | undefined;
    const msg = check(values[key]);
    if (msg) return msg;
  }
  return undefined;
}

/** An antd-mobile Form rule running one field's check. */
export function ruleFor<K extends keyof VisitFormValues>(key: K) {
  return {
    validator: (_: unknown, value: VisitFormValues[K]) => {
      const msg = VISIT_CHECKS[key](value);
      return msg ? Promise.reject(new Error(msg)) : Promise.resolve();
    },
  };
}
