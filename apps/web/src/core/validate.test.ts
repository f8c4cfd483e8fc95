import { describe, expect, it } from 'vitest';
import { formatCount, formatPrice, maskPhone } from './format.ts';
import { checkPassword, checkPhone, isValidIdCard } from './validate.ts';

describe('validation', () => {
  it('accepts the SPEC phone prefixes only', () => {
    expect(checkPhone('13912345678')).toBeNull();
    expect(checkPhone('19912345678')).toBeNull();
    expect(checkPhone('16612345678')).toBeNull();
    expect(checkPhone('12012345678')).not.toBeNull();
    expect(checkPhone('16512345678')).not.toBeNull();
    expect(checkPhone('1391234567')).not.toBeNull();
  });

  it('checks the GB 11643 check digit and birth date', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('110105194913310028')).toBe(false); // month 13
    expect(isValidIdCard('11010519491231002')).toBe(false);
  });

  it('needs 8-20 characters with letters and digits in a password', () => {
    expect(checkPassword('abc12345')).toBeNull();
    expect(checkPassword('abcdefgh')).not.toBeNull();
    expect(checkPassword('1234567')).not.toBeNull();
  });
});

describe('formatting', () => {
  it('prints integer fen as yuan', () => {
    expect(formatPrice(1290)).toBe('¥12.90');
    expect(formatPrice(5)).toBe('¥0.05');
    expect(formatPrice(100000)).toBe('¥1000.00');
    expect(formatPrice(-250)).toBe('-¥2.50');
  });

  it('shortens counts and masks phones', () => {
    expect(formatCount(9999)).toBe('9999');
    expect(formatCount(12345)).toBe('1.2万');
    expect(maskPhone('13812348000')).toBe('138****8000');
  });
});
