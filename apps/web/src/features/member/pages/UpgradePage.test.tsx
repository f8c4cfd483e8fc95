import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess } from '../../../ui/toast.ts';
import { memberIdentity, promoterIdentity, upgradeData } from '../testing/fixtures.ts';
import UpgradePage from './UpgradePage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

// jsdom has no scrollIntoView; the pay-password cells call it once they take the focus.
Element.prototype.scrollIntoView ??= () => {};

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

describe('身份升级', () => {
  it('shows the ladder in order with my tier, and the ways up for a non-promoter', async () => {
    fakeApi({
      'promotion/upgrade': () => upgradeData(memberIdentity),
      'account/queryBalance': () => ({ balance: 100_000 }),
    });
    renderPage(<UpgradePage />, PATHS.upgrade);
    expect((await screen.findByTestId('upgrade-current')).textContent).toBe('会员');
    const steps = screen.getAllByRole('listitem').filter((li) => li.dataset.testid);
    expect(steps.map((li) => li.dataset.testid)).toEqual([
      'upgrade-tier-user',
      'upgrade-tier-member',
      'upgrade-tier-promoter',
      'upgrade-tier-owner',
    ]);
    const mine = screen.getByTestId('upgrade-tier-member');
    expect(mine.className).toContain('is-current');
    expect(mine.getAttribute('aria-current')).toBe('step');
    expect(screen.getByTestId('upgrade-tier-user').className).toContain('is-done');
    expect(screen.getByTestId('upgrade-tier-promoter').textContent).toContain('推广赚佣金');
    expect(screen.getByTestId('upgrade-bail').textContent).toContain('¥299.00');
    expect(screen.queryByTestId('upgrade-done')).toBeNull();

    fireEvent.click(screen.getByTestId('upgrade-598'));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(PATHS.fiveNinetyEight),
    );
  });

  it('pays the deposit from the balance with the pay password', async () => {
    let identity = memberIdentity;
    const calls = fakeApi({
      'promotion/upgrade': () => upgradeData(identity),
      'account/queryBalance': () => ({ balance: 100_000 }),
      'account/isPayPassword': () => ({ isSet: true, locked: false }),
      'promotion/bailPay': () => {
        identity = { ...promoterIdentity, promoterSource: 'bail' };
        return identity;
      },
    });
    renderPage(<UpgradePage />, PATHS.upgrade);
    fireEvent.click(await screen.findByTestId('upgrade-bail'));
    await screen.findByText('缴纳保证金');
    const cells = document.querySelector('.adm-passcode-input-native-input');
    if (!cells) throw new Error('no pay password input');
    fireEvent.change(cells, { target: { value: '654321' } });
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('升级成功'));
    const bail = calls.find((c) => c.path === 'promotion/bailPay');
    expect(bail?.method).toBe('POST');
    expect(bail?.params.get('password')).toBe('654321');
    expect((await screen.findByTestId('upgrade-done')).textContent).toContain('已是推广员');
  });

  it('a promoter sees 已是推广员 and the way to 推广中心 instead of the upgrade', async () => {
    fakeApi({
      'promotion/upgrade': () => upgradeData(promoterIdentity),
      'account/queryBalance': () => ({ balance: 0 }),
    });
    renderPage(<UpgradePage />, PATHS.upgrade);
    expect((await screen.findByTestId('upgrade-done')).textContent).toContain('已是推广员');
    expect(screen.queryByTestId('upgrade-598')).toBeNull();
    expect(screen.queryByTestId('upgrade-bail')).toBeNull();
    expect(screen.getByTestId('upgrade-tier-promoter').className).toContain('is-current');
    fireEvent.click(screen.getByRole('button', { name: '进入推广中心' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PATHS.myExtension));
  });

  it('hides the deposit when the operator has not enabled it', async () => {
    fakeApi({
      'promotion/upgrade': () => ({ ...upgradeData(memberIdentity), bailEnabled: false }),
      'account/queryBalance': () => ({ balance: 0 }),
    });
    renderPage(<UpgradePage />, PATHS.upgrade);
    expect(await screen.findByTestId('upgrade-598')).toBeTruthy();
    expect(screen.queryByTestId('upgrade-bail')).toBeNull();
  });
});
