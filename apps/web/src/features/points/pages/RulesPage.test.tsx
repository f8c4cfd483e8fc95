import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { pointsHome } from '../testing/fixtures.ts';
import RulesPage from './RulesPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

describe('积分规则', () => {
  it('states the configured numbers, not the defaults', async () => {
    fakeApi({
      'points/home': () =>
        pointsHome({ rules: { signIn: 3, streak7Bonus: 21, streak30Bonus: 90, firstOrder: 6 } }),
    });
    renderPage(<RulesPage />, PATHS.integralRule);
    expect((await screen.findByTestId('rule-sign-in')).textContent).toBe('3');
    expect(screen.getByTestId('rule-streak7').textContent).toBe('21');
    expect(screen.getByTestId('rule-streak30').textContent).toBe('90');
    expect(screen.getByTestId('rule-first-order').textContent).toBe('6');
  });
});
