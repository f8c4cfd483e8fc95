import type { MemberPlansData } from '@chaopin/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showSuccess } from '../../../ui/toast.ts';
import { memberIdentity, plans, userIdentity } from '../testing/fixtures.ts';
import MembersPayPage from './MembersPayPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

// jsdom has no scrollIntoView; the pay-password cells call it once they take the focus.
Element.prototype.scrollIntoView ??= () => {};

const data = (identity = userIdentity): MemberPlansData => ({
  plans,
  memberPricePercent: 95,
  identity,
  saved: 1234,
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  sessionStorage.clear();
});

function renderPay(answer: MemberPlansData = data()) {
  let current = answer;
  const calls = fakeApi({
    'member/plans': () => current,
    'account/queryBalance': () => ({ balance: 100_000 }),
    'account/isPayPassword': () => ({ isSet: true, locked: false }),
    'member/buy': () => {
      current = data(memberIdentity);
      return {
        purchaseNo: 'M1',
        status: 'paid',
        memberUntil: memberIdentity.memberUntil,
        cashier: null,
      };
    },
  });
  renderPage(<MembersPayPage />, PATHS.membersPay);
  return calls;
}

describe('开通会员', () => {
  it('shows the plans with their per-day price, the rights and what was saved', async () => {
    renderPay();
    const month = await screen.findByTestId('member-plan-month');
    expect(month.textContent).toContain('月卡');
    expect(month.textContent).toContain('19.00');
    expect(month.textContent).toContain('低至¥0.63/天');
    expect(screen.getByText('全场9.5折')).toBeTruthy();
    expect(screen.getByTestId('member-saved').textContent).toContain('¥12.34');
    expect(screen.getByTestId('member-saved').getAttribute('href')).toBe(PATHS.saveMoney);
    expect(screen.getByTestId('member-identity').textContent).toContain('尚未开通会员');
    // The year card is preselected.
    expect(screen.getByTestId('member-plan-year').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: /立即开通 ¥168.00/ })).toBeTruthy();
  });

  it('pays the chosen plan from the balance with the pay password and a client key', async () => {
    const calls = renderPay();
    fireEvent.click(await screen.findByTestId('member-plan-quarter'));
    expect(screen.getByTestId('member-plan-quarter').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /立即开通 ¥49.00/ }));
    await screen.findByText('开通季卡');
    const cells = document.querySelector('.adm-passcode-input-native-input');
    if (!cells) throw new Error('no pay password input');
    fireEvent.change(cells, { target: { value: '123456' } });

    await waitFor(() => expect(calls.some((c) => c.path === 'member/buy')).toBe(true));
    const buy = calls.find((c) => c.path === 'member/buy');
    expect(buy?.method).toBe('POST');
    expect(buy?.params.get('plan')).toBe('quarter');
    expect(buy?.params.get('payType')).toBe('balance');
    expect(buy?.params.get('password')).toBe('123456');
    expect(buy?.params.get('clientKey')).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('开通成功'));
    // The identity is asked again: the page now offers a renewal.
    await waitFor(() =>
      expect(screen.getByTestId('member-identity').textContent).toContain('2030'),
    );
    expect(screen.getByTestId('member-identity').textContent).toContain('续费从到期日起顺延');
    expect(screen.getByRole('button', { name: /立即续费/ })).toBeTruthy();
  });

  it('opens the sandbox cashier and waits for the purchase to be paid', async () => {
    let polled = 0;
    const calls = fakeApi({
      'member/plans': () => data(),
      'account/queryBalance': () => ({ balance: 0 }),
      'member/buy': () => ({
        purchaseNo: 'M2',
        status: 'pending',
        memberUntil: null,
        cashier: { paymentNo: 'P2', amount: 1900, cashierUrl: 'http://cashier.test/pay?no=P2' },
      }),
      'member/purchase': () => {
        polled += 1;
        return {
          purchaseNo: 'M2',
          status: polled > 1 ? 'paid' : 'pending',
          memberUntil: null,
          cashier: null,
        };
      },
    });
    const open = vi.fn(() => ({}) as Window);
    vi.stubGlobal('open', open);
    renderPage(<MembersPayPage />, PATHS.membersPay);
    fireEvent.click(await screen.findByTestId('member-plan-month'));
    fireEvent.click(screen.getByText('模拟支付（沙箱）'));
    fireEvent.click(screen.getByRole('button', { name: /立即开通 ¥19.00/ }));

    await waitFor(() =>
      expect(open).toHaveBeenCalledWith('http://cashier.test/pay?no=P2', '_blank'),
    );
    const buy = calls.find((c) => c.path === 'member/buy');
    expect(buy?.params.get('payType')).toBe('sandbox');
    expect(buy?.params.get('plan')).toBe('month');
    expect(buy?.params.has('password')).toBe(false);
    expect(await screen.findByRole('status')).toBeTruthy();
    await waitFor(() => expect(showSuccess).toHaveBeenCalledWith('开通成功'), { timeout: 5000 });
    expect(calls.find((c) => c.path === 'member/purchase')?.params.get('purchaseNo')).toBe('M2');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
