import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderPage } from '../../../test/harness.tsx';
import { commission, incomePage } from '../../../test/promotionFixtures.ts';
import { PATHS } from '../../../ui/pageConfig.ts';
import IncomeDetailPage from './IncomeDetailPage.tsx';

vi.mock('../../../ui/toast.ts', () => ({
  showToast: vi.fn(),
  showSuccess: vi.fn(),
  showLoading: vi.fn(),
  hideToast: vi.fn(),
  preloadToast: vi.fn(),
}));

afterEach(() => vi.unstubAllGlobals());

const ROWS = [
  commission({ id: 2 }),
  commission({
    id: 1,
    level: 2,
    rateBp: 500,
    amount: 995,
    state: 'settled',
    stateText: '已结算',
    settleAt: null,
    buyer: { nickname: '阿强', avatar: '' },
  }),
];

function open(entry: string = PATHS.incomeDetail) {
  const calls = fakeApi({ 'promotion/income': () => incomePage(ROWS, 2985) });
  const { router } = renderPage(<IncomeDetailPage />, PATHS.incomeDetail, entry);
  const last = () => calls.filter((c) => c.path === 'promotion/income').at(-1)?.params;
  return { router, last };
}

describe('收益明细', () => {
  it('lists each commission: buyer, level, goods, base × rate, state and the filtered sum', async () => {
    open();
    const rows = await screen.findAllByTestId('income-row');
    expect(rows).toHaveLength(2);
    const [frozen, settled] = rows as [HTMLElement, HTMLElement];
    expect(frozen.textContent).toContain('小红');
    expect(frozen.textContent).toContain('一级');
    expect(frozen.textContent).toContain('纯棉T恤');
    expect(frozen.textContent).toContain('订单号 CP202405010001');
    expect(frozen.textContent).toContain('¥199.00 × 10%');
    expect(within(frozen).getByTestId('income-amount').textContent).toBe('+¥19.90');
    expect(within(frozen).getByTestId('income-state').textContent).toBe('冻结中');
    // 08:00 UTC is 16:00 in China: the same day, zero-padded.
    expect(frozen.textContent).toContain('预计 2024-05-10 结算');
    expect(settled.textContent).toContain('二级');
    expect(settled.textContent).toContain('¥199.00 × 5%');
    expect(settled.textContent).not.toContain('结算 ');
    expect(screen.getByTestId('income-sum').textContent).toBe('共2笔合计¥29.85');
  });

  it('reads the filters from the address and asks with them', async () => {
    const { last } = open(`${PATHS.incomeDetail}?state=frozen&level=2&month=2024-05`);
    await screen.findAllByTestId('income-row');
    expect(last()?.get('state')).toBe('frozen');
    expect(last()?.get('level')).toBe('2');
    expect(last()?.get('month')).toBe('2024-05');
    expect(screen.getByTestId('income-filter-month').textContent).toBe('2024年5月');
    const pressed = (testId: string, text: string) =>
      within(screen.getByTestId(testId)).getByText(text).getAttribute('aria-pressed');
    expect(pressed('income-filter-state', '冻结中')).toBe('true');
    expect(pressed('income-filter-level', '二级')).toBe('true');
  });

  it('a hand-edited filter falls back to 全部', async () => {
    const { last } = open(`${PATHS.incomeDetail}?state=bogus&level=3&month=2024-13`);
    await screen.findAllByTestId('income-row');
    expect(last()?.get('state')).toBe('all');
    expect(last()?.get('level')).toBe('all');
    expect(last()?.has('month')).toBe(false);
  });

  it('each chip changes the address and the question; clearing the month drops it', async () => {
    const { last, router } = open(`${PATHS.incomeDetail}?month=2024-05`);
    await screen.findAllByTestId('income-row');
    fireEvent.click(within(screen.getByTestId('income-filter-state')).getByText('已结算'));
    await waitFor(() => expect(last()?.get('state')).toBe('settled'));
    expect(router.state.location.search).toBe('?state=settled&month=2024-05');

    fireEvent.click(within(screen.getByTestId('income-filter-level')).getByText('一级'));
    await waitFor(() => expect(last()?.get('level')).toBe('1'));
    expect(router.state.location.search).toBe('?state=settled&level=1&month=2024-05');

    fireEvent.click(screen.getByRole('button', { name: '清除月份' }));
    await waitFor(() => expect(last()?.has('month')).toBe(false));
    expect(router.state.location.search).toBe('?state=settled&level=1');
    expect(screen.getByTestId('income-filter-month').textContent).toBe('全部月份');

    fireEvent.click(within(screen.getByTestId('income-filter-state')).getByText('全部'));
    await waitFor(() => expect(last()?.get('state')).toBe('all'));
    expect(router.state.location.search).toBe('?level=1');
  });
});
