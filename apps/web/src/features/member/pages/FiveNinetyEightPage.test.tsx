import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { promoterIdentity, rules, upgradeData, userIdentity } from '../testing/fixtures.ts';
import FiveNinetyEightPage from './FiveNinetyEightPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('598礼包升级', () => {
  it('shows the package and the commission rates, and buys it through 确认订单', async () => {
    fakeApi({
      'promotion/upgrade': () => upgradeData(userIdentity),
      'promotion/rules': () => rules,
    });
    renderPage(<FiveNinetyEightPage />, PATHS.fiveNinetyEight);
    const card = await screen.findByTestId('gift-package');
    expect(card.textContent).toContain('598升级礼包');
    expect(card.textContent).toContain('598.00');
    expect(await screen.findByText(/实付的10%佣金/)).toBeTruthy();
    expect(screen.getByText(/再得5%佣金/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即购买' }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(`${PATHS.writeOrder}?items=71*1`),
    );
  });

  it('a promoter is told so and offered 推广中心 instead of the purchase', async () => {
    fakeApi({
      'promotion/upgrade': () => upgradeData(promoterIdentity),
      'promotion/rules': () => rules,
    });
    renderPage(<FiveNinetyEightPage />, PATHS.fiveNinetyEight);
    expect((await screen.findByTestId('gift-done')).textContent).toContain('您已是推广员');
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });
});
