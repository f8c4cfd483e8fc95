import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { promoRules } from '../../../test/promotionFixtures.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import UserRulePage from './UserRulePage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('推广规则', () => {
  it("keeps the operator's text and adds the configured numbers under it", async () => {
    const calls = fakeApi({
      'common/rule': () => ({
        code: 'promotion',
        title: '推广规则',
        paragraphs: ['一、推广员', '推广员可分享商品赚取佣金。'],
        updatedAt: '2024-05-01T08:00:00.000Z',
      }),
      'promotion/rules': () => promoRules({ selfPurchase: false, bailEnabled: false }),
    });
    renderPage(<UserRulePage />, PATHS.userRule);
    expect(await screen.findByRole('heading', { name: '推广规则' })).toBeTruthy();
    expect(screen.getByText('推广员可分享商品赚取佣金。')).toBeTruthy();
    const facts = (await screen.findByTestId('promo-rule-facts')).textContent ?? '';
    expect(facts).toContain('购买¥598.00礼包');
    expect(facts).not.toContain('保证金');
    expect(facts).toContain('直属成员下单，得实付金额的12%');
    expect(facts).toContain('得实付金额的3%');
    expect(facts).toContain('本人下单不计佣金');
    expect(facts).toContain('注册后2天内可补填邀请码');
    expect(facts).toContain('佣金冻结7天');
    expect(facts).toContain('单笔最低¥20.00，手续费1%，每天最多2次');
    expect(facts).toContain('还清前暂不可提现');
    expect(calls.find((c) => c.path === 'common/rule')?.params.get('code')).toBe('promotion');
  });
});
