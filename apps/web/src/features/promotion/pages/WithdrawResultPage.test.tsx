import type { Withdrawal } from '@chaopin/contracts';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { WITHDRAW_POLL_MS } from '../api.ts';
import WithdrawResultPage from './WithdrawResultPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const TEXT = { pending: '审核中', paying: '打款中', succeeded: '提现成功', rejected: '已驳回' };
const withdrawal = (state: keyof typeof TEXT, over: Partial<Withdrawal> = {}): Withdrawal => ({
  withdrawNo: 'W1',
  amount: 10_000,
  fee: 60,
  net: 9940,
  account: '13800000000',
  state,
  stateText: TEXT[state],
  rejectReason: null,
  createdAt: '2024-05-01T08:00:00.000Z',
  finishedAt: state === 'succeeded' || state === 'rejected' ? '2024-05-01T09:00:00.000Z' : null,
  ...over,
});

const entry = `${PATHS.successfulWithdrawals}?withdrawNo=W1`;

describe('提现结果', () => {
  it('asks again every 3 s while the platform moves it, and stops once paid', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers = [withdrawal('pending'), withdrawal('paying'), withdrawal('succeeded')];
    const calls = fakeApi({ 'withdraw/detail': () => answers.shift() ?? withdrawal('succeeded') });
    renderPage(<WithdrawResultPage />, PATHS.successfulWithdrawals, entry);
    const asked = () => calls.filter((c) => c.path === 'withdraw/detail').length;

    expect((await screen.findByTestId('withdraw-state')).textContent).toBe('审核中');
    expect(calls[0]?.params.get('withdrawNo')).toBe('W1');
    expect(screen.getByText('平台审核通过后将打款到您的支付宝账号')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(WITHDRAW_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('withdraw-state').textContent).toBe('打款中'));
    await act(() => vi.advanceTimersByTimeAsync(WITHDRAW_POLL_MS));
    await waitFor(() => expect(screen.getByTestId('withdraw-state').textContent).toBe('提现成功'));
    expect(screen.getByText('¥99.40 已打款到您的支付宝账号')).toBeTruthy();
    expect(screen.getByText('完成时间')).toBeTruthy();

    const done = asked();
    await act(() => vi.advanceTimersByTimeAsync(WITHDRAW_POLL_MS * 3));
    expect(asked()).toBe(done);
  });

  it('says why it was rejected and goes back to 推广中心', async () => {
    fakeApi({
      'withdraw/detail': () => withdrawal('rejected', { rejectReason: '账号与实名不符' }),
    });
    renderPage(<WithdrawResultPage />, PATHS.successfulWithdrawals, entry);
    expect((await screen.findByTestId('withdraw-state')).textContent).toBe('已驳回');
    expect(screen.getByTestId('withdraw-result').textContent).toContain('驳回原因：账号与实名不符');
    expect(screen.getByText('审核驳回')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '返回推广中心' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(PATHS.myExtension));
  });
});
