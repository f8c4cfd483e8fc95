import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMonth } from '../../../core/format.ts';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { PATHS } from '../../../ui/pageConfig.ts';
import { pointsBillPage, pointsRow } from '../testing/fixtures.ts';
import MyBillPage from './MyBillPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

const ROWS = [
  pointsRow({
    id: 2,
    kind: 'first_order',
    title: '每日首单奖励',
    amount: 20,
    orderNo: 'CP202405070001',
  }),
  pointsRow({ id: 1, title: '积分抵扣', kind: 'spend', amount: -15 }),
];

function open(entry: string = PATHS.integralBill, rows = ROWS) {
  const calls = fakeApi({
    'points/bill': () => pointsBillPage(rows, { earned: 20, spent: -15, balance: 105 }),
  });
  const { router } = renderPage(<MyBillPage />, PATHS.integralBill, entry);
  const last = () => calls.filter((c) => c.path === 'points/bill').at(-1)?.params;
  return { router, last };
}

describe('积分明细', () => {
  it('lists signed, coloured amounts, the totals and the order a row came from', async () => {
    open();
    const rows = await screen.findAllByTestId('points-row');
    expect(rows).toHaveLength(2);
    const [earned, spent] = rows as [HTMLElement, HTMLElement];
    expect(within(earned).getByTestId('points-amount').textContent).toBe('+20');
    expect(within(earned).getByTestId('points-amount').className).toContain('is-in');
    expect(within(spent).getByTestId('points-amount').textContent).toBe('-15');
    expect(within(spent).getByTestId('points-amount').className).toContain('is-out');
    expect(earned.textContent).toContain('每日首单奖励');
    // 01:00 UTC is 09:00 in China, the time every page shows.
    expect(earned.textContent).toContain('2024-05-07 09:00:00');
    expect(within(spent).queryByRole('link')).toBeNull();
    expect(screen.getByTestId('points-totals').textContent).toBe('获得20使用15');
    expect(screen.getByTestId('points-bill-balance').textContent).toBe('105');

    fireEvent.click(within(earned).getByRole('link', { name: /CP202405070001/ }));
    await waitFor(() =>
      expect(screen.getByTestId('where').textContent).toBe(
        `${PATHS.orderInfo}?orderNo=CP202405070001`,
      ),
    );
  });

  it('keeps the month in the address: read, changed by a chip, dropped when cleared', async () => {
    const { router, last } = open(`${PATHS.integralBill}?month=2024-05`);
    await screen.findAllByTestId('points-row');
    expect(last()?.get('month')).toBe('2024-05');
    expect(last()?.get('pageNum')).toBe('1');
    expect(last()?.get('pageSize')).toBe('20');
    expect(screen.getByTestId('points-filter-month').textContent).toBe('2024年5月');

    const thisMonth = formatMonth(Date.now());
    fireEvent.click(within(screen.getByTestId('points-month-chips')).getByText('本月'));
    await waitFor(() => expect(last()?.get('month')).toBe(thisMonth));
    expect(router.state.location.search).toBe(`?month=${thisMonth}`);
    expect(
      within(screen.getByTestId('points-month-chips'))
        .getByText('本月')
        .getAttribute('aria-pressed'),
    ).toBe('true');

    fireEvent.click(screen.getByRole('button', { name: '清除月份' }));
    await waitFor(() => expect(last()?.has('month')).toBe(false));
    expect(router.state.location.search).toBe('');
    expect(screen.getByTestId('points-filter-month').textContent).toBe('全部月份');
  });

  it('a hand-edited month falls back to every month', async () => {
    const { last } = open(`${PATHS.integralBill}?month=2024-13`);
    await screen.findAllByTestId('points-row');
    expect(last()?.has('month')).toBe(false);
  });

  it('says so when a month has nothing', async () => {
    open(`${PATHS.integralBill}?month=2024-01`, []);
    expect(await screen.findByText('暂无积分明细')).toBeTruthy();
    expect(screen.getByText('换个月份试试')).toBeTruthy();
  });
});
