import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { promoRules } from '../../../test/promotionFixtures.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import WithdrawRulePage from './WithdrawRulePage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('提现规则', () => {
  it('states the configured withdrawal numbers and the debt rule', async () => {
    fakeApi({ 'promotion/rules': () => promoRules() });
    renderPage(<WithdrawRulePage />, PATHS.withdrawRule);
    const text = (await screen.findByTestId('withdraw-rule')).textContent ?? '';
    expect(text).toContain('佣金冻结7天');
    expect(text).toContain('单笔提现最低¥20.00');
    expect(text).toContain('手续费为提现金额的1%');
    expect(text).toContain('每天最多提现2次');
    expect(text).toContain('还清前暂不可提现');
    expect(text).toContain('余额提现暂未开放');
    expect(screen.getByText('《红包使用规则》').getAttribute('href')).toBe(PATHS.redPacketRule);
  });
});
