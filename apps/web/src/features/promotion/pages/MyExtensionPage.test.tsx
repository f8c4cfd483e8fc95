import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { center, identity } from '../../../test/promotionFixtures.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import MyExtensionPage from './MyExtensionPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

function open(data = center()) {
  fakeApi({ 'promotion/center': () => data });
  renderPage(<MyExtensionPage />, PATHS.myExtension);
}

describe('推广中心', () => {
  it('shows the identity, what can be withdrawn and the earnings, with no banners', async () => {
    open();
    await waitFor(() =>
      expect(screen.getByTestId('center-withdrawable').textContent).toBe('64.00'),
    );
    expect(screen.getByTestId('center-tier').textContent).toBe('推广员');
    expect(screen.getByTestId('center-today').textContent).toBe('1.20');
    expect(screen.getByTestId('center-month').textContent).toBe('34.50');
    expect(screen.getByTestId('center-total').textContent).toBe('128.00');
    expect(screen.getByText('邀请码 AB12CD')).toBeTruthy();
    expect(screen.queryByTestId('debt-banner')).toBeNull();
    expect(screen.queryByTestId('upgrade-banner')).toBeNull();
  });

  it('warns of a debt: later earnings repay it and withdrawal waits until then', async () => {
    open(center({ balance: -2350, withdrawable: 0, debt: 2350 }));
    const banner = await screen.findByTestId('debt-banner');
    expect(banner.textContent).toContain('待还佣金 ¥23.50');
    expect(banner.textContent).toContain('之后的佣金收益将优先抵扣待还金额');
    expect(banner.textContent).toContain('还清前暂不可提现');
  });

  it('offers the upgrade to a user who is not a promoter', async () => {
    open(center({ identity: identity({ isPromoter: false, tierText: '普通用户' }) }));
    const banner = await screen.findByTestId('upgrade-banner');
    expect(banner.getAttribute('href')).toBe(PATHS.upgrade);
  });

  it('提现 opens the withdrawal page and the entries link to their pages', async () => {
    open();
    expect((await screen.findByText('赚钱攻略')).closest('a')?.getAttribute('href')).toBe(
      PATHS.moneyStrategy,
    );
    expect(screen.getByText('推广规则').closest('a')?.getAttribute('href')).toBe(PATHS.userRule);
    expect(screen.getByText('冻结中').closest('a')?.getAttribute('href')).toBe(
      `${PATHS.incomeDetail}?state=frozen`,
    );
    fireEvent.click(screen.getByRole('button', { name: '提现' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PATHS.cashWithdrawal));
  });
});
