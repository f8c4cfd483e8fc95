import { describe, expect, it } from 'vitest';
import { cleanParagraphs, isSectionHeading } from './paragraphs.ts';

describe('rule paragraphs', () => {
  it('takes 一、 二、 … openings as headings, as the shopper app does', () => {
    expect(isSectionHeading('一、账号注册与使用')).toBe(true);
    expect(isSectionHeading('十二、其他')).toBe(true);
    expect(isSectionHeading('一、')).toBe(false);
    expect(isSectionHeading('1、账号')).toBe(false);
    expect(isSectionHeading(`一、${'长'.repeat(40)}`)).toBe(false);
    expect(isSectionHeading('用户应当遵守一、二条')).toBe(false);
  });
  it('trims and drops empty paragraphs', () => {
    expect(cleanParagraphs([' a ', '', undefined, 'b'])).toEqual(['a', 'b']);
  });
});
