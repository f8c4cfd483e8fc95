import { describe, expect, it } from 'vitest';
import { firstVisitError, VISIT_CHECKS, type VisitFormValues } from './visitForm.ts';

const good: VisitFormValues = {
  pharmacistId: 1,
  patientName: '张三',
  gender: 'male',
  age: '45',
  phone: '13812345678',
  diagnosis: '原发性高血压',
  drugs: '',
  description: '',
  confirmed: true,
};

describe('复诊开药 form checks', () => {
  it('passes a complete form', () => {
    expect(firstVisitError(good)).toBeUndefined();
  });

  it('answers the Chinese message of the first problem, as the server would refuse it', () => {
    expect(firstVisitError({ ...good, pharmacistId: undefined })).toBe('请选择接诊药师');
    expect(firstVisitError({ ...good, patientName: ' 张 ' })).toBe('就诊人姓名须为2-20个字');
    expect(firstVisitError({ ...good, patientName: '' })).toBe('请填写就诊人姓名');
    expect(firstVisitError({ ...good, gender: undefined })).toBe('请选择就诊人性别');
    expect(firstVisitError({ ...good, age: '0' })).toBe('年龄须为1-120岁');
    expect(firstVisitError({ ...good, age: '121' })).toBe('年龄须为1-120岁');
    expect(firstVisitError({ ...good, age: '4.5' })).toBe('年龄须为1-120岁');
    expect(firstVisitError({ ...good, phone: '12345678901' })).toBe('请输入正确的手机号');
    expect(firstVisitError({ ...good, diagnosis: '  ' })).toBe('请填写线下医院已确诊的疾病');
    expect(firstVisitError({ ...good, diagnosis: '病'.repeat(201) })).toBe('确诊疾病不能超过200字');
    expect(firstVisitError({ ...good, drugs: '药'.repeat(501) })).toBe('所需药品不能超过500字');
    expect(firstVisitError({ ...good, confirmed: false })).toBe(
      '请确认已在线下医院确诊，本次为复诊',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(VISIT_CHECKS.patientName('𠀀𠀀')).toBeUndefined();
  });
});
