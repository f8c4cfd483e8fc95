import { describe, expect, it } from 'vitest';
import { isSectionHeading } from './RuleView.tsx';

describe('rule page headings', () => {
  it('are the short paragraphs that open with 一、 二、 …', () => {
    expect(isSectionHeading('一、账号注册与使用')).toBe(true);
    expect(isSectionHeading('十、联系我们')).toBe(true);
    expect(isSectionHeading('1. 您可使用中国大陆手机号码注册。')).toBe(false);
    expect(isSectionHeading(`一、${'长'.repeat(40)}`)).toBe(false);
    expect(isSectionHeading('欢迎您使用潮品直播！')).toBe(false);
  });
});
