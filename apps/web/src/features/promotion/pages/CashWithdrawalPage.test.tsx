import type { Withdrawal } from '@chaopin/contracts';
import { CLIENT_KEY_PATTERN } from '@chaopin/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { withdrawInfo } from '../../../test/promotionFixtures.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import { showToast } from '../../../ui/toast.ts';
import CashWithdrawalPage from './CashWithdrawalPage.tsx';

// The sheet is antd's Popup, whose leave animation (react-spring) does not reliably finish under
// jsdom: here a closed sheet is simply gone, so the tests see what the page asks for.
vi.mock('antd-mobile', async (original) => ({
  ...(await original<typeof import('antd-mobile')>()),
  Popup: ({ visible, children }: { visible: boolean; children?: ReactNode }) =>
    visible ? <div className="adm-popup">{children}</div> : null,
}));

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

beforeEach(() => {
  // The pay password cells scroll themselves into view on focus; jsdom has no layout.
  Element.prototype.scrollIntoView = vi.fn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
});

/** Makes one route answer a catalogue error, as the server does, on top of fakeApi's routes. */
function failOnce(path: string, error: string, msg: string) {
  const ok = globalThis.fetch;
  let failed = false;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const response = await ok(input, init);
      if (failed || !String(input).includes(path)) return response;
      failed = true;
      return new Response(JSON.stringify({ code: 429, msg, error, data: null }), { status: 429 });
    }),
  );
}

const withdrawal = (amount: number): Withdrawal => ({
  withdrawNo: 'W202405010001',
  amount,
  fee: Math.floor((amount * 60) / 10_000),
  net: amount - Math.floor((amount * 60) / 10_000),
  account: '13800000000',
  state: 'pending',
  stateText: '审核中',
  rejectReason: null,
  createdAt: '2024-05-01T08:00:00.000Z',
  finishedAt: null,
});

function open(
  info = withdrawInfo(),
  apply: (p: URLSearchParams) => unknown = (p) => withdrawal(Number(p.get('amount'))),
) {
  const calls = fakeApi({
    'withdraw/info': () => info,
    'account/isPayPassword': () => ({ isSet: true, locked: false }),
    'withdraw/apply': apply,
  });
  renderPage(<CashWithdrawalPage />, PATHS.cashWithdrawal);
  return calls;
}

const amountInput = () => screen.getByRole('textbox', { name: '提现金额' }) as HTMLInputElement;
const typePassword = (code: string) => {
  const input = document.querySelector('.adm-passcode-input-native-input');
  if (!input) throw new Error('no pay password sheet');
  fireEvent.change(input, { target: { value: code } });
};

describe('提现', () => {
  it('previews the fee (rounded down to the fen) and what reaches the account', async () => {
    open();
    await screen.findByTestId('withdraw-withdrawable');
    expect(screen.getByTestId('withdraw-withdrawable').textContent).toBe('500.00');
    expect(screen.getByTestId('withdraw-account').textContent).toContain('支付宝 13800000000');
    expect(screen.getByTestId('withdraw-rules').textContent).toContain('单笔最低¥10.00');
    expect(screen.getByTestId('withdraw-rules').textContent).toContain('今日已提现1次');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('¥0.00');

    fireEvent.change(amountInput(), { target: { value: '123.45' } });
    // 12345 fen × 60 bp = 74.07 fen → 74 fen.
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('¥0.74');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('¥122.71');
    expect(screen.getByText('手续费（0.6%）')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '全部提现' }));
    expect(amountInput().value).toBe('500.00');
    expect(screen.getByTestId('withdraw-fee').textContent).toBe('¥3.00');
    expect(screen.getByTestId('withdraw-net').textContent).toBe('¥497.00');
  });

  it('keeps at most two decimals while typing', async () => {
    open();
    await screen.findByTestId('withdraw-withdrawable');
    fireEvent.change(amountInput(), { target: { value: '12.345' } });
    expect(amountInput().value).toBe('12.34');
  });

  it('submits the amount in fen, the pay password and the visit key, then shows the result', async () => {
    const calls = open();
    await screen.findByTestId('withdraw-withdrawable');
    fireEvent.change(amountInput(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await screen.findByTestId('live-pay-password');
    typePassword('123456');

    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${PATHS.successfulWithdrawals}?withdrawNo=W202405010001`,
      ),
    );
    const applied = calls.filter((c) => c.path === 'withdraw/apply');
    expect(applied).toHaveLength(1);
    const body = applied[0]?.params;
    expect(applied[0]?.method).toBe('POST');
    expect(body?.get('amount')).toBe('10000');
    expect(body?.get('password')).toBe('123456');
    expect(body?.get('clientKey')).toMatch(new RegExp(CLIENT_KEY_PATTERN));
  });

  it('sends the same key again after a lost answer', async () => {
    let tries = 0;
    const calls = open(withdrawInfo(), (p) => {
      tries += 1;
      if (tries === 1) throw new Error('lost');
      return withdrawal(Number(p.get('amount')));
    });
    await screen.findByTestId('withdraw-withdrawable');
    fireEvent.change(amountInput(), { target: { value: '20' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await screen.findByTestId('live-pay-password');
    typePassword('123456');
    await waitFor(() => expect(showToast).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await screen.findByTestId('live-pay-password');
    typePassword('654321');
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toContain(PATHS.successfulWithdrawals),
    );
    const keys = calls
      .filter((c) => c.path === 'withdraw/apply')
      .map((c) => c.params.get('clientKey'));
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);
  });

  it("shows the server's refusal and closes the password sheet", async () => {
    const calls = open();
    failOnce('withdraw/apply', 'WITHDRAW_DAILY_LIMIT', '每天最多提现3次，请明天再来');
    await screen.findByTestId('withdraw-withdrawable');
    fireEvent.change(amountInput(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await screen.findByTestId('live-pay-password');
    typePassword('123456');
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('每天最多提现3次，请明天再来'));
    await waitFor(() => expect(screen.queryByTestId('live-pay-password')).toBeNull());
    expect(calls.filter((c) => c.path === 'withdraw/apply')).toHaveLength(1);
    expect(screen.queryByTestId('where')).toBeNull();
  });

  it('refuses below the minimum before asking for the password', async () => {
    const calls = open();
    await screen.findByTestId('withdraw-withdrawable');
    fireEvent.change(amountInput(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(showToast).toHaveBeenCalledWith('单笔提现金额不能低于¥10.00'));
    expect(calls.some((c) => c.path === 'account/isPayPassword')).toBe(false);
  });

  it('blocks withdrawal while a debt is owed, and explains it', async () => {
    open(withdrawInfo({ withdrawable: 0, debt: 800 }));
    expect((await screen.findByTestId('debt-banner')).textContent).toContain('待还佣金 ¥8.00');
    expect((screen.getByRole('button', { name: '确认提现' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });

  it('sends a user without an account to bind one', async () => {
    open(
      withdrawInfo({
        account: { account: null, realName: null, boundAt: null, realNameVerified: true },
      }),
    );
    expect((await screen.findByTestId('withdraw-account')).textContent).toContain('绑定支付宝账号');
    fireEvent.change(amountInput(), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '确认提现' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PATHS.alipayNumber));
  });
});
