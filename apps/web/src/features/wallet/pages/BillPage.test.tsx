import type { BillRow, BillPage as Page } from '@chaopin/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import BillPage from './BillPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

const rows: BillRow[] = [
  {
    id: 3,
    account: 'balance',
    kind: 'refund',
    title: '售后退款',
    amount: 1990,
    orderNo: 'O202405010001',
    ref: 'R1',
    createdAt: '2024-05-02T08:00:00.000Z',
  },
  {
    id: 2,
    account: 'redPacket',
    kind: 'pay',
    title: '红包抵扣',
    amount: -300,
    orderNo: null,
    ref: 'P1',
    createdAt: '2024-05-01T08:00:00.000Z',
  },
];
const answer = (list: BillRow[]): Page => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 20,
  income: 1990,
  expense: -300,
});

afterEach(() => vi.unstubAllGlobals());

describe('明细', () => {
  it('lists signed amounts, the totals, and the order a row belongs to', async () => {
    fakeApi({ 'wallet/bill': () => answer(rows) });
    renderPage(<BillPage />, PATHS.bill);
    const found = await screen.findAllByTestId('bill-row');
    expect(found).toHaveLength(2);
    const [refund, pay] = found as [HTMLElement, HTMLElement];
    expect(within(refund).getByTestId('bill-amount').textContent).toBe('+¥19.90');
    expect(within(refund).getByTestId('bill-amount').className).toContain('is-in');
    expect(within(pay).getByTestId('bill-amount').textContent).toBe('-¥3.00');
    expect(within(pay).getByTestId('bill-amount').className).toContain('is-out');
    expect(refund.textContent).toContain('余额 · 退款');
    expect(pay.textContent).toContain('红包 · 消费');
    expect(within(pay).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('bill-totals').textContent).toBe('收入¥19.90支出¥3.00');

    fireEvent.click(within(refund).getByRole('link', { name: /O202405010001/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${PATHS.orderInfo}?orderNo=O202405010001`,
      ),
    );
  });

  it('asks again with each filter, and drops the month when cleared', async () => {
    const calls = fakeApi({ 'wallet/bill': () => answer([]) });
    renderPage(<BillPage />, PATHS.bill, `${PATHS.bill}?month=2024-05`);
    await screen.findByText('暂无明细');
    expect(screen.getByTestId('bill-filter-month').textContent).toBe('2024年5月');
    const last = () => calls.at(-1)?.params;
    expect(last()?.get('month')).toBe('2024-05');

    fireEvent.click(within(screen.getByTestId('bill-filter-account')).getByText('红包'));
    await waitFor(() => expect(last()?.get('account')).toBe('redPacket'));
    fireEvent.click(within(screen.getByTestId('bill-filter-kind')).getByText('退款'));
    await waitFor(() => expect(last()?.get('kind')).toBe('refund'));
    expect(last()?.get('month')).toBe('2024-05');
    expect(
      within(screen.getByTestId('bill-filter-kind')).getByText('退款').getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '清除月份' }));
    await waitFor(() => expect(last()?.has('month')).toBe(false));
    expect(screen.getByTestId('bill-filter-month').textContent).toBe('全部月份');
    expect(last()?.get('pageSize')).toBe('20');
  });
});
